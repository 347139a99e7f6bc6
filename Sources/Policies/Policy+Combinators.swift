import Switchyard

extension Policy {
    /// Passes when every policy passes; runs them in order and stops at the first failure, whose
    /// response it returns (later policies do not run). No policies: passes.
    ///
    /// ```swift
    /// let strict = Policy.all([SourcePolicies.allowList(["com.example.companion"]), signedIn])
    /// ```
    public static func all(_ policies: [Policy], name: String? = nil) -> Policy {
        Policy(name ?? "all(\(policies.map(\.name).joined(separator: ", ")))") { request in
            for policy in policies {
                if case .failed(let response) = try await policy.evaluate(request) {
                    return .failed(response)
                }
            }
            return .verified
        }
    }

    /// Passes when one policy passes; runs them in order and stops at the first that passes. When
    /// all fail, returns the first failure's response; no policies at all fail with
    /// ``Status/forbidden``. An error thrown by a policy ends the check (a thrown error
    /// never counts as a pass).
    ///
    /// ```swift
    /// let ownerOrAdmin = Policy.any([isOwner, isAdmin])
    /// ```
    public static func any(_ policies: [Policy], name: String? = nil) -> Policy {
        Policy(name ?? "any(\(policies.map(\.name).joined(separator: ", ")))") { request in
            var firstFailure: Response?
            for policy in policies {
                switch try await policy.evaluate(request) {
                case .verified: return .verified
                case .failed(let response): firstFailure = firstFailure ?? response
                }
            }
            if let firstFailure { return .failed(firstFailure) }
            return PolicyFailure.failed(request, .forbidden, "no policy to pass")
        }
    }

    /// Passes when `policy` fails, and fails with `status` when it passes. An error thrown by
    /// `policy` is rethrown, never turned into a pass.
    ///
    /// ```swift
    /// let signedOutOnly = Policy.not(signedIn)        // for the sign-in route itself
    /// ```
    public static func not(_ policy: Policy, status: Status = .forbidden, name: String? = nil) -> Policy {
        Policy(name ?? "not(\(policy.name))") { request in
            switch try await policy.evaluate(request) {
            case .verified: return PolicyFailure.failed(request, status, "policy '\(policy.name)' passed")
            case .failed: return .verified
            }
        }
    }

    /// The same check under another name, for `skipping:` and route tables.
    ///
    /// ```swift
    /// let appLimit = RateLimit.perSourceApplication(capacity: 5, refillEvery: .seconds(1)).named("appLimit")
    /// ```
    public func named(_ name: String) -> Policy {
        Policy(name) { request in try await evaluate(request) }
    }
}
