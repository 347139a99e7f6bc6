/// A rewrite at work: the per-request half of ``CompiledRewrite``, which `Router.init` compiled.
extension CompiledRewrite {
    /// The new path, or nil when this rewrite does not apply to `path` of `string`.
    func apply(to string: String, path: Range<Int>) -> String? {
        switch kind {
        case .function(let function):
            let pathString = path.isEmpty ? "/" : String(string.substring(utf8: path))
            return function(pathString)
        case .template(let trie, let template):
            var tracer = SilentTracer()
            guard let (terminal, captures) = trie.match(string, path: path, tracer: &tracer) else {
                return nil
            }
            let parameters = Parameters(
                source: string, keys: terminal.keys, captures: captures, globIndex: terminal.globIndex)
            var result = ""
            func append(_ pieces: [PatternPiece]) {
                for piece in pieces {
                    switch piece {
                    case .literal(let literal): result += PercentEncoding.encodeSegment(literal)
                    case .parameter(let name, _): result += parameters.raw(name) ?? ""
                    }
                }
            }
            for segment in template {
                result += "/"
                switch segment {
                case .literal(let literal): result += PercentEncoding.encodeSegment(literal)
                case .parameter(let name, _): result += parameters.raw(name) ?? ""
                case .pieces(let pieces): append(pieces)
                case .glob(let name, _, let tail):
                    result += parameters.raw(name) ?? ""
                    append(tail)
                }
            }
            return result.isEmpty ? "/" : result
        }
    }
}
