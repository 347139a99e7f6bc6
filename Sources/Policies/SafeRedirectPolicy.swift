import Switchyard

/// Policies for URL-valued parameters a controller will redirect to or open: the value must point
/// to an allow-listed scheme and host, so a link cannot send the user somewhere else (an open
/// redirect).
///
/// ```swift
/// Route("/sign-in", isPublic: true, policies: [
///     SafeRedirectPolicy.queryItem("next", schemes: ["https"], hosts: ["mail.example.com"],
///                                  allowsRelative: true),
/// ], controller: SignInController.show)
/// ```
///
/// An absent value passes (require it with `ParameterPolicies`); every value of a repeated query
/// item must be safe. A failure is ``Status/badRequest``.
///
/// **External requests** are held to more: the value must also reach, from outside, a public
/// route of the router the request runs on, and the very same route when sent in-app (a dry run
/// of each; no stage runs). So `/sign-in?next=/settings/labs/…`, opened by another app or a web
/// page, fails when `/settings/labs/…` is private, and so does a `next` that a private route
/// would take in-app where a public one answers it from outside. The check lowers the stakes of a
/// mistake; the rule stays: never send a URL read from a request in-app (resume an
/// ``InterruptedLink`` instead). In-app requests get the scheme and host checks only.
public enum SafeRedirectPolicy {
    /// Checks the decoded path parameter `name` with ``isAllowed(_:schemes:hosts:allowsRelative:)``,
    /// and, in an external request, that it reaches a public route from outside (see above).
    public static func parameter(
        _ name: String, schemes: Set<String>, hosts: Set<String>, allowsRelative: Bool = false
    ) -> Policy {
        let target = RedirectTarget(schemes: schemes, hosts: hosts, allowsRelative: allowsRelative)
        return Policy("safeRedirect(\(name))") { request in
            guard let value = request.params[name] else { return .verified }
            guard let refusal = refusal(of: value, target, for: request) else { return .verified }
            return .failed(.failure(request, .badRequest, "parameter '\(name)' \(refusal)"))
        }
    }

    /// Checks every decoded value of the query item `name` with
    /// ``isAllowed(_:schemes:hosts:allowsRelative:)``, and, in an external request, that each
    /// reaches a public route from outside (see above).
    public static func queryItem(
        _ name: String, schemes: Set<String>, hosts: Set<String>, allowsRelative: Bool = false
    ) -> Policy {
        let target = RedirectTarget(schemes: schemes, hosts: hosts, allowsRelative: allowsRelative)
        return Policy("safeRedirect(\(name))") { request in
            for value in request.query.values(name) {
                guard let refusal = refusal(of: value, target, for: request) else { continue }
                return .failed(.failure(request, .badRequest, "query item '\(name)' \(refusal)"))
            }
            return .verified
        }
    }

    /// Why `value` is refused for `request`, or `nil` when it is allowed.
    private static func refusal(of value: String, _ target: RedirectTarget, for request: Request) -> String? {
        guard target.accepts(value) else { return "is not an allowed redirect target" }
        guard request.isExternal else { return nil }
        // Outside a pipeline (a policy evaluated by hand) there is no router to ask: refuse.
        guard let router = Router.runningExternalRequest,
            let outside = router.match(value, source: request.source)
        else { return "does not reach a public route from outside" }
        guard router.match(value, source: .app)?.routeIndex == outside.routeIndex else {
            return "reaches another route in-app than from outside"
        }
        return nil
    }

    /// Whether `url` is a safe target: `scheme://host[:port][/path][?query][#fragment]` with the
    /// scheme in `schemes` and the host in `hosts` (both ASCII case-insensitive), or, when
    /// `allowsRelative`, a path starting with a single `/`.
    ///
    /// Refused whatever the lists say: anything but printable ASCII (spaces, control characters,
    /// Unicode look-alikes), backslashes, user-info (`https://good.com@evil.com`), a scheme without
    /// `//` (`https:evil.com`), protocol-relative URLs (`//evil.com`), relative paths that do not
    /// start with `/` (`evil.com`), paths starting with an encoded slash (`/%2F…`), IP-literal
    /// hosts in brackets, and the schemes `javascript`, `data`, `vbscript`, `file`, `blob`, `about`.
    /// An empty host (`mailapp:///inbox`) passes only when `hosts` contains `""`.
    ///
    /// ```swift
    /// SafeRedirectPolicy.isAllowed("https://good.com/a", schemes: ["https"], hosts: ["good.com"])       // true
    /// SafeRedirectPolicy.isAllowed("https://good.com@evil.com", schemes: ["https"], hosts: ["good.com"]) // false
    /// ```
    public static func isAllowed(
        _ url: String, schemes: Set<String>, hosts: Set<String>, allowsRelative: Bool = false
    ) -> Bool {
        RedirectTarget(schemes: schemes, hosts: hosts, allowsRelative: allowsRelative).accepts(url)
    }
}
