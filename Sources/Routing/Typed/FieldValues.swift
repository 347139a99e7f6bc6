/// The values of one key of a request (``RequestDecoder``), as a `Decoder` for the property that
/// reads them: a scalar (through ``ScalarText``), a `RawRepresentable` enum or `UUID` (through
/// their single-value `Decodable` conformance), or an array of those (every value, in order).
struct FieldValues: Decoder {
    let key: String
    /// The parameter's value, or the query item's first; `nil` when the request has no such key.
    let first: String?
    /// A glob's segments, a parameter's one value, or every value of a repeated query item.
    let all: [String]
    let request: Request
    /// The type the property asked for, named in errors (an array's element type for its values).
    var expected: String? = nil

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The values read as `T`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if ScalarText.reads(T.self) {
            guard let first else { throw missing(T.self) }
            guard let value = ScalarText.read(first, as: T.self) else { throw invalid(T.self, first) }
            return value
        }
        var named = self
        named.expected = expected ?? "\(T.self)"
        do {
            return try T(from: named)
        } catch let error as RoutingError {
            throw error
        } catch {
            // `UUID`'s or an enum's own refusal: the text is not one of its values.
            throw named.invalid(T.self, first ?? "")
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw Self.unsupported(key)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        Items(field: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(field: self)
    }

    /// 400 naming the key and the type.
    func missing<T>(_ type: T.Type) -> RoutingError {
        RoutingError(.badRequest, "missing '\(key)', expected \(expected ?? "\(T.self)")")
    }

    /// 400 naming the key and the type, and the value for in-app requests only.
    func invalid<T>(_ type: T.Type, _ value: String) -> RoutingError {
        let shown = request.isExternal ? "" : ": '\(value)'"
        return RoutingError(.badRequest, "'\(key)' is not a valid \(expected ?? "\(T.self)")\(shown)")
    }

    static func unsupported(_ key: String) -> RoutingError {
        RoutingError(.badRequest, "'\(key)' asks for a nested value, which a link cannot carry: unsupported")
    }

    /// The key's first value, for a property of one value.
    private struct Single: SingleValueDecodingContainer {
        let field: FieldValues
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { field.first == nil }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try field.decode(T.self) }
    }

    /// Every value of the key, for an array.
    private struct Items: UnkeyedDecodingContainer {
        let field: FieldValues
        var codingPath: [any CodingKey] { [] }
        var count: Int? { field.all.count }
        var isAtEnd: Bool { currentIndex >= field.all.count }
        private(set) var currentIndex = 0

        init(field: FieldValues) {
            self.field = field
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw field.missing(T.self) }
            let value = field.all[currentIndex]
            let element = FieldValues(key: field.key, first: value, all: [value], request: field.request)
            let decoded = try element.decode(T.self)
            currentIndex += 1
            return decoded
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw FieldValues.unsupported(field.key)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            throw FieldValues.unsupported(field.key)
        }

        mutating func superDecoder() throws -> any Decoder { throw FieldValues.unsupported(field.key) }
    }
}
