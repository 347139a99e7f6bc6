// Checking a value against a constraint is the walk's work: it lives here, with the walk that
// runs it at each constrained edge, and every folder above that checks a value (reverse routing,
// navigation stacks, the association file) calls the same code. The type and its names are
// Vocabulary's.
extension Constraint {
    /// Whether a decoded value meets the constraint, for a bare path: a rule that sees the link
    /// sees ``LinkContext/path``. ``Constraint/absent`` accepts nothing.
    public func accepts(_ value: Substring) -> Bool {
        accepts(value, in: .path)
    }

    /// Whether a decoded value meets the constraint for the link `link`.
    public func accepts(_ value: Substring, in link: LinkContext) -> Bool {
        switch kind {
        case .custom(let accepts): return accepts(value)
        case .customInContext(let accepts): return accepts(value, link)
        case .absent: return false
        case .any: return true
        case .int, .uuid, .alpha, .alnum, .oneOf:
            var copy = value
            return copy.withUTF8 { acceptsBytes($0) }
        }
    }

    /// Checks a decoded value given as bytes; the built-ins need no string for it.
    func acceptsBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch kind {
        case .any: return true
        case .int: return Self.isInt64(bytes)
        case .uuid: return Self.isUUID(bytes)
        case .alpha: return !bytes.isEmpty && bytes.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
        case .alnum:
            return !bytes.isEmpty
                && bytes.allSatisfy {
                    ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || ($0 >= 0x30 && $0 <= 0x39)
                }
        case .oneOf(let values): return Self.sortedValues(values, contain: bytes)
        case .absent: return false
        case .custom, .customInContext:
            return accepts(Substring(decoding: bytes, as: UTF8.self))
        }
    }

    /// Whether ``acceptsBytes(_:)`` works on bytes alone, without a `Substring`.
    var isByteLevel: Bool {
        switch kind {
        case .any, .int, .uuid, .alpha, .alnum, .oneOf, .absent: true
        case .custom, .customInContext: false
        }
    }

    /// Whether the rule reads the link (``LinkContext``): the walk leaves it to the route's
    /// end, where the route, and so its host parameters, is known.
    var seesLink: Bool {
        if case .customInContext = kind { return true }
        return false
    }

    /// Whether this is ``absent``, which only a query condition may use.
    var isAbsent: Bool {
        if case .absent = kind { return true }
        return false
    }

    fileprivate static func sortedValues(_ values: [[UInt8]], contain bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].lexicographicallyPrecedes(bytes) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < values.count && values[low].elementsEqual(bytes)
    }

    fileprivate static func isInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count else { return false }
        var magnitude: UInt64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return false }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return false }
            magnitude = sum
            index += 1
        }
        return magnitude <= (negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max))
    }

    fileprivate static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isDigit = byte >= 0x30 && byte <= 0x39
                let lower = byte | 0x20
                guard isDigit || (lower >= 0x61 && lower <= 0x66) else { return false }
            }
        }
        return true
    }
}
