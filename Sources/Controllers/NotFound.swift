import Switchyard

/// Controllers that answer ``Status/notFound``.
public enum NotFound {
    /// Answers 404 with no data, like a URL that matches no route.
    ///
    /// ```swift
    /// Route("/labs/*rest", isPublic: true, controller: NotFound.controller)   // retired feature
    /// ```
    public static let controller: Controller = { request in Response(request: request, status: .notFound) }

    /// Answers 404 with `data`, for example to choose a screen; also fits
    /// `Router.Configuration(notFound:)`.
    ///
    /// ```swift
    /// Router.Configuration(schemes: ["mailapp"], notFound: NotFound.controller(data: ["screen": "missing"]))
    /// ```
    public static func controller(data: [String: any Sendable]) -> Controller {
        { request in Response(request: request, status: .notFound, data: data) }
    }
}
