/// The `Decoder` behind ``Request/decode(_:)``: a flat, keyed view of a request's path parameters
/// (first) and query items. Each property reads one key; a scalar reads the key's first value, an
/// array every value. Nested keyed or unkeyed values are refused: a link has no structure to
/// decode them from.
struct RequestDecoder: Decoder {
    let request: Request
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Fields<Key>(request: request))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RoutingError(.badRequest, "a request decodes into a struct of named values, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RoutingError(.badRequest, "a request decodes into a struct of named values, not one value")
    }

    /// The values of `key`: the path parameter's, else the query item's.
    static func values(of key: String, in request: Request) -> FieldValues? {
        if let value = request.params[key] {
            return FieldValues(key: key, first: value, all: request.params.segments(key), request: request)
        }
        let all = request.query.values(key)
        guard let first = all.first else { return nil }
        return FieldValues(key: key, first: first, all: all, request: request)
    }

    private struct Fields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let request: Request
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] {
            (request.params.names + request.query.items.map(\.name)).compactMap(Key.init(stringValue:))
        }

        func contains(_ key: Key) -> Bool {
            RequestDecoder.values(of: key.stringValue, in: request) != nil
        }

        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            // A missing key is an empty field: an array decodes to `[]`, anything else is missing.
            let values =
                RequestDecoder.values(of: key.stringValue, in: request)
                ?? FieldValues(key: key.stringValue, first: nil, all: [], request: request)
            return try values.decode(T.self)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw FieldValues.unsupported(key.stringValue)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw FieldValues.unsupported(key.stringValue)
        }

        func superDecoder() throws -> any Decoder { throw FieldValues.unsupported("super") }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            throw FieldValues.unsupported(key.stringValue)
        }
    }
}
