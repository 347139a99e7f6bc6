/// The labels of a host in a link's bytes, left to right, read in place: where each one is, and
/// whether it has a capital letter (a host parameter's value is its label lowercased, so a label
/// without one can be kept as a range of the link). The one reader of a host's labels for its
/// parameters' values.
struct HostLabels {
    /// One label: its index (0 for the leftmost), its range of the link's bytes (without the
    /// dot), and whether it has an ASCII capital letter.
    struct Label {
        let index: Int
        let range: Range<Int>
        let hasCapital: Bool
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let end: Int
    private var start: Int
    private var index = 0

    /// The labels of the host at `host` of `bytes`.
    @inline(__always)
    init(_ host: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.end = host.upperBound
        self.start = host.lowerBound
    }

    /// The next label, or `nil` after the last. A host ending in a dot has an empty last label.
    @inline(__always)
    mutating func next() -> Label? {
        guard start <= end else { return nil }
        var stop = start
        var hasCapital = false
        while stop < end && bytes[stop] != UInt8(ascii: ".") {
            hasCapital = hasCapital || ASCIICaseFolding.isUppercase(bytes[stop])
            stop &+= 1
        }
        let label = Label(index: index, range: start..<stop, hasCapital: hasCapital)
        start = stop &+ 1
        index &+= 1
        return label
    }
}
