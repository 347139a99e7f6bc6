import Foundation

/// Fuzz target `aasa` (issue 27): `apple-app-site-association` files and links. A file is the
/// input's bytes as they are (first byte ≡ 7 mod 8), or, mostly, a JSON file assembled from the
/// input: details as an array or a dictionary, `appIDs` or `appID`, components with every key
/// (a query dictionary sometimes holding a non-string value), legacy `paths` with `NOT `, entry
/// and `applinks` defaults, substitution variables, patterns of `*`, `?`, `$(…)`, escapes and
/// non-ASCII text, unknown keys. Decoding never crashes (an error is fine). For a file that
/// decodes, and each link, for `appID` `nil`, each app of the file and an unknown one:
///
/// - `matches` is `verdict == .opens`, and the public verdict is the counted one;
/// - a verdict's indices are in range of `details` and of that entry's components (or paths), and
///   a verdict for an app names an entry listing it (an unlisted app is never opened or excluded);
/// - with `nil`, a verdict naming an entry with apps is the verdict of one of them, and an
///   `.opens` for any app makes the `nil` verdict `.opens` of a rule no later;
/// - a file with a host leaves links to another host (and non-`https` links) `.notMatched`, and
///   judges its own host's links as the file without a host does;
/// - `jsonData()` decodes to an equal file with equal verdicts;
/// - the automata's steps stay within ``AASAWork/limit(link:file:appID:)``, linear in the link.
func fuzzAppSiteAssociation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let text: String
    let bytes: Data
    let links: [AASALink]
    if input.pick(8) == 7 {
        var raw: [UInt8] = []
        while !input.isExhausted { raw.append(input.byte()) }
        bytes = Data(raw)
        text = String(decoding: raw, as: UTF8.self)
        links = AASALink.fixed
    } else {
        text = input.aasaFile()
        bytes = Data(text.utf8)
        links = (0..<(1 + input.pick(6))).map { _ in input.aasaLink() }
    }
    var file: AppSiteAssociation
    do {
        file = try AppSiteAssociation(json: bytes)
    } catch {
        return 0
    }
    switch input.pick(4) {
    case 0: file.host = "example.com"
    case 1: file.host = "Example.COM"
    default: break
    }
    AASACheck(file: file, source: text, links: links).run()
    return 0
}

/// The work bound: `verdict(for:appID:steps:)` counts, per character read, every edge of every
/// current state and every state an epsilon closure adds. A pattern compiled to `S` states has
/// at most `S - 1` character edges and `S - 1` epsilon edges, and its current set never holds a
/// state twice, so one run over a text of `n` scalars costs at most `(S - 1) + n(2S - 1)`, under
/// `2S(n + 1)`. `S` is at most one more than ``size(_:variables:)``.
///
/// Per rule: the path is run twice at most (a pattern ending `/*` again without it; a leading `/`
/// may be added), the fragment and a whole-query pattern once; an item pattern once per item of
/// its name (or once on ""), whose lengths plus count stay under `2(n + 1)`. Every text is part
/// of the link, no longer than its UTF-8 bytes (decoding shortens, folding keeps the length).
/// So a rule costs at most `2(L + 1) × w` with `w` = `2(path + 2) + (fragment + 1) + query`,
/// query being `whole + 1` or `2 Σ (item + 1)`, and a verdict at most `2(L + 1) × W`, `W` the sum
/// of `w` over the rules of every entry the verdict may try (with `nil`, an entry once per app it
/// lists). ``limit(link:file:appID:)`` allows twice that.
enum AASAWork {
    static func limit(link: String, file: AppSiteAssociation, appID: String?) -> Int {
        let length = link.utf8.count
        var total = 0
        for detail in file.applinks.details {
            let times = appID.map { detail.appIDs.contains($0) ? 1 : 0 } ?? max(1, detail.appIDs.count)
            guard times > 0 else { continue }
            total += times * weight(of: detail, file: file.applinks)
        }
        return 4 * (length + 1) * (total + 1)
    }

    /// `W` for one entry: every rule it has, each part's largest candidate (own, entry default,
    /// file default, or the built-in `*`).
    static func weight(of detail: AppSiteAssociation.Detail, file: AppSiteAssociation.AppLinks) -> Int {
        let variables = file.substitutionVariables ?? [:]
        func size(_ pattern: String?) -> Int { pattern.map { Self.size($0, variables: variables) } ?? 1 }
        if detail.components.isEmpty, let paths = detail.paths {
            return paths.reduce(0) { $0 + 2 * (size($1) + 2) + 2 + 2 }
        }
        let levels = [detail.defaults, file.defaults]
        func largest(_ own: String?, _ key: KeyPath<AppSiteAssociation.Defaults, String?>) -> Int {
            ([own, "*"] + levels.map { $0?[keyPath: key] }).map(size).max() ?? 1
        }
        func queryCost(_ query: AppSiteAssociation.QueryPattern?) -> Int {
            switch query {
            case nil: 2
            case .pattern(let pattern): size(pattern) + 1
            case .items(let items): 2 * items.values.reduce(0) { $0 + size($1) + 1 } + 2
            }
        }
        return detail.components.reduce(0) { sum, component in
            let query = ([component.query] + levels.map { $0?.query }).map(queryCost).max() ?? 2
            return sum + 2 * (largest(component.path, \.path) + 2) + largest(component.fragment, \.fragment)
                + 1
                + query
        }
    }

    /// A pattern's scalars, plus for each `$(name)` naming a custom or built-in list (custom
    /// first) one state for its end and each value's scalars plus one.
    static func size(_ pattern: String, variables: [String: [String]]) -> Int {
        let scalars = Array(pattern.unicodeScalars)
        var total = scalars.count
        for index in scalars.indices where scalars[index] == "$" && index + 2 < scalars.count {
            guard scalars[index + 1] == "(", let close = scalars[(index + 2)...].firstIndex(of: ")") else {
                continue
            }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: scalars[(index + 2)..<close])
            if let values = variables[String(name)] ?? BuiltInSubstitutionVariables.values(of: String(name)) {
                total += 1 + values.reduce(0) { $0 + $1.unicodeScalars.count + 1 }
            }
        }
        return total
    }
}

/// The checks on one decoded file.
struct AASACheck {
    let file: AppSiteAssociation
    let source: String
    let links: [AASALink]

    private var details: [AppSiteAssociation.Detail] { file.applinks.details }

    private func fail(_ message: String, _ link: String? = nil) -> Never {
        let place = link.map { "\n  link: \($0.debugDescription)" } ?? ""
        finding(message + place + "\n  host: \(file.host ?? "none")", source)
    }

    func run() {
        var apps: [String] = []
        for detail in details { for app in detail.appIDs where !apps.contains(app) { apps.append(app) } }
        let again: AppSiteAssociation
        let json = file.jsonData()
        do {
            again = try AppSiteAssociation(json: json)
        } catch {
            fail(
                "jsonData() does not decode: \(error.message)\n  json: \(String(decoding: json, as: UTF8.self))"
            )
        }
        guard again == file else {
            fail("jsonData() decodes to another file\n  json: \(String(decoding: json, as: UTF8.self))")
        }
        var reread = again
        reread.host = file.host
        var unhosted = file
        unhosted.host = nil
        for link in links {
            var verdicts: [String: AppSiteAssociation.Verdict] = [:]
            for app in apps + [AASAWords.unknownApp] {
                verdicts[app] = check(link, appID: app, reread: reread, unhosted: unhosted)
            }
            let any = check(link, appID: nil, reread: reread, unhosted: unhosted)
            checkAnyApp(any, verdicts: verdicts, link: link.text)
        }
    }

    /// The checks of one link for one `appID`; returns the verdict.
    private func check(
        _ link: AASALink, appID: String?, reread: AppSiteAssociation, unhosted: AppSiteAssociation
    ) -> AppSiteAssociation.Verdict {
        let url = link.text
        let who = appID.map { "app \($0.debugDescription)" } ?? "any app"
        var steps = 0
        let verdict = file.verdict(for: url, appID: appID, steps: &steps)
        let limit = AASAWork.limit(link: url, file: file, appID: appID)
        if steps > limit {
            fail("\(who): \(steps) automaton steps, over the linear bound \(limit)", url)
        }
        let publicVerdict = file.verdict(for: url, appID: appID)
        if publicVerdict != verdict {
            fail("\(who): verdict(for:appID:) \(publicVerdict), counted \(verdict)", url)
        }
        var isOpens = false
        if case .opens = verdict { isOpens = true }
        let matches = file.matches(url, appID: appID)
        if matches != isOpens { fail("\(who): matches \(matches), verdict \(verdict)", url) }
        switch verdict {
        case .opens(let detail, let component), .excluded(let detail, let component):
            guard details.indices.contains(detail) else {
                fail("\(who): \(verdict) names no entry of \(details.count)", url)
            }
            let entry = details[detail]
            let rules = entry.components.isEmpty ? (entry.paths?.count ?? 0) : entry.components.count
            if !(0..<rules).contains(component) {
                fail("\(who): \(verdict) names no rule of the entry's \(rules)", url)
            }
            if let appID, !entry.appIDs.contains(appID) {
                fail("\(who): \(verdict) names an entry for \(entry.appIDs)", url)
            }
        case .notMatched: break
        }
        if link.kind == .never || (link.kind == .otherHost && file.host != nil), verdict != .notMatched {
            fail("\(who): \(verdict) for a link the file \(file.host ?? "without host") cannot open", url)
        }
        if link.kind == .fileHost, file.host != nil {
            let withoutHost = unhosted.verdict(for: url, appID: appID)
            if withoutHost != verdict {
                fail("\(who): \(verdict), but \(withoutHost) for the file without a host", url)
            }
        }
        let rereadVerdict = reread.verdict(for: url, appID: appID)
        if rereadVerdict != verdict {
            fail("\(who): \(verdict), but \(rereadVerdict) after jsonData() and decoding", url)
        }
        return verdict
    }

    /// `nil` judges each app alone: its verdict is one of theirs, the first `.opens` (else the
    /// first `.excluded`) in entry order. (An entry naming no app is judged alone too, which no
    /// `appID` reaches, so such entries are only bounded from one side.)
    private func checkAnyApp(
        _ any: AppSiteAssociation.Verdict, verdicts: [String: AppSiteAssociation.Verdict], link: String
    ) {
        if verdicts[AASAWords.unknownApp] != .notMatched,
            !details.contains(where: { $0.appIDs.contains(AASAWords.unknownApp) })
        {
            fail("an unlisted app: \(verdicts[AASAWords.unknownApp]!)", link)
        }
        func rule(_ verdict: AppSiteAssociation.Verdict) -> (Int, Int)? {
            switch verdict {
            case .opens(let detail, let component), .excluded(let detail, let component): (detail, component)
            case .notMatched: nil
            }
        }
        let opened = verdicts.values.compactMap { verdict -> (Int, Int)? in
            if case .opens(let detail, let component) = verdict { return (detail, component) }
            return nil
        }
        if let first = opened.min(by: <) {
            guard case .opens(let detail, let component) = any, (detail, component) <= first else {
                fail("any app: \(any), but app verdicts open \(first)", link)
            }
        }
        if let (detail, _) = rule(any), !details[detail].appIDs.isEmpty,
            !details[detail].appIDs.contains(where: { verdicts[$0] == any })
        {
            fail("any app: \(any), which none of the entry's apps \(details[detail].appIDs) has", link)
        }
        if any == .notMatched, let some = verdicts.first(where: { $0.value != .notMatched }) {
            fail("any app: .notMatched, but \(some.key.debugDescription): \(some.value)", link)
        }
    }
}
