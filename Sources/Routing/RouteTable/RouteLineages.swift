/// Every route's ancestors as route indices, resolved once at `Router.init` (after
/// `RouteParents` has checked every `parent:`), each with its URL's compiled form, for navigation
/// stacks: `Stacks/` writes the URLs from them, and looks up no name.
struct RouteLineages: Sendable {
    /// By route index, for a route that is some route's parent: its ancestors and itself, root
    /// first. Empty for every other route, and no list at all when no route has a parent, so a
    /// table without parents allocates nothing here.
    private let lineages: [[AncestorPath]]
    /// Every route with a parent, by ``Route/identity`` in ascending order, with its parent's
    /// index: a stack finds its link's route here by binary search, with no name hashed.
    private let parents: [(route: ObjectIdentifier, parent: Int)]

    /// The lineages of `compiled`'s routes. `routesByName` holds every parent (`RouteParents`
    /// refused unknown parents and cycles before).
    init(_ compiled: [CompiledRoute], routesByName: [String: Int]) {
        guard compiled.contains(where: { $0.route.parent != nil }) else {
            lineages = []
            self.parents = []
            return
        }
        let parents: [Int?] = compiled.map { $0.route.parent.flatMap { routesByName[$0] } }
        var isParent = [Bool](repeating: false, count: compiled.count)
        for case let parent? in parents { isParent[parent] = true }
        // Compiled once per route that is a parent, shared by every lineage it is in.
        let paths: [AncestorPath?] = compiled.indices.map { index in
            isParent[index] ? AncestorPath(compiled[index]) : nil
        }
        var lineages = [[AncestorPath]](repeating: [], count: compiled.count)
        for index in compiled.indices where isParent[index] {
            var lineage: [AncestorPath] = []
            var next: Int? = index
            // Every route up the chain is a parent, so it has a path. The bound only guards the
            // loop: there is no cycle.
            while let route = next, let path = paths[route], lineage.count < compiled.count {
                lineage.append(path)
                next = parents[route]
            }
            lineages[index] = lineage.reversed()
        }
        self.lineages = lineages
        self.parents = compiled.indices.compactMap { index in
            parents[index].map { (compiled[index].route.identity, $0) }
        }.sorted { $0.route < $1.route }
    }

    /// The index of `route`'s parent, when `route` is one of the router's routes and has one.
    func parent(of route: Route) -> Int? {
        let identity = route.identity
        var low = 0
        var high = parents.count
        while low < high {
            let middle = (low + high) / 2
            if parents[middle].route < identity {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < parents.count && parents[low].route == identity ? parents[low].parent : nil
    }

    /// The ancestors of a route whose parent is route `parent`, root first.
    func ancestors(underParent parent: Int) -> [AncestorPath] {
        lineages.isEmpty ? [] : lineages[parent]
    }
}

/// How the URL of a route is written as an ancestor in a navigation stack: compiled at
/// `Router.init` for every route that is some route's parent, so that building its URL from a
/// link's values encodes no literal and looks up no constraint. A class of `let`s: a stack reads
/// it through one reference, with no copy of its arrays.
final class AncestorPath: Sendable {
    let routeIndex: Int
    /// The route's name: an ancestor always has one, since `parent:` names it.
    let name: String
    /// By expansion index: the expansion's plain form, or `nil` when it has a segment pattern or
    /// a glob (reverse routing's builder writes those, with their checks of what matching reads).
    let expansions: [PlainExpansion?]
    /// Whether a parameter of the route has a constraint: only then are values decoded, checked,
    /// and all looked up before the first is checked, as reverse routing does.
    let isConstrained: Bool

    init(_ compiled: CompiledRoute) {
        routeIndex = compiled.index
        name = compiled.route.name ?? ""
        expansions = compiled.expansions.map { PlainExpansion($0, constraints: compiled.constraints) }
        isConstrained = !compiled.constraints.isEmpty
    }

    /// An expansion of literal segments and plain parameters (`/accounts/:id`): its literal text
    /// already encoded, each segment with its `/`, and its parameters in order, each after the
    /// text up to its `textEnd`; the text after the last parameter ends the path.
    final class PlainExpansion: Sendable {
        struct Parameter: Sendable {
            let name: String
            let constraint: Constraint?
            /// Where the text before the parameter ends.
            let textEnd: Int
        }

        let text: [UInt8]
        let parameters: [Parameter]

        /// `nil` for an expansion with a segment pattern or a glob.
        init?(_ segments: [PatternSegment], constraints: [String: Constraint]) {
            var text: [UInt8] = []
            var parameters: [Parameter] = []
            for segment in segments {
                switch segment {
                case .literal(let literal):
                    text.append(UInt8(ascii: "/"))
                    PercentEncoding.appendSegment(literal, to: &text)
                case .parameter(let name, _):
                    text.append(UInt8(ascii: "/"))
                    parameters.append(
                        Parameter(name: name, constraint: constraints[name], textEnd: text.count))
                case .pieces, .glob:
                    return nil
                }
            }
            // The root, as reverse routing writes it.
            if segments.isEmpty { text.append(UInt8(ascii: "/")) }
            self.text = text
            self.parameters = parameters
        }
    }
}
