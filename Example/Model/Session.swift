/// Who is signed in, and the features they turned on. An actor, because sends run concurrently
/// and the sign-in and Labs routes change it.
///
/// The router does not read the session directly: ``MailMiddlewares/session(_:)`` copies the
/// account and the flags into each request's data, and policies and controllers read them from
/// there (``Switchyard/Request/account``, ``Switchyard/Request/featureFlags``). That keeps every
/// stage a function of its request.
actor Session {
    private(set) var account: String?
    private(set) var featureFlags: Set<FeatureFlag>
    /// Where incoming mail is forwarded, from Settings → Forwarding; `nil` keeps it here.
    private(set) var forwardingAddress: String?

    /// Creates a session, signed out unless `account` is given, with `featureFlags` on.
    init(account: String? = nil, featureFlags: Set<FeatureFlag> = []) {
        self.account = account
        self.featureFlags = featureFlags
    }

    func signIn(as account: String) {
        self.account = account
    }

    /// Forwards incoming mail to `address`, from Settings → Forwarding: what a link written by
    /// someone else must never reach.
    func forward(to address: String) {
        forwardingAddress = address
    }

    /// Turns `flag` on or off, from Settings → Labs.
    func set(_ flag: FeatureFlag, isOn: Bool) {
        if isOn {
            featureFlags.insert(flag)
        } else {
            featureFlags.remove(flag)
        }
    }
}
