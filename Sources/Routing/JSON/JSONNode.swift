/// A JSON value while an `Encodable` writes it. A reference, because containers and encoders
/// handed out earlier (nested containers, `superEncoder`) fill their part after the parent moved
/// on; ``JSONPrinter`` reads the finished tree.
final class JSONNode {
    /// What the node is.
    enum Content {
        /// Nothing was written through the node's encoder yet: printed as an empty object.
        case unset
        /// `null`, `true`, `false` or a number: the text printed as is.
        case literal(String)
        /// A string, escaped when printed.
        case string(String)
        /// An array of ``JSONNode/elements``.
        case array
        /// An object of ``JSONNode/members``.
        case object
    }

    private(set) var content: Content
    /// The elements, in order, of an array.
    private(set) var elements: [JSONNode] = []
    /// The members of an object, in no order: ``JSONPrinter`` sorts the keys.
    private(set) var members: [String: JSONNode] = [:]

    init(_ content: Content = .unset) {
        self.content = content
    }

    /// Makes the node an array, unless it is one; `false` when it already holds something else.
    func becomeArray() -> Bool {
        switch content {
        case .unset: content = .array
        case .array: break
        case .literal, .string, .object: return false
        }
        return true
    }

    /// Makes the node an object, unless it is one; `false` when it already holds something else.
    func becomeObject() -> Bool {
        switch content {
        case .unset: content = .object
        case .object: break
        case .literal, .string, .array: return false
        }
        return true
    }

    /// Sets a scalar on an unset node; `false` when the node already holds a value.
    func set(_ scalar: Content) -> Bool {
        guard case .unset = content else { return false }
        content = scalar
        return true
    }

    /// Appends an element to an array.
    func append(_ element: JSONNode) {
        elements.append(element)
    }

    /// Sets a member of an object: a key written again replaces the member, spelling and value
    /// (keys Swift compares equal are one key).
    func setMember(_ key: String, _ value: JSONNode) {
        members.removeValue(forKey: key)
        members[key] = value
    }

    /// The member under `key`, if there is one.
    func member(_ key: String) -> JSONNode? {
        members[key]
    }
}

extension JSONNode.Content {
    /// An integer of any width, in decimal.
    static func integer(_ value: some BinaryInteger) -> Self {
        .literal(String(value))
    }

    /// A `Double` or `Float`: its shortest round-trip `description` without a trailing
    /// `.0`. Swift writes large and small magnitudes with an exponent (`1e+21`, `5e-324`), which
    /// is valid JSON.
    static func number<F: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: F, codingPath: [any CodingKey]
    ) throws -> Self {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "Unable to encode \(F.self) \(value) in JSON: JSON has no NaN or infinity."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .literal(text)
    }
}
