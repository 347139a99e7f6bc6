/// Who is signed in. An actor, because sends run concurrently and the sign-in route changes it.
///
/// The router does not read the session directly: ``MailMiddlewares/session(_:)`` copies the
/// account into each request's data, and policies and controllers read it from there
/// (``Switchyard/Request/account``). That keeps every stage a function of its request.
actor Session {
    private(set) var account: String?

    /// Creates a session, signed out unless `account` is given.
    init(account: String? = nil) {
        self.account = account
    }

    func signIn(as account: String) {
        self.account = account
    }
}
