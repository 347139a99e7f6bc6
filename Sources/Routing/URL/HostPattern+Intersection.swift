/// What two host sets both name, for a group's `hosts:` and a route's own.
extension HostPattern {
    /// The hosts both sets name, each written as the narrower of two overlapping entries
    /// (`["*.example.com"]` ∩ `["en.blog.example.com"]` is `["en.blog.example.com"]`). Entries
    /// that are not valid patterns meet only their own spelling; ``Router`` reports them.
    ///
    /// Where an entry with parameters meets a narrower one (`:lang.wikipedia.org` ∩
    /// `en.wikipedia.org`), the result is the narrower entry, and `sources` maps it to the entry
    /// whose labels name its parameters (`lang` is then `en`). `ownSources` are the route's own
    /// such entries, from a group nested inside this one.
    static func intersection(
        own: Set<String>, ownSources: [String: String], group: Set<String>, sources: inout [String: String]
    ) -> Set<String> {
        var result: Set<String> = []
        for left in own {
            for right in group {
                switch (parse(left), parse(right)) {
                case (.success(let a), .success(let b)):
                    guard a.kind == .parameters || b.kind == .parameters else {
                        if a.covers(b) {
                            result.insert(right)
                        } else if b.covers(a) {
                            result.insert(left)
                            if let source = ownSources[left] { sources[left] = source }
                        }
                        continue
                    }
                    guard let met = meet(a, b) else { continue }
                    result.insert(met.entry)
                    if met.source != met.entry { sources[met.entry] = met.source }
                default:
                    if ASCIICaseFolding.equals(left.utf8, right) { result.insert(right) }
                }
            }
        }
        return result
    }

    /// Two entries, one with parameters, met label by label: the entry naming the hosts both
    /// match, and the entry whose labels name the parameters (the same text when no parameter
    /// took a literal's value). `nil` when they share no host, or bind one label to two names.
    private static func meet(_ a: HostPattern, _ b: HostPattern) -> (entry: String, source: String)? {
        let count = a.kind == .parameters ? a.labels.count : b.labels.count
        guard let left = a.labels(count: count), let right = b.labels(count: count) else { return nil }
        var entry: [String] = []
        var source: [String] = []
        for (l, r) in zip(left, right) {
            switch (l, r) {
            case (nil, nil):
                return nil  // Unreachable: one side has parameters, and so a label here.
            case (let only?, nil), (nil, let only?):
                entry.append(only.text)
                source.append(only.text)
            case (let l?, let r?):
                switch (l.parameter, r.parameter) {
                case (nil, nil):
                    guard l.literal == r.literal else { return nil }
                    entry.append(l.text)
                    source.append(l.text)
                case (_?, nil), (nil, _?):
                    let (named, literal) = l.parameter != nil ? (l, r) : (r, l)
                    entry.append(literal.text)
                    source.append(named.text)
                case (let p?, let q?):
                    guard p == q else { return nil }
                    entry.append(l.text)
                    source.append(l.text)
                }
            }
        }
        return (entry.joined(separator: "."), source.joined(separator: "."))
    }
}
