import Switchyard

/// A redirect template split once into literal text and `:name` / `*name` placeholders.
struct RedirectTemplate: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        /// A placeholder; `inQuery` when it comes after the template's `?`.
        case parameter(String, inQuery: Bool)
    }

    let template: String
    let pieces: [Piece]

    init(_ template: String) {
        self.template = template
        var pieces: [Piece] = []
        var literal = ""
        var inQuery = false
        var index = template.startIndex
        while index < template.endIndex {
            let character = template[index]
            let next = template.index(after: index)
            if character == ":" || character == "*", next < template.endIndex,
                Self.isNameStart(template[next])
            {
                let end = template[next...].firstIndex { !Self.isNameContinue($0) } ?? template.endIndex
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.parameter(String(template[next..<end]), inQuery: inQuery))
                index = end
                continue
            }
            if character == "?" || character == "#" { inQuery = true }
            literal.append(character)
            index = next
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    func fill(from request: Request) throws -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .literal(let text):
                result += text
            case .parameter(let name, let inQuery):
                guard let raw = request.params.raw(name), let value = request.params[name] else {
                    throw RoutingError(
                        .internalError,
                        "redirect template '\(template)' names ':\(name)', which the route lacks")
                }
                result += inQuery ? PercentEncoding.encodeQueryComponent(value) : String(raw)
            }
        }
        return result
    }

    private static func isNameStart(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character == "_")
    }

    private static func isNameContinue(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }
}
