import Testing

@testable import Switchyard

/// `explain` of a link no route matches lists the literals the trie had where matching stopped,
/// from the trie the source walks: an external or content trace never names a private route's.
@Suite("Routing: explain lists the literals where matching stopped")
struct ExplainLiteralsTests {
    static let echo: Controller = { Response(request: $0) }

    static let router: Router = {
        do {
            return try Router(
                routes: [
                    Route("/articles/new", name: "newArticle", isPublic: true, controller: echo),
                    Route("/articles/:id(int)", name: "article", isPublic: true, controller: echo),
                    Route("/messages/:id(int)", name: "message", isPublic: true, controller: echo),
                    Route("/drafts/:id(int)", name: "draft", controller: echo),
                    Route("/settings", name: "settings", controller: echo),
                ],
                configuration: .init(schemes: ["mailapp"]))
        } catch {
            fatalError("the test table is valid: \(error)")
        }
    }()

    static let cases: [(url: String, source: Source, line: String?)] = [
        (
            "/artciles/7", .app,
            "at segment 1 'artciles': the literals here are 'articles', 'drafts', 'messages', 'settings'"
        ),
        // The public trie: the private routes' literals do not exist here.
        (
            "/artciles/7", .external(sourceApplication: nil),
            "at segment 1 'artciles': the literals here are 'articles', 'messages'"
        ),
        ("/artciles/7", .content, "at segment 1 'artciles': the literals here are 'articles', 'messages'"),
        (
            "/settngs", .external(sourceApplication: "com.other"),
            "at segment 1 'settngs': the literals here are 'articles', 'messages'"
        ),
        // Past a literal, the segment where a literal and the constraint both refused it.
        ("/articles/abc", .app, "at segment 2 'abc': the literal here is 'new'"),
        ("mailapp://articles/abc", .app, "at segment 2 'abc': the literal here is 'new'"),
        // Decoded, as the walk compares it.
        (
            "/artic%20les", .app,
            "at segment 1 'artic les': the literals here are 'articles', 'drafts', 'messages', 'settings'"
        ),
        // A match, or a path that ran out before any literal was missed: no line.
        ("/articles/7", .app, nil),
        ("/articles", .app, nil),
    ]

    @Test("the line, placed just before the verdict", arguments: cases)
    func line(url: String, source: Source, line: String?) {
        let lines = Self.router.explain(url, source: source).split(separator: "\n").map(String.init)
        let stopLines = lines.filter { $0.hasPrefix("at segment ") }
        #expect(stopLines == (line.map { [$0] } ?? []), "\(lines)")
        if let line, let index = lines.firstIndex(of: line) {
            #expect(lines[index + 1] == "no route matches: 404 Not Found")
        }
    }

    @Test("no private route's literal appears in an external or content trace, whatever the path")
    func privateLiteralsStayHidden() {
        for url in ["/artciles/7", "/x", "/drafs/1", "/setings", "/artciles/new"] {
            for source in [Source.external(sourceApplication: nil), .content] {
                let trace = Self.router.explain(url, source: source)
                #expect(!trace.contains("'drafts'") && !trace.contains("'settings'"), "\(url): \(trace)")
            }
        }
    }

    @Test("ten literals at most, then how many more")
    func capped() throws {
        let routes = (1...13).map { Route("/topic\($0)", controller: Self.echo) }
        let trace = try Router(routes: routes).explain("/topic")
        #expect(
            trace.contains(
                "\nat segment 1 'topic': the literals here are 'topic1', 'topic10', 'topic11', 'topic12', "
                    + "'topic13', 'topic2', 'topic3', 'topic4', 'topic5', 'topic6' and 3 more\n"))
    }
}
