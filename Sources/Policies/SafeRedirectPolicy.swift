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
public enum SafeRedirectPolicy {
    /// Checks the decoded path parameter `name` with ``isAllowed(_:schemes:hosts:allowsRelative:)``.
    public static func parameter(
        _ name: String, schemes: Set<String>, hosts: Set<String>, allowsRelative: Bool = false
    ) -> Policy {
        let target = RedirectTarget(schemes: schemes, hosts: hosts, allowsRelative: allowsRelative)
        return Policy("safeRedirect(\(name))") { request in
            guard let value = request.params[name], !target.accepts(value) else { return .verified }
            return .failed(
                .failure(
                    request, .badRequest, "parameter '\(name)' is not an allowed redirect target"))
        }
    }

    /// Checks every decoded value of the query item `name` with
    /// ``isAllowed(_:schemes:hosts:allowsRelative:)``.
    public static func queryItem(
        _ name: String, schemes: Set<String>, hosts: Set<String>, allowsRelative: Bool = false
    ) -> Policy {
        let target = RedirectTarget(schemes: schemes, hosts: hosts, allowsRelative: allowsRelative)
        return Policy("safeRedirect(\(name))") { request in
            for value in request.query.values(name) where !target.accepts(value) {
                return .failed(
                    .failure(
                        request, .badRequest, "query item '\(name)' is not an allowed redirect target"))
            }
            return .verified
        }
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
