/// Prints a finished ``JSONNode`` tree as UTF-8 bytes, by the rules ``JSONWriter`` documents:
/// keys sorted by their UTF-8 bytes, only the escapes JSON requires, and Foundation's
/// `prettyPrinted` layout for the pretty style.
struct JSONPrinter {
    /// One value per line with indent, or everything on one line without spaces.
    let pretty: Bool
    /// The output so far.
    private(set) var bytes: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    /// Appends `node`, written at `indent` levels (for its closing bracket in the pretty style).
    mutating func write(_ node: JSONNode, indent: Int) {
        switch node.content {
        case .literal(let text):
            bytes.append(contentsOf: text.utf8)
        case .string(let text):
            writeString(text)
        case .array:
            let elements = node.elements
            writeItems(elements.count, brackets: ("[", "]"), indent: indent) { printer, index in
                printer.write(elements[index], indent: indent + 1)
            }
        case .object:
            writeObject(node.members, indent: indent)
        case .unset:
            // A value that encoded nothing: an empty object, as Foundation writes it.
            writeObject([:], indent: indent)
        }
    }

    /// An object, its members sorted by the UTF-8 bytes of their keys.
    private mutating func writeObject(_ members: [String: JSONNode], indent: Int) {
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        writeItems(sorted.count, brackets: ("{", "}"), indent: indent) { printer, index in
            printer.writeString(sorted[index].key)
            printer.bytes.append(contentsOf: printer.pretty ? " : ".utf8 : ":".utf8)
            printer.write(sorted[index].value, indent: indent + 1)
        }
    }

    /// Brackets around `count` items separated by commas. Pretty: each item on its own line one
    /// level in, the closing bracket on a line of its own; no items is an empty line between the
    /// brackets (`[\n\n]`), as Foundation writes it.
    private mutating func writeItems(
        _ count: Int, brackets: (open: Unicode.Scalar, close: Unicode.Scalar), indent: Int,
        item: (inout JSONPrinter, Int) -> Void
    ) {
        bytes.append(UInt8(ascii: brackets.open))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        for index in 0..<count {
            if index > 0 {
                bytes.append(UInt8(ascii: ","))
                if pretty { bytes.append(UInt8(ascii: "\n")) }
            }
            if pretty { writeIndent(indent + 1) }
            item(&self, index)
        }
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            writeIndent(indent)
        }
        bytes.append(UInt8(ascii: brackets.close))
    }

    private mutating func writeIndent(_ levels: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * levels))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A string in quotes: `"` and `\` escaped with a backslash, U+0008, U+0009, U+000A, U+000C
    /// and U+000D as `\b` `\t` `\n` `\f` `\r`, the rest of U+0000 to U+001F as `\u00XX` in
    /// lowercase hex; everything else, `/` and non-ASCII included, as its UTF-8 bytes.
    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0x00..<0x20:
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
