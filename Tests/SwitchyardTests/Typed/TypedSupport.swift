import Foundation
import Testing

@testable import Switchyard

/// Types and helpers shared by the typed-request suites: `Request.decode(_:)` and
/// typed reverse routing. An enum, so that nothing clashes with other suites' names.
enum Typed {
    /// A `String`-backed enum. Its raw values include ones a path segment cannot hold as they are
    /// (`a/b`, a space) or at all (`""`).
    enum Folder: String, Codable, Equatable, Sendable, CaseIterable {
        case news, mail
        case archive = "a/b"
        case sentItems = "sent items"
        case accent = "é"
        case unnamed = ""
    }

    /// An `Int`-backed enum, negative raw value included.
    enum Level: Int, Codable, Equatable, Sendable, CaseIterable {
        case low = -1
        case zero = 0
        case two = 2
        case high = 300
    }

    /// An app's own scalar: `LosslessStringConvertible` and `Codable`. Its synthesized `Codable`
    /// conformance is keyed (`{"degrees": 21}`), which a link cannot carry, so typed requests must
    /// read and write it as its description (`21C`).
    struct Celsius: LosslessStringConvertible, Codable, Equatable, Sendable {
        let degrees: Int

        init(degrees: Int) {
            self.degrees = degrees
        }

        init?(_ description: String) {
            guard description.hasSuffix("C"), let degrees = Int(description.dropLast()) else { return nil }
            self.degrees = degrees
        }

        var description: String { "\(degrees)C" }
    }

    /// A link with one property, `value`: how every scalar case is read.
    struct One<T: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
        let value: T
    }

    /// A controller that decodes `T` and answers 200 with it under `"value"`; a decoding error
    /// becomes the response, as any thrown error does.
    static func decoding<T: Decodable & Sendable>(_ type: T.Type) -> Controller {
        { request in Response(request: request, data: ["value": try request.decode(T.self)]) }
    }

    /// A controller that decodes `T` and answers 200 with the ``RoutingError`` `decode` threw under
    /// `"caught"` (or `"none"`): how a test sees the error of an external request, whose error
    /// responses carry nothing.
    static func catching<T: Decodable & Sendable>(_ type: T.Type) -> Controller {
        { request in
            do {
                _ = try request.decode(T.self)
                return Response(request: request, data: ["caught": "none"])
            } catch let error as RoutingError {
                return Response(request: request, data: ["caught": error])
            }
        }
    }

    /// A router of public routes that all decode `T`.
    static func router<T: Decodable & Sendable>(
        _ patterns: [String], decoding type: T.Type, configuration: Router.Configuration = .init()
    ) throws -> Router {
        try Router(
            routes: patterns.map { Route($0, isPublic: true, controller: decoding(T.self)) },
            configuration: configuration)
    }

    /// Sends `url` in-app and from another app: the two responses.
    static func sendBoth(_ url: String, router: Router) async -> (app: Response, external: Response) {
        let app = await Connection.send(url, router: router)
        let external = await Connection.send(
            fromPublicURL: url, sourceApplication: "com.example.other", router: router)
        return (app, external)
    }

    /// The `RoutingError` that `body` throws, or nil when it returns.
    static func error<T>(_ body: () throws -> T) -> RoutingError? {
        Routing.routingError(body)
    }
}
