import Switchyard

/// Policies that check path parameters and query items; a failure is
/// ``Status/badRequest`` and the controller does not run.
///
/// ```swift
/// Route("/search", policies: [
///     ParameterPolicies.requireQuery("q"),
///     ParameterPolicies.validateQuery("page", .int),
/// ], controller: SearchController.show)
/// ```
///
/// Constraints run on decoded values, as in patterns.
public enum ParameterPolicies {
    /// Requires a path parameter (useful with optional parts such as `/photos(/:id)`), which,
    /// when a constraint is given, must meet it.
    ///
    /// ```swift
    /// ParameterPolicies.require("id", .int)
    /// ```
    public static func require(_ name: String, _ constraint: Constraint? = nil) -> Policy {
        Policy("require(\(name))") { request in
            guard let value = request.params[name] else {
                return .failed(.failure(request, .badRequest, "missing parameter '\(name)'"))
            }
            if let constraint, !constraint.accepts(value[...]) {
                return .failed(
                    .failure(
                        request, .badRequest, "parameter '\(name)' does not meet \(constraint.name)"))
            }
            return .verified
        }
    }

    /// Requires at least one query item `name`; with a constraint, every value of `name` must meet it.
    ///
    /// ```swift
    /// ParameterPolicies.requireQuery("token", .alnum)
    /// ```
    public static func requireQuery(_ name: String, _ constraint: Constraint? = nil) -> Policy {
        Policy("requireQuery(\(name))") { request in
            let values = request.query.values(name)
            guard !values.isEmpty else {
                return .failed(.failure(request, .badRequest, "missing query item '\(name)'"))
            }
            return check(values, of: name, against: constraint, request)
        }
    }

    /// Lets the query item `name` be absent, but every value it has must meet `constraint`.
    ///
    /// ```swift
    /// ParameterPolicies.validateQuery("page", .int)   // "?page=2" and "" pass, "?page=two" fails
    /// ```
    public static func validateQuery(_ name: String, _ constraint: Constraint) -> Policy {
        Policy("validateQuery(\(name))") { request in
            check(request.query.values(name), of: name, against: constraint, request)
        }
    }

    private static func check(
        _ values: [String], of name: String, against constraint: Constraint?, _ request: Request
    ) -> PolicyResult {
        guard let constraint else { return .verified }
        for value in values where !constraint.accepts(value[...]) {
            return .failed(
                .failure(
                    request, .badRequest, "query item '\(name)' does not meet \(constraint.name)"))
        }
        return .verified
    }
}
