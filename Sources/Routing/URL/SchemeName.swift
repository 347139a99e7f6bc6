/// The syntax of a URL scheme (RFC 3986): a letter, then letters, digits, `+`, `-` or `.`.
package enum SchemeName {
    /// Whether `byte` may follow the first letter of a scheme.
    @inline(__always)
    static func isContinuation(_ byte: UInt8) -> Bool {
        ASCIICaseFolding.isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whether `scheme` (without its `:`) is `http` or `https`, in any case: a web link, which
    /// hosts scope and universal links carry, rather than a custom scheme naming an app.
    @inline(__always)
    static func isWeb<Bytes: Collection<UInt8>>(_ scheme: Bytes) -> Bool {
        ASCIICaseFolding.equals(scheme, "http") || ASCIICaseFolding.equals(scheme, "https")
    }

    /// Whether `bytes` are a scheme name.
    package static func isValid<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, ASCIICaseFolding.isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy(isContinuation)
    }
}
