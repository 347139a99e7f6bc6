import Foundation

/// The URL Standard's "domain to ASCII" for hosts that are not plain ASCII, as UTS #46 maps them
/// in browsers, reduced to what decides where a link goes:
///
/// - the characters browsers drop vanish (soft hyphen, zero-width space, word joiner, byte order
///   mark, variation selectors);
/// - compatibility normalization and lowercase (`Ｇｏ` is `go`, `ſ` is `s`, U+3000 is a space
///   and so refused), and `。` separates labels like `.`;
/// - no host holds a control, a noncharacter, U+FFFD, an unassigned or private-use code point,
///   or a zero-width joiner or bidirectional control;
/// - labels that are not ASCII become `xn--` Punycode, and `xn--` labels must decode to a label
///   this mapping leaves unchanged.
///
/// UTS #46's bidirectional and joiner context rules are not applied: the joiners are refused
/// outright, and a bidirectional label that breaks them still names one host, the same one in
/// the router and the browser.
enum DomainMapping {
    /// Why a domain has no ASCII form.
    enum Failure: Error, Equatable {
        /// Nothing is left once the dropped characters are removed.
        case empty
        /// A forbidden domain code point (`%`, a space…) after mapping.
        case forbidden(Unicode.Scalar)
        /// A code point no host may hold, with what kind it is.
        case notAllowed(Unicode.Scalar, String)
        /// An `xn--` label that is not Punycode for a valid label.
        case invalidPunycode(String)
    }

    /// `domain` mapped, checked and in ASCII, labels joined by `.`.
    static func toASCII(_ domain: String) -> Result<String, Failure> {
        let mapped: [Unicode.Scalar]
        switch map(domain) {
        case .success(let scalars): mapped = scalars
        case .failure(let failure): return .failure(failure)
        }
        guard !mapped.isEmpty else { return .failure(.empty) }
        var labels: [String] = []
        for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
            if label.allSatisfy(\.isASCII) {
                labels.append(String(String.UnicodeScalarView(label)))
            } else if let encoded = Punycode.encode(Array(label)) {
                labels.append("xn--" + encoded)
            } else {
                return .failure(.invalidPunycode(String(String.UnicodeScalarView(label))))
            }
        }
        let ascii = labels.joined(separator: ".")
        if let label = invalidPunycodeLabel(in: ascii.utf8) { return .failure(.invalidPunycode(label)) }
        return .success(ascii)
    }

    /// The first `xn--` label (any case) of an ASCII domain that does not decode to a label
    /// ``map(_:)`` leaves unchanged, or `nil` when every such label does (or there is none).
    static func invalidPunycodeLabel<Domain: Collection<UInt8>>(in domain: Domain) -> String? {
        // Most hosts have no `xn--` label: found without splitting (or allocating) first.
        guard hasPunycodeLabel(domain) else { return nil }
        for label in domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        where label.count >= 4 && ASCIICaseFolding.equals(label.prefix(4), "xn--") {
            // Mapped like the rest of the domain first: `XN--BCHER-KVA` is `xn--bcher-kva`.
            let text = String(decoding: label.map(ASCIICaseFolding.lowercased), as: UTF8.self)
            guard let decoded = Punycode.decode(Substring(text).dropFirst(4)), !decoded.isEmpty,
                case .success(let remapped) = map(String(String.UnicodeScalarView(decoded))),
                remapped == decoded
            else { return text }
        }
        return nil
    }

    /// Whether a label of `domain` starts with `xn--`, in any case.
    private static func hasPunycodeLabel<Domain: Collection<UInt8>>(_ domain: Domain) -> Bool {
        var atLabelStart = true
        var index = domain.startIndex
        while index != domain.endIndex {
            if atLabelStart, ASCIICaseFolding.equals(domain[index...].prefix(4), "xn--") { return true }
            atLabelStart = domain[index] == UInt8(ascii: ".")
            domain.formIndex(after: &index)
        }
        return false
    }

    /// The domain's code points after dropping, normalizing and lowercasing, each checked.
    private static func map(_ domain: String) -> Result<[Unicode.Scalar], Failure> {
        let normalized = domain.precomposedStringWithCompatibilityMapping.lowercased()
            .precomposedStringWithCanonicalMapping
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(normalized.unicodeScalars.count)
        for scalar in normalized.unicodeScalars {
            if isDropped(scalar) { continue }
            if scalar.value == 0x3002 {
                scalars.append(".")
                continue
            }
            if scalar.isASCII {
                if WebHost.isForbidden(UInt8(scalar.value)) { return .failure(.forbidden(scalar)) }
            } else if let kind = disallowedKind(scalar) {
                return .failure(.notAllowed(scalar, kind))
            }
            scalars.append(scalar)
        }
        return .success(scalars)
    }

    /// UTS #46's "ignored" code points, which browsers remove from a host.
    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD, 0x34F, 0x180B...0x180D, 0x180F, 0x200B, 0x2060, 0x2064, 0xFE00...0xFE0F, 0xFEFF,
            0x1BCA0...0x1BCA3, 0xE0100...0xE01EF:
            true
        default: false
        }
    }

    /// What kind of code point `scalar` is when no host may hold it, else `nil`.
    private static func disallowedKind(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        if URLComponentValidator.isControl(value) { return "a control character" }
        if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE { return "a noncharacter" }
        if value == 0xFFFD { return "the replacement character" }
        if URLComponentValidator.isInvisibleOrBidirectional(value) {
            return "a joiner or bidirectional control"
        }
        switch scalar.properties.generalCategory {
        case .unassigned: return "unassigned"
        case .privateUse: return "private use"
        default: return nil
        }
    }
}
