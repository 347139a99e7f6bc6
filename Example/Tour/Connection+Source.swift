import Switchyard

extension Connection {
    /// Sends `url` as `source` would: in-app with ``Switchyard/Connection/send(_:data:router:trusted:)``,
    /// from another app with ``Switchyard/Connection/send(fromPublicURL:sourceApplication:router:)-(String,_,_)``,
    /// from a message body with ``Switchyard/Connection/send(contentLink:data:router:)``.
    /// A real app calls the form that fits where the URL came from; the tour and the command line
    /// pick one per row.
    static func send(_ url: String, from source: Source, router: Router) async -> Response {
        switch source {
        case .app:
            await send(url, router: router)
        case .external(let sourceApplication):
            await send(fromPublicURL: url, sourceApplication: sourceApplication, router: router)
        case .content:
            await send(contentLink: url, router: router)
        }
    }

    /// Sends `url` as `source` would and returns every answer of its chain, where `send` returns
    /// the last (see ``Switchyard/Connection/sendAll(_:data:router:trusted:)``).
    static func sendAll(_ url: String, from source: Source, router: Router) async -> [Response] {
        switch source {
        case .app:
            await sendAll(url, router: router)
        case .external(let sourceApplication):
            await sendAll(fromPublicURL: url, sourceApplication: sourceApplication, router: router)
        case .content:
            await sendAll(contentLink: url, router: router)
        }
    }

    /// Sends `url` as `source` would and returns the navigation stack it opens, root first, the
    /// link's own answer last (see ``Switchyard/Connection/sendStack(_:data:router:trusted:)``).
    static func sendStack(_ url: String, from source: Source, router: Router) async -> [Response] {
        switch source {
        case .app:
            await sendStack(url, router: router)
        case .external(let sourceApplication):
            await sendStack(fromPublicURL: url, sourceApplication: sourceApplication, router: router)
        case .content:
            await sendStack(contentLink: url, router: router)
        }
    }
}
