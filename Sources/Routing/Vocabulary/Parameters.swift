/// The path parameters of a matched route, decoded when read.
///
/// Values are kept as ranges into the URL and percent-decoded once, on access: `a%2Fb` reads as
/// `a/b`, `%252F` as `%2F`.
///
/// ```swift
/// let id = try request.params.require("message_id", as: Int.self)   // throws 400 if absent or not an Int
/// let page = request.params.get("page", as: Int.self) ?? 1
/// let folders = request.params.segments("path")                     // a glob's segments
/// ```
public struct Parameters: Sendable, Sequence {
    let source: String
    let keys: [String]
    let captures: CaptureList
    /// Index in `keys` of the glob parameter, or -1.
    let globIndex: Int

    /// No parameters.
    public init() {
        self.init(source: "", keys: [], captures: CaptureList(), globIndex: -1)
    }

    init(source: String, keys: [String], captures: CaptureList, globIndex: Int) {
        self.source = source
        self.keys = keys
        self.captures = captures
        self.globIndex = globIndex
    }

    /// The parameter names, in pattern order.
    public var names: [String] { keys }
    /// The number of parameters.
    public var count: Int { keys.count }
    /// `true` when the route has no parameters.
    public var isEmpty: Bool { keys.isEmpty }

    /// The decoded value of a parameter; a glob's segments joined by `/`.
    public subscript(name: String) -> String? {
        guard let index = keys.firstIndex(of: name) else { return nil }
        return decodedValue(at: index)
    }

    /// The still percent-encoded value of a parameter, as it appears in ``Request/path``.
    public func raw(_ name: String) -> Substring? {
        guard let index = keys.firstIndex(of: name) else { return nil }
        return source.substring(utf8: captures[index])
    }

    /// The value converted to `T`, or `nil` when absent or not convertible.
    ///
    /// ```swift
    /// let page = request.params.get("page", as: Int.self) ?? 1
    /// ```
    public func get<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        self[name].flatMap(T.init)
    }

    /// The value converted to `T`.
    ///
    /// A number too large or too small for an integer `T` is never wrapped: `300` read as `Int8`,
    /// or `9999999999` as `Int` where `Int` is 32 bits (watchOS), throws a 404, as a link to a
    /// record that cannot exist.
    ///
    /// - Throws: ``RoutingError`` with ``Status/badRequest`` when the parameter is absent or not
    ///   convertible to `T`; with ``Status/notFound`` when it is a whole number that the integer
    ///   type `T` cannot hold.
    public func require<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let value = self[name] else {
            throw RoutingError(.badRequest, "missing parameter '\(name)'")
        }
        guard let converted = T(value) else {
            throw IntegerOverflow.error(reading: value, as: T.self, name: name, isPathParameter: true)
                ?? RoutingError(.badRequest, "parameter '\(name)' is not a valid \(T.self)")
        }
        return converted
    }

    /// The decoded segments of a glob parameter (`*path`); one element for a plain parameter;
    /// empty when there is no such parameter. Unlike the subscript this keeps `a%2Fb` apart from
    /// two segments `a` and `b`.
    public func segments(_ glob: String) -> [String] {
        guard let index = keys.firstIndex(of: glob), let raw = raw(glob) else { return [] }
        if index != globIndex { return [decodedValue(at: index)] }
        // Split on the byte: `Substring.split` works on characters, and `/` followed by a
        // combining mark is one character.
        return raw.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            PercentEncoding.decode(Substring($0))
        }
    }

    /// The `(name, value)` pairs in pattern order, values decoded.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        keys.indices.lazy.map { (name: keys[$0], value: decodedValue(at: $0)) }.makeIterator()
    }

    private func decodedValue(at index: Int) -> String {
        PercentEncoding.decode(source.substring(utf8: captures[index]))
    }
}
