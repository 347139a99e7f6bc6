extension PatternParser {
    /// Why `scalar` cannot appear in a literal segment, or `nil`: the URL parser never lets it
    /// through in a path, or it would make the segment something else.
    static func refusal(of scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case ":", "*":
            return "a segment is either literal or a single parameter; '\(scalar)' inside a literal"
        case "%":
            return "write the decoded character instead of a percent-escape"
        case "?", "#":
            return "'\(scalar)' cannot appear in a path pattern"
        default:
            // The URL parser refuses these scalars in a path, raw or percent-encoded.
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F:
                return "control characters can never match"
            case let value where URLComponentValidator.isInvisibleOrBidirectional(value):
                return
                    "invisible and bidirectional formatting characters can never match: the URL parser refuses them"
            default:
                return nil
            }
        }
    }
}
