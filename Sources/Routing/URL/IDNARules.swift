/// The context rules UTS #46 checks on each label with CheckJoiners and CheckBidi (the URL
/// Standard sets both): IDNA2008's CONTEXTJ rules for the zero-width joiners (RFC 5892, Appendix
/// A.1 and A.2) and the bidi rule (RFC 5893, section 2). Without them a joiner or a direction
/// change could make two links that look alike name different hosts.
enum IDNARules {
    /// How a joiner in a label breaks CONTEXTJ.
    enum JoinerViolation: Equatable {
        /// U+200D not after a virama.
        case joiner
        /// U+200C neither after a virama nor between two joining letters.
        case nonJoiner
    }

    /// The first joiner of `label` that CONTEXTJ refuses, or `nil`.
    static func joinerViolation(in label: ArraySlice<UInt32>) -> JoinerViolation? {
        for index in label.indices where label[index] == 0x200C || label[index] == 0x200D {
            // After a virama (Canonical_Combining_Class 9) either joiner is allowed.
            if index > label.startIndex, UnicodeProperties.combiningClass(label[index - 1]) == 9 { continue }
            guard label[index] == 0x200C else { return .joiner }
            // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
            guard
                let before = label[..<index].last(where: { UnicodeProperties.joiningType($0) != .t }),
                [.l, .d].contains(UnicodeProperties.joiningType(before)),
                let after = label[(index + 1)...].first(where: { UnicodeProperties.joiningType($0) != .t }),
                [.r, .d].contains(UnicodeProperties.joiningType(after))
            else { return .nonJoiner }
        }
        return nil
    }

    /// Whether a domain whose labels are `labels` is a Bidi domain name: one holding a code point
    /// of Bidi_Class R, AL or AN. Only then is the bidi rule checked, on every label.
    static func isBidiDomain(_ labels: [[UInt32]]) -> Bool {
        labels.contains { label in
            label.contains { [.r, .al, .an].contains(UnicodeProperties.bidiClass($0)) }
        }
    }

    /// Whether `label` satisfies RFC 5893's six conditions.
    static func satisfiesBidiRule(_ label: [UInt32]) -> Bool {
        let classes = label.map(UnicodeProperties.bidiClass)
        guard let first = classes.first else { return true }
        // The label's end: its last code point that is not a nonspacing mark (conditions 3, 6).
        let last = classes.last { $0 != .nsm }
        switch first {
        case .r, .al:
            // Conditions 2 to 4: a right-to-left label.
            let allowed: Set<UnicodeProperties.BidiClass> = [
                .r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm,
            ]
            guard classes.allSatisfy(allowed.contains), let last, [.r, .al, .en, .an].contains(last) else {
                return false
            }
            return !(classes.contains(.en) && classes.contains(.an))
        case .l:
            // Conditions 5 and 6: a left-to-right label.
            let allowed: Set<UnicodeProperties.BidiClass> = [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
            guard classes.allSatisfy(allowed.contains), let last else { return false }
            return last == .l || last == .en
        default:
            // Condition 1: the first code point is L, R or AL.
            return false
        }
    }
}
