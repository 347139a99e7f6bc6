/// The values of one key of a request (``RequestDecoder``), as a `Decoder` for the property that
/// reads them: a scalar (through ``ScalarText``), a `RawRepresentable` enum or `UUID` (through
/// their single-value `Decodable` conformance), or an array of those (every value, in order).
struct FieldValues: Decoder {
    let key: String
    /// The parameter's value, or the query item's first; `nil` when the request has no such key.
    let first: String?
    let request: Request
    /// The type the property asked for, named in errors (an array's element type for its values).
    /// A type, not its name: the name is built only for an error.
    var expected: Any.Type? = nil
    /// Set for an array's element: its one value, without a second lookup.
    private var only: Bool = false

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The values of `key`: the path parameter's, else the query item's.
    init(key: String, in request: Request) {
        self.key = key
        self.request = request
        first = request.parameterOrQueryItem(key)
    }

    fileprivate init(element: String, of field: FieldValues) {
        key = field.key
        request = field.request
        first = element
        only = true
    }

    /// Every value: a glob's segments, a parameter's one value, or each value of a repeated query
    /// item. Read only for arrays, so a scalar property builds no list.
    var all: [String] {
        if only { return first.map { [$0] } ?? [] }
        return request.parameterOrQueryItems(key)
    }

    /// Every value as text, for a `[String]` property: what reading each element as a `String`
    /// gives, without the elements' round trips. An array's element cannot itself be a list.
    func texts() throws -> [String] {
        guard !only else { throw Self.unsupported(key) }
        return all
    }

    /// `first` read as a scalar with `read`, or the 400 for its absence or its text.
    @inline(__always)
    func scalar<T>(_ type: T.Type, _ read: (String) -> T?) throws -> T {
        guard let first else { throw missing(T.self) }
        guard let value = read(first) else { throw invalid(T.self, first) }
        return value
    }

    /// The values of `key` in `request` read as `T`.
    static func decode<T: Decodable>(_ type: T.Type, key: String, in request: Request) throws -> T {
        // A `[String]` takes every value straight from the request, without building a field,
        // whose first value it would look up for nothing.
        if ScalarText.common(T.self) == .strings {
            return unsafeBitCast(request.parameterOrQueryItems(key), to: T.self)
        }
        return try FieldValues(key: key, in: request).decode(T.self)
    }

    /// The values read as `T`.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let common = ScalarText.common(T.self) {
            return try ScalarText.read(common, as: T.self, from: self)
        }
        return try decodeOther(T.self)
    }

    /// The values read as `T`, any type but the common ones. Not inlined: this path holds a `T?`,
    /// and the metadata of an optional `T` is a runtime lookup that every call of `decode` would
    /// pay where they share a frame.
    @inline(never)
    private func decodeOther<T: Decodable>(_ type: T.Type) throws -> T {
        // An array of anything but arrays: each value read on its own, without the boxes the
        // unkeyed-container path costs. Before the rarer scalars, whose check is a runtime lookup.
        if !only, let list = T.self as? any TextList.Type { return try list.init(field: self) as! T }
        if let value = try ScalarText.readConvertible(T.self, from: self) { return value }
        var named = self
        named.expected = expected ?? T.self
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
        guard !only else { throw Self.unsupported(key) }
        return Items(field: self, values: all)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(field: self)
    }

    /// 400 naming the key and the type.
    func missing<T>(_ type: T.Type) -> RoutingError {
        RoutingError(.badRequest, "missing '\(key)', expected \(expected ?? T.self)")
    }

    /// 400 naming the key and the type, and the value for in-app requests only; for a whole
    /// number an integer `T` cannot hold, ``IntegerOverflow``'s error (a path parameter's is a 404).
    func invalid<T>(_ type: T.Type, _ value: String) -> RoutingError {
        let isPathParameter = request.params.names.contains(key)
        if let overflow = IntegerOverflow.error(
            reading: value, as: T.self, name: key, isPathParameter: isPathParameter,
            showsValue: !request.isExternal)
        {
            return overflow
        }
        let shown = request.isExternal ? "" : ": '\(value)'"
        return RoutingError(.badRequest, "'\(key)' is not a valid \(expected ?? T.self)\(shown)")
    }

    /// The values of an array's elements, each read as one field. With no value, the element type
    /// is checked all the same: an array of nested values is refused whether or not the link
    /// holds the key.
    func elements<Element: Decodable>(_ type: Element.Type) throws -> [Element] {
        let values = all
        if values.isEmpty {
            if NestedValueProbe.isNested(Element.self, isElement: true) { throw Self.unsupported(key) }
            return []
        }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            elements.append(try FieldValues(element: value, of: self).decode(Element.self))
        }
        return elements
    }

    static func unsupported(_ key: String) -> RoutingError {
        RoutingError(.badRequest, "'\(key)' asks for a nested value " + NestedValueProbe.explanation)
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
        let values: [String]
        var codingPath: [any CodingKey] { [] }
        var count: Int? { values.count }
        var isAtEnd: Bool { currentIndex >= values.count }
        private(set) var currentIndex = 0

        init(field: FieldValues, values: [String]) {
            self.field = field
            self.values = values
        }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw field.missing(T.self) }
            let decoded = try FieldValues(element: values[currentIndex], of: field).decode(T.self)
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

/// An array read by ``FieldValues/elements(_:)``: every value of the key, each as one element.
protocol TextList {
    init(field: FieldValues) throws
    /// Whether the element type is nested (``NestedValueProbe``): such an array is refused, empty
    /// or not.
    static var hasNestedElement: Bool { get }
}

extension Array: TextList where Element: Decodable {
    init(field: FieldValues) throws {
        self = try field.elements(Element.self)
    }

    static var hasNestedElement: Bool { NestedValueProbe.isNested(Element.self, isElement: true) }
}
