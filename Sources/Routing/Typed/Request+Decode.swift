extension Request {
    /// The request's path parameters and query items as a `Decodable` value: each property reads
    /// the path parameter of its name, else the query item (its first value; an array reads every
    /// value of a repeated item, or a glob's segments).
    ///
    /// ```swift
    /// struct MessageLink: Codable { let id: Int; let highlight: String?; let tags: [String] }
    ///
    /// // /messages/7?highlight=budget&tags=a&tags=b
    /// let link = try request.decode(MessageLink.self)   // id 7, highlight "budget", tags ["a", "b"]
    /// ```
    ///
    /// Scalars read as ``Parameters/get(_:as:)`` reads them: `Int` and the other integers,
    /// `Double`, `Float`, `String`, `Bool` (`true`, `false`, `1`, `0`), any
    /// `LosslessStringConvertible` type, `URL` (a URL Switchyard's parser accepts: a path, a link of
    /// any scheme, `mailto:`; the same on every OS, unlike `URL(string:)`), `UUID`, and
    /// `RawRepresentable` enums of those. An optional property is `nil` when the key is absent; a non-optional array
    /// is empty. A `Date` reads as Foundation's `Codable` writes it, seconds since 2001: prefer a
    /// number or a string your code converts.
    ///
    /// - Throws: ``RoutingError`` with ``Status/badRequest`` naming the key and the expected type
    ///   for a missing key or a value that does not convert (the value itself only for in-app
    ///   requests), and for a property whose type is nested (a struct, a dictionary, or an array
    ///   of those or of arrays), whether or not the link holds its key.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try T(from: RequestDecoder(request: self))
        } catch let error as RoutingError {
            throw error
        } catch {
            // A conformance of the app's own that threw: still the link's fault, and a 400.
            throw RoutingError(.badRequest, "the link does not decode as \(T.self): \(error)")
        }
    }
}
