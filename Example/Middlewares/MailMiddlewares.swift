import Switchyard
import SwitchyardMiddlewares

/// The middlewares every mail route runs, in order, before any policy.
enum MailMiddlewares {
    /// Router-wide middlewares: App Links first (so later stages can read
    /// ``SwitchyardMiddlewares/AppLink``), then the session.
    static func all(session: Session) -> [Middleware] {
        [AppLinks.parser, Self.session(session)]
    }

    /// Copies the signed-in account into the request data under ``Request/accountKey``, and the
    /// feature flags that are on under ``Request/featureFlagsKey``.
    ///
    /// It runs again for each candidate a URL tries (a route that declines starts the next one
    /// from the request as the router built it), so keep it cheap: two reads of an actor.
    static func session(_ session: Session) -> Middleware {
        Middleware("session") { request in
            var data: [String: any Sendable] = [:]
            if let account = await session.account { data[Request.accountKey] = account }
            let flags = await session.featureFlags
            if !flags.isEmpty { data[Request.featureFlagsKey] = flags }
            return data.isEmpty ? request : request.adding(data)
        }
    }
}

extension Request {
    /// The data key under which ``MailMiddlewares/session(_:)`` stores the account.
    static let accountKey = "account"
    /// The data key under which ``MailMiddlewares/session(_:)`` stores the flags that are on.
    static let featureFlagsKey = "featureFlags"

    /// The signed-in account, once ``MailMiddlewares/session(_:)`` ran.
    var account: String? { data[Self.accountKey] as? String }

    /// The feature flags that are on, once ``MailMiddlewares/session(_:)`` ran.
    var featureFlags: Set<FeatureFlag> { data[Self.featureFlagsKey] as? Set<FeatureFlag> ?? [] }
}
