extension String {
    /// The text between two UTF-8 offsets, sharing this string's storage. The parser and the
    /// matcher cut only next to ASCII bytes (`/`, `?`, `&`, `=`, `#`), so the offsets always fall
    /// between scalars.
    @inline(__always)
    func substring(utf8 range: Range<Int>) -> Substring {
        let utf8 = self.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }
}
