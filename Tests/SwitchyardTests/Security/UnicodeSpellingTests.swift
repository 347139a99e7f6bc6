import Testing

@testable import Switchyard

/// Architecture, "URL handling": no Unicode normalization, so NFC and NFD spellings are different
/// paths, and `/` is a byte: checks of the places where Swift's `String` (which compares and splits
/// by canonically equivalent characters) could make two spellings one, or hide a separator.
struct UnicodeSpellingTests {
    static let nfc = "caf%C3%A9"
    static let nfd = "cafe%CC%81"

    @Test("A literal segment matches only its own spelling")
    func literal() throws {
        let router = try Router(routes: [Route("/café", isPublic: true, controller: echo)])
        #expect(router.match("/" + Self.nfc) != nil)
        #expect(router.match("/" + Self.nfd) == nil)
    }

    @Test("A plain parameter keeps the spelling it was sent with")
    func parameter() throws {
        let router = try Router(routes: [Route("/tags/:tag", isPublic: true, controller: echo)])
        let nfd = try #require(router.match("/tags/" + Self.nfd)?.params["tag"])
        #expect(Array(nfd.utf8) == Array("cafe\u{301}".utf8))
        let nfc = try #require(router.match("/tags/" + Self.nfc)?.params["tag"])
        #expect(Array(nfc.utf8) == Array("caf\u{E9}".utf8))
    }

    /// Regression: `Constraint.oneOf` checked `Set<String>.contains`, and `String` equality is
    /// canonical equivalence, so the NFD spelling passed a constraint written in NFC.
    @Test("oneOf compares exactly: an NFD spelling does not pass an NFC value")
    func oneOf() throws {
        let router = try Router(routes: [
            Route(
                "/drinks/:name(drink)", isPublic: true, constraints: ["drink": .oneOf(["café"])],
                controller: echo)
        ])
        #expect(router.match("/drinks/" + Self.nfc) != nil)
        #expect(router.match("/drinks/" + Self.nfd) == nil)
        #expect(Constraint.oneOf(["café"]).accepts("cafe\u{301}") == false)
        #expect(Constraint.oneOf(["café"]).accepts("caf\u{E9}"))
    }

    /// Regression: `Parameters.segments(_:)` split with `Substring.split(separator: "/")`, which
    /// works on characters; `/` followed by a combining mark is one character, so it was not split.
    @Test("A glob's segments split at every '/' byte, even one followed by a combining mark")
    func globSegments() throws {
        let router = try Router(routes: [Route("/files/*path", isPublic: true, controller: echo)])
        let match = try #require(router.match("/files/a/\u{301}b/c"))
        #expect(match.params["path"] == "a/\u{301}b/c")
        #expect(
            match.params.segments("path").map { Array($0.utf8) }
                == ["a", "\u{301}b", "c"].map { Array($0.utf8) })
    }

    /// Regression: `Router.path(for:)` split a glob value with `String.split(separator: "/")`, so
    /// `a/\u{301}b` became the one segment `a%2F%CC%81b` where `a/b` gives two segments.
    @Test("Reverse routing splits a glob value at every '/' byte")
    func reverseGlob() throws {
        let router = try Router(routes: [
            Route("/files/*path", name: "files", isPublic: true, controller: echo)
        ])
        #expect(try router.path(for: "files", ["path": "a/b"]) == "/files/a/b")
        let path = try router.path(for: "files", ["path": "a/\u{301}b"])
        #expect(path == "/files/a/%CC%81b")
        #expect(router.match(path)?.params["path"] == "a/\u{301}b", "the value still round-trips")
    }
}
