import Testing

@testable import Switchyard

/// Helpers shared by the routing suites; an enum so that nothing clashes with other suites' names.
enum Routing {
    /// A public route answering with its pattern: `route(_:…)` of `Support/TestRouter.swift`,
    /// spelled `Routing.route` so that suites with a local `route` can still reach it.
    static func route(
        _ pattern: String, name: String? = nil, isPublic: Bool = true, priority: Int = 0,
        constraints: [String: Constraint] = [:]
    ) -> Route {
        SwitchyardTests.route(
            pattern, name: name, isPublic: isPublic, priority: priority, constraints: constraints)
    }

    /// The error `Router.init` throws, or nil when it accepts the table (its typed throws make
    /// every table mistake a `RouteTableError`).
    static func tableError(
        _ routes: [Route], rewrites: [Rewrite] = [], configuration: Router.Configuration = .init()
    ) -> RouteTableError? {
        do {
            _ = try Router(rewrites: rewrites, routes: routes, configuration: configuration)
            return nil
        } catch {
            return error
        }
    }

    /// The `RoutingError` that `body` throws, or nil when it returns.
    static func routingError<T>(_ body: () throws -> T) -> RoutingError? {
        do {
            _ = try body()
            return nil
        } catch let error as RoutingError {
            return error
        } catch {
            Issue.record("threw \(error), not a RoutingError")
            return nil
        }
    }

    /// The parameters as a dictionary of UTF-8 bytes: `String`'s `==` would let an NFD value
    /// pass for an NFC one, and routing must tell them apart.
    static func bytes(_ parameters: Parameters) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for (name, value) in parameters { result[name] = Array(value.utf8) }
        return result
    }

    /// The parameters as a dictionary, for tables that write values as text.
    static func strings(_ parameters: Parameters) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in parameters { result[name] = value }
        return result
    }

    /// ``bytes(_:)`` of a plain dictionary.
    static func bytes(_ values: [String: String]) -> [String: [UInt8]] {
        values.mapValues { Array($0.utf8) }
    }
}
