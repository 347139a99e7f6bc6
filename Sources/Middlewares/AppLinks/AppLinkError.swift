/// Why ``AppLinks/parser`` could not read an `al_applink_data` query item.
///
/// The parser never throws and never ends the request: it records this value in
/// ``Request/data`` and leaves everything else as it was.
///
/// ```swift
/// if let problem = request.appLinkError {
///     log.notice("ignored App Links data: \(problem)")
/// }
/// ```
public struct AppLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The key of ``Request/data`` under which ``AppLinks/parser`` stores the error.
    public static let dataKey = "switchyard.appLinkError"

    /// What was wrong with the data.
    public enum Reason: Sendable, Hashable {
        /// The value is not JSON (or nests deeper than the decoder allows).
        case invalidJSON
        /// The JSON is not an object.
        case notAnObject
        /// `target_url` is absent, empty or not a string.
        case missingTargetURL
        /// A known field has the wrong type; the associated value names it (`extras`).
        case invalidField(String)
    }

    /// What was wrong.
    public let reason: Reason

    /// Creates an error.
    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// `"al_applink_data: field 'extras' has the wrong type"`.
    public var description: String {
        switch reason {
        case .invalidJSON: "al_applink_data: not valid JSON"
        case .notAnObject: "al_applink_data: not a JSON object"
        case .missingTargetURL: "al_applink_data: missing or empty 'target_url'"
        case .invalidField(let field): "al_applink_data: field '\(field)' has the wrong type"
        }
    }
}
