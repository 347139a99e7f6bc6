/// Apple's pattern language for `apple-app-site-association` components: `*` matches any run of
/// characters (none included), `?` exactly one, anything else itself. `?*` is one or more.
///
/// Characters are Unicode scalars. Matching is linear in the text for each `*`, with no
/// recursion, so a hostile file cannot make it blow up.
enum WildcardPattern {
    /// Whether `pattern` matches the whole of `text`.
    static func matches(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool {
        let pattern = Array((caseSensitive ? pattern : pattern.lowercased()).unicodeScalars)
        let text = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
        var patternIndex = 0
        var textIndex = 0
        // The last `*` seen, and the text position it is currently taken to end at: on a
        // mismatch it swallows one more character, which is all the backtracking a `*` needs.
        var star: (pattern: Int, text: Int)?
        while textIndex < text.count {
            if patternIndex < pattern.count
                && (pattern[patternIndex] == "?" || pattern[patternIndex] == text[textIndex])
            {
                patternIndex += 1
                textIndex += 1
            } else if patternIndex < pattern.count && pattern[patternIndex] == "*" {
                star = (patternIndex, textIndex)
                patternIndex += 1
            } else if let last = star {
                star = (last.pattern, last.text + 1)
                patternIndex = last.pattern + 1
                textIndex = last.text + 1
            } else {
                return false
            }
        }
        while patternIndex < pattern.count && pattern[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == pattern.count
    }
}
