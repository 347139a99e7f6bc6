import Switchyard
import SwitchyardMiddlewares

/// The middlewares every mail route runs, in order, before any policy.
enum MailMiddlewares {
    /// Router-wide middlewares: App Links first (so later stages can read
    /// ``SwitchyardMiddlewares/AppLink``), then the session.
    static func all(session: Session) -> [Middleware] {
        [AppLinks.parser, Self.session(session)]
    }

    /// Copies the signed-in account into the request data under ``Request/accountKey``.
    static func session(_ session: Session) -> Middleware {
        Middleware("session") { request in
            guard let account = await session.account else { return request }
            return request.adding([Request.accountKey: account])
        }
    }
}

extension Request {
    /// The data key under which ``MailMiddlewares/session(_:)`` stores the account.
    static let accountKey = "account"

    /// The signed-in account, once ``MailMiddlewares/session(_:)`` ran.
    var account: String? { data[Self.accountKey] as? String }
}
