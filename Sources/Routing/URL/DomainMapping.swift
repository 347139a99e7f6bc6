/// UTS #46 ToASCII as the URL Standard's domain parser runs it on a host that is not ASCII
/// (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false; CheckBidi and CheckJoiners true;
/// nontransitional; invalid Punycode an error), from the Unicode tables generated into the package
/// (``UnicodeTables``), so a link names the same host on every OS:
///
/// 1. each code point is mapped by the IDNA mapping table: ignored ones removed, mapped ones
///    replaced (`Ｇｏ` is `go`, `。` is `.`), deviations (`ß`, `ς`, the joiners) and valid ones
///    kept, disallowed ones kept to be refused below;
/// 2. the result is normalized to NFC and split into labels at `.`;
/// 3. an `xn--` label must be ASCII, decode as Punycode to a label that is not empty nor ASCII;
/// 4. every label (decoded) must pass UTS #46's validity criteria: in NFC, not starting with
///    `xn--` or a combining mark, each code point valid or a deviation, the joiners in context,
///    and, when any label is right-to-left, the bidi rule;
/// 5. labels that are not ASCII become `xn--` Punycode.
///
/// An ASCII host never comes here: the Standard keeps it as it is, lowercased.
enum DomainMapping {
    /// Why a domain has no ASCII form: the rule of UTS #46 it breaks.
    enum Failure: Error, Equatable {
        /// A code point the IDNA mapping table disallows.
        case disallowed(UInt32)
        /// An `xn--` label holding a code point that is not ASCII.
        case nonASCIIPunycode(String)
        /// An `xn--` label that is not Punycode, or decodes to nothing or only ASCII.
        case invalidPunycode(String)
        /// An `xn--` label whose decoded text breaks a rule: what it decodes to breaks `reason`.
        indirect case invalidDecodedLabel(String, Failure)
        /// A decoded label that is not in NFC.
        case notNormalized
        /// A decoded label that starts with `xn--` again.
        case doublePunycode
        /// A decoded label with a code point the mapping would change (uppercase, fullwidth...).
        case notMapped(UInt32)
        /// A label starting with a combining mark.
        case startsWithMark(UInt32)
        /// A joiner out of its CONTEXTJ context.
        case joiner(IDNARules.JoinerViolation)
        /// A label of a Bidi domain name that breaks the bidi rule.
        case bidi(String)
    }

    /// `domain` (its code points) mapped, checked and in ASCII, labels joined by `.`.
    static func toASCII(_ domain: [UInt32]) -> Result<String, Failure> {
        var mapped: [UInt32] = []
        mapped.reserveCapacity(domain.count)
        for scalar in domain { _ = UnicodeProperties.map(scalar, into: &mapped) }
        let normalized = UnicodeNormalization.nfc(mapped)
        var labels: [[UInt32]] = []
        for label in normalized.split(separator: 0x2E, omittingEmptySubsequences: false) {
            switch unicodeLabel(label) {
            case .success(let unicode): labels.append(unicode)
            case .failure(let failure): return .failure(failure)
            }
        }
        if IDNARules.isBidiDomain(labels),
            let label = labels.first(where: { !IDNARules.satisfiesBidiRule($0) })
        {
            return .failure(.bidi(text(label)))
        }
        var ascii = ""
        for (index, label) in labels.enumerated() {
            if index > 0 { ascii += "." }
            if label.allSatisfy({ $0 < 0x80 }) {
                ascii += text(label)
            } else if let encoded = Punycode.encode(label.compactMap(Unicode.Scalar.init)) {
                ascii += "xn--" + encoded
            } else {
                return .failure(.invalidPunycode(text(label)))
            }
        }
        return .success(ascii)
    }

    /// The label's Unicode form (an `xn--` label decoded), checked against the validity criteria.
    private static func unicodeLabel(_ label: ArraySlice<UInt32>) -> Result<[UInt32], Failure> {
        guard label.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) else {
            return validate(label).map { Array(label) }
        }
        let spelled = text(label)
        guard label.allSatisfy({ $0 < 0x80 }) else { return .failure(.nonASCIIPunycode(spelled)) }
        guard let decoded = Punycode.decode(Substring(spelled).dropFirst(4)), !decoded.isEmpty,
            !decoded.allSatisfy(\.isASCII)
        else { return .failure(.invalidPunycode(spelled)) }
        let unicode = decoded.map(\.value)
        // Decoded text was never mapped: it must be what the mapping and NFC would have made.
        if UnicodeNormalization.nfc(unicode) != unicode {
            return .failure(.invalidDecodedLabel(spelled, .notNormalized))
        }
        if unicode.starts(with: [0x78, 0x6E, 0x2D, 0x2D]) {
            return .failure(.invalidDecodedLabel(spelled, .doublePunycode))
        }
        if unicode.contains(0x2E) { return .failure(.invalidPunycode(spelled)) }
        return validate(unicode[...]).mapError { .invalidDecodedLabel(spelled, $0) }.map { unicode }
    }

    /// UTS #46's validity criteria that a mapped label can break (section 4.1, nontransitional,
    /// CheckHyphens false): no leading mark, every code point valid or a deviation, the joiners.
    private static func validate(_ label: ArraySlice<UInt32>) -> Result<Void, Failure> {
        if let first = label.first, UnicodeProperties.isMark(first) {
            return .failure(.startsWithMark(first))
        }
        for scalar in label {
            switch UnicodeProperties.status(scalar) {
            case .valid: continue
            case .disallowed: return .failure(.disallowed(scalar))
            case .ignored, .mapped: return .failure(.notMapped(scalar))
            }
        }
        if let violation = IDNARules.joinerViolation(in: label) { return .failure(.joiner(violation)) }
        return .success(())
    }

    private static func text<Label: Sequence<UInt32>>(_ label: Label) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: label.compactMap(Unicode.Scalar.init))
        return text
    }
}
