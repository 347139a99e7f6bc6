/// What the shortcut for bare paths found (``CompiledRouter/shortcutLookup(_:source:trie:)``),
/// before any parser runs.
enum ShortcutLookup {
    /// Not a path the shortcut settles: the parser decides.
    case parse
    /// A path the parser would accept as it is (`0..<end`, `segmentCount` segments), whose route
    /// only the walk can find.
    case walk(end: Int, segmentCount: Int)
    /// A static route's path, answered by the static table: the terminal that route ends at.
    case found(terminal: Int, end: Int, segmentCount: Int)
}
