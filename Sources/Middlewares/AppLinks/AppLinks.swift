import Switchyard

/// Reads App Links data (`al_applink_data`) that another app attached to a URL.
///
/// ```swift
/// let router = try Router(middlewares: [AppLinks.parser], routes: routes)
/// // in a controller:
/// if let link = request.appLink { showBackButton(to: link.referer) }
/// ```
public enum AppLinks {
    /// The query item that carries the JSON: `al_applink_data`.
    public static let queryItem = "al_applink_data"

    /// A middleware that parses the first `al_applink_data` query item into an ``AppLink`` stored
    /// under ``AppLink/dataKey`` (read it with ``Request/appLink``).
    ///
    /// Without the query item the request passes untouched. Malformed data never ends the request
    /// and never crashes: the request goes on unchanged except for an ``AppLinkError`` under
    /// ``AppLinkError/dataKey`` (read it with ``Request/appLinkError``).
    public static let parser = Middleware("appLinks") { request in
        guard let json = request.query[queryItem] else { return request }
        switch parse(json) {
        case .success(let link): return request.adding([AppLink.dataKey: link])
        case .failure(let error): return request.adding([AppLinkError.dataKey: error])
        }
    }

    /// Parses App Links JSON, as found in the decoded `al_applink_data` query item.
    ///
    /// ```swift
    /// AppLinks.parse(#"{"target_url":"https://example.com/a","version":"1.0"}"#)
    /// // .success(AppLink(targetURL: "https://example.com/a", version: "1.0"))
    /// ```
    public static func parse(_ json: String) -> Result<AppLink, AppLinkError> {
        guard let value = JSONValue.parse(json) else { return .failure(AppLinkError(.invalidJSON)) }
        guard case .object(let object) = value else { return .failure(AppLinkError(.notAnObject)) }
        guard let target = object["target_url"]?.string, !target.isEmpty else {
            return .failure(AppLinkError(.missingTargetURL))
        }
        var extras: [String: String] = [:]
        switch object["extras"] {
        case nil, .null?: break
        case .object(let values)?: extras = values.compactMapValues(\.text)
        default: return .failure(AppLinkError(.invalidField("extras")))
        }
        let version: String?
        switch object["version"] {
        case nil, .null?: version = nil
        case .string(let text)?: version = text
        case .integer(let number)?: version = String(number)
        case .double(let number)?: version = String(number)
        default: return .failure(AppLinkError(.invalidField("version")))
        }
        let referer: AppLink.Referer?
        switch object["referer_app_link"] {
        case nil, .null?: referer = nil
        case .object(let fields)?:
            var strings: [String: String] = [:]
            for key in ["url", "app_name", "target_url"] {
                switch fields[key] {
                case nil, .null?: break
                case .string(let text)?: strings[key] = text
                default: return .failure(AppLinkError(.invalidField("referer_app_link.\(key)")))
                }
            }
            referer = AppLink.Referer(
                url: strings["url"], appName: strings["app_name"], targetURL: strings["target_url"])
        default: return .failure(AppLinkError(.invalidField("referer_app_link")))
        }
        return .success(AppLink(targetURL: target, extras: extras, referer: referer, version: version))
    }
}
