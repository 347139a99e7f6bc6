import Switchyard

extension Policy {
    /// Passes when every policy passes; runs them in order and stops at the first failure, whose
    /// response it returns, or the first decline, which it returns (later policies do not run).
    /// No policies: passes.
    ///
    /// ```swift
    /// let strict = Policy.all([SourcePolicies.allowList(["com.example.companion"]), signedIn])
    /// ```
    public static func all(_ policies: [Policy], name: String? = nil) -> Policy {
        Policy(name ?? "all(\(policies.map(\.name).joined(separator: ", ")))") { request in
            for policy in policies {
                let result = try await policy.evaluate(request)
                if case .verified = result { continue }
                return result
            }
            return .verified
        }
    }

    /// Passes when one policy passes; runs them in order and stops at the first that passes. When
    /// none passes, returns the first verdict that was not a pass (a failure's response, or a
    /// decline); no policies at all fail with ``Status/forbidden``. An error thrown by a policy
    /// ends the check (a thrown error never counts as a pass).
    ///
    /// ```swift
    /// let ownerOrAdmin = Policy.any([isOwner, isAdmin])
    /// ```
    public static func any(_ policies: [Policy], name: String? = nil) -> Policy {
        Policy(name ?? "any(\(policies.map(\.name).joined(separator: ", ")))") { request in
            var firstRefusal: PolicyResult?
            for policy in policies {
                let result = try await policy.evaluate(request)
                if case .verified = result { return .verified }
                firstRefusal = firstRefusal ?? result
            }
            if let firstRefusal { return firstRefusal }
            return .failed(.failure(request, .forbidden, "no policy to pass"))
        }
    }

    /// Passes when `policy` fails, and fails with `status` when it passes. A decline stays a
    /// decline, and an error thrown by `policy` is rethrown: neither is turned into a pass.
    ///
    /// ```swift
    /// let signedOutOnly = Policy.not(signedIn)        // for the sign-in route itself
    /// ```
    public static func not(_ policy: Policy, status: Status = .forbidden, name: String? = nil) -> Policy {
        Policy(name ?? "not(\(policy.name))") { request in
            switch try await policy.evaluate(request) {
            case .verified: return .failed(.failure(request, status, "policy '\(policy.name)' passed"))
            case .failed: return .verified
            case .declined: return .declined
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
