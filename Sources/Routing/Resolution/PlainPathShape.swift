/// What ``RouterStorage/plainPathLookup(_:source:trie:shape:)`` found besides its code.
struct PlainPathShape {
    /// Not a plain path: the general parser decides.
    static let notPlain = -1
    /// A plain path that no static route answers: the walk decides.
    static let walk = -2

    /// Where the routed path ends, and its segment count.
    var end = 0
    var segmentCount = 0
}
