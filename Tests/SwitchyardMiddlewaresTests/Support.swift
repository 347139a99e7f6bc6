import Foundation
import SwitchyardMiddlewares

/// Percent-encodes everything but RFC 3986 unreserved characters, for building test URLs.
func encoded(_ value: String) -> String {
    let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return value.addingPercentEncoding(withAllowedCharacters: unreserved)!
}

/// A controller that answers 200, so tests can read the request the controller saw.
let echo: Controller = { request in Response(request: request) }

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The lines of a file, without the final empty piece after the last newline.
func lines(of url: URL) throws -> [String] {
    let text = try String(contentsOf: url, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}
