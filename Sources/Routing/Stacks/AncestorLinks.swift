/// The ancestors of one link, root first, and the URL of each: what `sendStack`, `stack(for:)`
/// and explain walk. Built from the link's route's lineage (``RouteLineages``) without a list of
/// URLs: each is written when asked for, just before it is sent.
///
/// An ancestor's URL is its reverse-routed path (``Router/path(of:compiled:prefix:caseSensitive:context:keepsEmptySegments:value:)``'s
/// expansion choice, encoding and checks) after `origin`, byte for byte; a value whose raw bytes
/// in the link are already what the encoder would write for it is copied as it is, and only
/// another is decoded and encoded again.
struct AncestorLinks: Sendable {
    let storage: CompiledRouter
    /// Root first.
    let paths: [AncestorPath]
    /// The link's values.
    let params: Parameters
    /// The link as the router parsed it, for the constraints that read it; `nil` if the parser
    /// refused it, and when no ancestor has a constraint (nothing reads it then).
    private let link: ParsedURL?
    /// The link's `scheme://host:port` (``RedirectLocation/origin(of:)``), or nothing.
    let origin: String

    /// The ancestors `paths` of the link `link` (`nil` if the parser refused it) with the values
    /// `params`.
    init(storage: CompiledRouter, paths: [AncestorPath], params: Parameters, link: ParsedURL?) {
        self.storage = storage
        self.paths = paths
        self.params = params
        self.link = paths.contains(where: \.isConstrained) ? link : nil
        origin = paths.isEmpty ? "" : RedirectLocation.origin(of: link)
    }

    var count: Int { paths.count }

    /// The name of the ancestor at `position`, root first.
    func name(at position: Int) -> String {
        paths[position].name
    }

    /// The URL of the ancestor at `position`, root first; `nil` when it cannot be built (a value
    /// its constraint refuses, or one it needs that the link does not have).
    func url(at position: Int) -> String? {
        let ancestor = paths[position]
        var chosen = 0
        // The only expansion's values are looked up as it is written.
        if ancestor.expansions.count > 1 {
            guard
                let index = Router.expansionIndex(
                    of: storage.compiledRoutes[ancestor.routeIndex],
                    given: { params.keys.contains($0) })
            else { return nil }
            chosen = index
        }
        guard let plain = ancestor.expansions[chosen] else { return reverseRouted(ancestor) }
        if ancestor.isConstrained {
            // No constraint runs unless every value is there, as in reverse routing.
            guard plain.parameters.allSatisfy({ params.keys.contains($0.name) }) else { return nil }
        }
        // Only a constraint reads the context.
        let context = ancestor.isConstrained ? linkContext(of: ancestor.routeIndex) : nil
        let written = params.source.utf8.withContiguousStorageIfAvailable { source in
            // A value is copied, or decoded and encoded again, which writes at most three bytes
            // for each of its own (decoding never lengthens it: an escape that is not UTF-8 becomes
            // three bytes of U+FFFD, never more); the link's values do not overlap in `source`.
            let capacity = origin.utf8.count + plain.text.count + 3 * source.count
            return plain.text.withUnsafeBufferPointer { text in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer -> String? in
                    var writer = BoundedWriter(buffer)
                    if !origin.isEmpty { writer.append(origin) }
                    var start = 0
                    for index in plain.parameters.indices {
                        let end = plain.parameters[index].textEnd
                        writer.append(text[start..<end])
                        start = end
                        guard let key = params.keys.firstIndex(of: plain.parameters[index].name),
                            append(
                                key, constraint: plain.parameters[index].constraint, context: context,
                                source: source, to: &writer)
                        else { return nil }
                    }
                    writer.append(text[start...])
                    return String(decoding: writer.written, as: UTF8.self)
                }
            }
        }
        // A source without contiguous bytes (never a native string) takes reverse routing's way.
        guard let written else { return reverseRouted(ancestor) }
        return written
    }

    /// Appends the value of the link's parameter `key`, encoded, after checking it against
    /// `constraint`. `false` when the constraint refuses it, or when it is empty, `.` or `..`,
    /// which the URL parser refuses.
    private func append(
        _ key: Int, constraint: Constraint?, context: LinkContext?, source: UnsafeBufferPointer<UInt8>,
        to writer: inout BoundedWriter
    ) -> Bool {
        let range = params.captures[key]
        let raw = UnsafeBufferPointer(rebasing: source[range])
        if PercentEncoding.isSegmentEncoding(raw), !Self.isEmptyOrDots(raw) {
            if let constraint {
                let value = PercentEncoding.decode(raw, plusAsSpace: false)
                guard constraint.accepts(Substring(value), in: context ?? .path) else { return false }
            }
            writer.append(raw)
            return true
        }
        // What `params[name]` reads, checked and encoded as reverse routing does.
        let value = PercentEncoding.decode(raw, plusAsSpace: false)
        if let constraint, !constraint.accepts(Substring(value), in: context ?? .path) { return false }
        guard !value.isEmpty, value != ".", value != ".." else { return false }
        writer.append(PercentEncoding.encodeSegment(value))
        return true
    }

    /// Whether `raw` is empty, `.` or `..`: such a value is left to the checks of the slow way.
    private static func isEmptyOrDots(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        raw.count <= 2 && raw.allSatisfy { $0 == UInt8(ascii: ".") }
    }

    /// The URL of `ancestor` as reverse routing builds it: for an expansion with a segment pattern
    /// or a glob, whose values it checks against what matching would read back.
    private func reverseRouted(_ ancestor: AncestorPath) -> String? {
        let compiled = storage.compiledRoutes[ancestor.routeIndex]
        guard let expansion = Router.expansion(of: compiled, given: { params.raw($0) != nil }) else {
            return nil
        }
        return try? Router.path(
            of: expansion, compiled: compiled, prefix: origin,
            caseSensitive: storage.configuration.caseSensitive,
            context: linkContext(of: ancestor.routeIndex), value: { params[$0] ?? "" })
    }

    /// What the constraints of route `index` that read the link see when its URL is built: the
    /// link's scheme and host, and the values `params` holds for the route's host parameters.
    /// Built only for a route that has such a constraint.
    private func linkContext(of index: Int) -> LinkContext {
        let scope = storage.scopes[index]
        guard !scope.linkChecks.isEmpty, let link else { return .path }
        var hostParameters: [String: String] = [:]
        for parameter in scope.hostParameters.joined() {
            hostParameters[parameter.name] = params[parameter.name]
        }
        return LinkContext(scheme: link.schemeName, host: link.hostName, hostParameters: hostParameters)
    }
}

/// A cursor writing into a buffer whose size is a proven bound on what is written; going past it
/// would be a bug, and traps instead of writing out of bounds.
struct BoundedWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// What has been written.
    var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[..<count])
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        precondition(bytes.count <= buffer.count - count, "a navigation stack's URL outgrew its bound")
        (buffer.baseAddress.unsafelyUnwrapped + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        append(UnsafeBufferPointer(rebasing: bytes))
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }
}
