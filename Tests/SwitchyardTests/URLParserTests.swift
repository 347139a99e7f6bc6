import Testing

@testable import Switchyard

/// Architecture, "URL handling": every form, every refusal reason and every limit of
/// ``URLParser/parse(_:configuration:)``.
struct URLParserTests {
    /// One row of a table: a URL and what the parser must make of it.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        /// The routed path when the URL is accepted.
        let path: String?
        /// The status when the URL is refused.
        let status: Status?
        /// A word or phrase the refusal reason must contain.
        let keyword: String
        /// `false`: a valid URL for a scheme or host the router does not serve, which reaches no
        /// route (the `notFound` controller answers it).
        var isServed = true
        /// The URL the router reads when it is not `url`: a web host spelled otherwise than a
        /// browser would go to (`ｈｏｓｔ`, `ex%41mple.com`) is read as that host.
        var parsedAs: String? = nil

        var testDescription: String {
            url.count > 80
                ? "\(url.prefix(60).debugDescription)… (\(url.utf8.count) bytes)" : url.debugDescription
        }

        static func accepts(_ url: String, _ path: String) -> Case {
            Case(url: url, path: path, status: nil, keyword: "")
        }

        static func refuses(_ url: String, _ status: Status, _ keyword: String) -> Case {
            Case(url: url, path: nil, status: status, keyword: keyword)
        }

        static func unserved(_ url: String, _ path: String, as parsed: String? = nil) -> Case {
            Case(url: url, path: path, status: nil, keyword: "", isServed: false, parsedAs: parsed)
        }

        static func accepts(_ url: String, _ path: String, as parsed: String) -> Case {
            Case(url: url, path: path, status: nil, keyword: "", parsedAs: parsed)
        }
    }

    static let app = Router.Configuration(schemes: ["mailapp"], hosts: ["mail.example.com"])

    static func check(_ row: Case, _ configuration: Router.Configuration) {
        switch URLParser.parse(row.url, configuration: configuration) {
        case .success(let parsed):
            guard let path = row.path else {
                Issue.record("accepted as \(parsed.pathString), expected \(row.status!) (\(row.keyword))")
                return
            }
            #expect(parsed.pathString == path)
            #expect(parsed.isServed == row.isServed, "served")
            let slashes = path.utf8.count { $0 == UInt8(ascii: "/") }
            #expect(parsed.segmentCount == (path == "/" ? 0 : slashes))
            #expect(parsed.path.isEmpty == (path == "/"))
            #expect(parsed.string == (row.parsedAs ?? row.url))
        case .failure(let rejection):
            guard let status = row.status else {
                Issue.record("refused (\(rejection.status): \(rejection.message)), expected \(row.path!)")
                return
            }
            #expect(rejection.status == status, "\(rejection.message)")
            #expect(rejection.message.contains(row.keyword), "reason: \(rejection.message)")
        }
    }

    // MARK: Forms

    @Test(arguments: [
        Case.accepts("/", "/"),
        Case.accepts("/messages", "/messages"),
        Case.accepts("/messages/7", "/messages/7"),
        Case.accepts("/messages/7/", "/messages/7"),
        Case.accepts("/messages/7?x=1#top", "/messages/7"),
        Case.accepts("/messages/7/?x=1", "/messages/7"),
        Case.accepts("/messages/#a/b", "/messages"),
        Case.accepts("/?q=1", "/"),
        Case.accepts("/#frag", "/"),
        Case.accepts("/a?b/c", "/a"),
        Case.accepts("/a:b@c!$&'()*+,;=", "/a:b@c!$&'()*+,;="),
        Case.accepts("/.hidden/a../.../..a", "/.hidden/a../.../..a"),
        Case.accepts("/a#x#y", "/a"),
        Case.accepts("mailapp://messages/7", "/messages/7"),
        Case.accepts("mailapp:///messages/7", "/messages/7"),
        Case.accepts("mailapp://messages", "/messages"),
        Case.accepts("mailapp://messages/", "/messages"),
        Case.accepts("mailapp://messages?x=1", "/messages"),
        Case.accepts("mailapp://messages#f", "/messages"),
        Case.accepts("mailapp://", "/"),
        Case.accepts("mailapp:///", "/"),
        Case.accepts("mailapp://?q=1", "/"),
        Case.accepts("mailapp://#f", "/"),
        Case.accepts("MailApp://messages/7", "/messages/7"),
        Case.accepts("MAILAPP://messages", "/messages"),
        // The host of a custom scheme is folded into the path as written: case is the matcher's
        // business (`caseSensitive`), not the parser's.
        Case.accepts("mailapp://Messages/7", "/Messages/7"),
        // With `///` the authority is empty, so '@' and ':' are ordinary path characters.
        Case.accepts("mailapp:///user@x:1", "/user@x:1"),
        Case.accepts("https://mail.example.com/messages/7", "/messages/7"),
        Case.accepts("https://mail.example.com/messages/7/?q#f", "/messages/7"),
        Case.accepts("http://mail.example.com/messages", "/messages"),
        Case.accepts("https://mail.example.com", "/"),
        Case.accepts("https://mail.example.com/", "/"),
        Case.accepts("https://mail.example.com?q=1", "/"),
        Case.accepts("https://mail.example.com#f", "/"),
        Case.accepts("HTTPS://MAIL.Example.COM/x", "/x"),
        Case.accepts("https://mail.example.com:443/x", "/x"),
        Case.accepts("http://mail.example.com:8080/x", "/x"),
        Case.accepts("https://mail.example.com:1/x", "/x"),
        Case.accepts("https://mail.example.com:65535/x", "/x"),
        Case.accepts("https://mail.example.com:00443/x", "/x"),
    ])
    func acceptedForms(_ row: Case) {
        Self.check(row, Self.app)
    }

    @Test(arguments: [
        Case.refuses("", .badRequest, "start with '/'"),
        Case.refuses("messages/7", .badRequest, "start with '/'"),
        Case.refuses("?q=1", .badRequest, "start with '/'"),
        Case.refuses("#f", .badRequest, "start with '/'"),
        Case.refuses(" /messages", .badRequest, "start with '/'"),
        Case.refuses("1app://messages", .badRequest, "start with '/'"),
        Case.refuses("mail_app://messages", .badRequest, "start with '/'"),
        Case.refuses("://messages", .badRequest, "start with '/'"),
        Case.refuses("mailapp:messages", .badRequest, "'//'"),
        Case.refuses("mailapp:/messages", .badRequest, "'//'"),
        Case.refuses("mailapp:", .badRequest, "'//'"),
        Case.refuses("javascript:alert(1)", .badRequest, "never names an app"),
        Case.refuses("https:mail.example.com/x", .badRequest, "'//'"),
        Case.refuses("https:/mail.example.com/x", .badRequest, "'//'"),
    ])
    func refusedForms(_ row: Case) {
        Self.check(row, Self.app)
    }

    @Test func pathRangeOfACustomSchemeStartsAtTheSecondSlash() throws {
        let parsed = try URLParser.parse("mailapp://messages/7?a=1#f", configuration: Self.app).get()
        #expect(parsed.path == 9..<20)
        #expect(parsed.query == 21..<24)
        #expect(parsed.fragment == 25..<26)
        #expect(parsed.segmentCount == 2)
    }

    @Test func queryRangeIsEmptyButPresentAfterALoneQuestionMark() throws {
        let withMark = try URLParser.parse("/a?", configuration: Self.app).get()
        #expect(withMark.query == 3..<3)
        let withoutMark = try URLParser.parse("/a#?b", configuration: Self.app).get()
        #expect(withoutMark.query == nil)
        #expect(withoutMark.fragment == 3..<5)
    }

    @Test func rootIsAnEmptyRange() throws {
        for url in ["/", "mailapp://", "mailapp:///", "https://mail.example.com", "/?a=b"] {
            let parsed = try URLParser.parse(url, configuration: Self.app).get()
            #expect(parsed.path.isEmpty, "\(url)")
            #expect(parsed.segmentCount == 0, "\(url)")
        }
    }

    // MARK: Escapes, UTF-8, controls

    @Test(arguments: [
        Case.accepts("/a%2Fb", "/a%2Fb"),
        Case.accepts("/a%2fb/c", "/a%2fb/c"),
        Case.accepts("/%252F", "/%252F"),
        Case.accepts("/caf%C3%A9", "/caf%C3%A9"),
        Case.accepts("/café", "/café"),
        Case.accepts("/%F0%9F%98%80/😀", "/%F0%9F%98%80/😀"),
        Case.accepts("/%EF%BF%BD", "/%EF%BF%BD"),
        Case.accepts("/\u{FFFD}", "/\u{FFFD}"),
        Case.accepts("/%41%7e", "/%41%7e"),
        Case.accepts("/a%20b", "/a%20b"),
        Case.accepts("/a%2F..", "/a%2F.."),
        Case.accepts("/a?msg=line1%0Aline2%09%0D", "/a"),
        Case.accepts("/a?x=%C2%85", "/a"),
        Case.accepts("/a?x=%E2%80%AE&%01=y", "/a"),
        Case.accepts("/a?x=\u{202E}", "/a"),
        Case.accepts("/a#%20ok%E2%9C%93", "/a"),
        Case.refuses("/a%zz", .badRequest, "malformed percent-escape"),
        Case.refuses("/a%", .badRequest, "malformed percent-escape"),
        Case.refuses("/%", .badRequest, "malformed percent-escape"),
        Case.refuses("/a%4", .badRequest, "malformed percent-escape"),
        Case.refuses("/a%4/b", .badRequest, "malformed percent-escape"),
        Case.refuses("/a%4?q", .badRequest, "malformed percent-escape"),
        Case.refuses("/a%g0", .badRequest, "malformed percent-escape"),
        Case.refuses("/a%%41", .badRequest, "malformed percent-escape"),
        Case.refuses("mailapp://%zz/7", .badRequest, "malformed percent-escape"),
        Case.refuses("/a?x=%zz", .badRequest, "malformed percent-escape at byte 5 of the query"),
        Case.refuses("/a?x=%", .badRequest, "malformed percent-escape"),
        Case.refuses("/a?x=%4#1", .badRequest, "malformed percent-escape"),
        Case.refuses("/a#%zz", .badRequest, "malformed percent-escape at byte 3 of the fragment"),
        Case.refuses("/%C3", .badRequest, "not valid UTF-8"),
        Case.refuses("/%C3/x", .badRequest, "not valid UTF-8"),
        Case.refuses("/%C3x", .badRequest, "not valid UTF-8"),
        Case.refuses("/%C3é", .badRequest, "not valid UTF-8"),
        Case.refuses("/%C0%AF", .badRequest, "not valid UTF-8"),
        Case.refuses("/%E0%80%AF", .badRequest, "not valid UTF-8"),
        Case.refuses("/%FF", .badRequest, "not valid UTF-8"),
        Case.refuses("/%A9", .badRequest, "not valid UTF-8"),
        Case.refuses("/%ED%A0%80", .badRequest, "not valid UTF-8"),
        Case.refuses("/%F4%90%80%80", .badRequest, "not valid UTF-8"),
        Case.refuses("/%E2%82", .badRequest, "not valid UTF-8"),
        Case.refuses("/?q=%C3", .badRequest, "not valid UTF-8"),
        Case.refuses("/?q=%C3&r=%A9", .badRequest, "not valid UTF-8"),
        Case.refuses("/#%C3", .badRequest, "not valid UTF-8"),
        Case.refuses("/a\u{0}", .badRequest, "control character U+0000 in the path"),
        Case.refuses("/a\nb", .badRequest, "control character U+000A"),
        Case.refuses("/a\tb", .badRequest, "control character U+0009"),
        Case.refuses("/a\u{1F}", .badRequest, "control character U+001F"),
        Case.refuses("/a\u{7F}", .badRequest, "control character U+007F"),
        Case.refuses("/a\u{80}", .badRequest, "control character U+0080"),
        Case.refuses("/a\u{85}", .badRequest, "control character U+0085"),
        Case.refuses("/a\u{9F}", .badRequest, "control character U+009F"),
        Case.refuses("/a%00", .badRequest, "control character U+0000"),
        Case.refuses("/a%0A", .badRequest, "control character U+000A"),
        Case.refuses("/a%0d%0a", .badRequest, "control character U+000D"),
        Case.refuses("/a%7F", .badRequest, "control character U+007F"),
        Case.refuses("/a%C2%85", .badRequest, "control character U+0085"),
        Case.refuses("mailapp://mes\nsages", .badRequest, "control character U+000A in the path"),
        Case.refuses("/a?x=\n", .badRequest, "control character U+000A in the query"),
        Case.refuses("/a?x=\u{85}", .badRequest, "control character U+0085 in the query"),
        Case.refuses("/a?x=%00", .badRequest, "control character U+0000 in the query"),
        Case.refuses("/a?%00=x", .badRequest, "control character U+0000 in the query"),
        Case.refuses("/a#\t", .badRequest, "control character U+0009 in the fragment"),
        Case.refuses("/a#%0A", .badRequest, "control character U+000A in the fragment"),
        Case.refuses("https://mail.example.com\u{0}/x", .badRequest, "control character U+0000 in the host"),
        Case.refuses("https://mail.example.com%0A/x", .badRequest, "control character U+000A in the host"),
    ])
    func escapesAndCharacters(_ row: Case) {
        Self.check(row, Self.app)
    }

    // MARK: Segments

    @Test(arguments: [
        Case.refuses("/.", .badRequest, "dot segment"),
        Case.refuses("/..", .badRequest, "dot segment"),
        Case.refuses("/./", .badRequest, "dot segment"),
        Case.refuses("/a/./b", .badRequest, "dot segment"),
        Case.refuses("/a/../b", .badRequest, "dot segment"),
        Case.refuses("/a/..", .badRequest, "dot segment"),
        Case.refuses("/a/../", .badRequest, "dot segment"),
        Case.refuses("/a/..?q", .badRequest, "dot segment"),
        Case.refuses("/%2e", .badRequest, "dot segment"),
        Case.refuses("/%2E%2e", .badRequest, "dot segment"),
        Case.refuses("/.%2E/admin", .badRequest, "dot segment"),
        Case.refuses("mailapp://../admin", .badRequest, "dot segment"),
        Case.refuses("mailapp://./admin", .badRequest, "dot segment"),
        Case.refuses("https://mail.example.com/../admin", .badRequest, "dot segment"),
        Case.refuses("/a//b", .badRequest, "empty segment"),
        Case.refuses("//admin", .badRequest, "empty segment"),
        Case.refuses("//", .badRequest, "empty segment"),
        Case.refuses("/a//", .badRequest, "empty segment"),
        Case.refuses("mailapp:////admin", .badRequest, "empty segment"),
        Case.refuses("mailapp://messages//7", .badRequest, "empty segment"),
        Case.refuses("https://mail.example.com//admin", .badRequest, "empty segment"),
        Case.refuses("/a\u{200B}b", .badRequest, "invisible or bidirectional character U+200B"),
        Case.refuses("/a\u{200F}", .badRequest, "invisible or bidirectional character U+200F"),
        Case.refuses("/\u{202A}", .badRequest, "invisible or bidirectional character U+202A"),
        Case.refuses("/\u{202E}gpj.exe", .badRequest, "invisible or bidirectional character U+202E"),
        Case.refuses("/\u{2060}", .badRequest, "invisible or bidirectional character U+2060"),
        Case.refuses("/\u{2064}", .badRequest, "invisible or bidirectional character U+2064"),
        Case.refuses("/\u{2066}", .badRequest, "invisible or bidirectional character U+2066"),
        Case.refuses("/\u{2069}", .badRequest, "invisible or bidirectional character U+2069"),
        Case.refuses("/\u{FEFF}admin", .badRequest, "invisible or bidirectional character U+FEFF"),
        Case.refuses("/%E2%80%8B", .badRequest, "invisible or bidirectional character U+200B"),
        Case.refuses("/%e2%80%ae", .badRequest, "invisible or bidirectional character U+202E"),
        Case.refuses("/%EF%BB%BFadmin", .badRequest, "invisible or bidirectional character U+FEFF"),
        Case.refuses("mailapp://\u{202E}messages", .badRequest, "invisible or bidirectional character"),
        // Just outside the refused ranges.
        Case.accepts("/a\u{200A}b", "/a\u{200A}b"),
        Case.accepts("/\u{2065}", "/\u{2065}"),
        Case.accepts("/\u{2029}", "/\u{2029}"),
        Case.accepts("/\u{A0}", "/\u{A0}"),
    ])
    func segments(_ row: Case) {
        Self.check(row, Self.app)
    }

    @Test func noUnicodeNormalization() throws {
        let nfc = try URLParser.parse("/caf\u{E9}", configuration: Self.app).get()
        let nfd = try URLParser.parse("/cafe\u{301}", configuration: Self.app).get()
        #expect(Array(nfc.pathString.utf8) == Array("/caf\u{E9}".utf8))
        #expect(Array(nfd.pathString.utf8) == Array("/cafe\u{301}".utf8))
        #expect(Array(nfc.pathString.utf8) != Array(nfd.pathString.utf8))
    }

    // MARK: Authority

    @Test(arguments: [
        Case.refuses("mailapp://user@messages/7", .badRequest, "user-info"),
        Case.refuses("mailapp://@messages", .badRequest, "user-info"),
        Case.refuses("https://user@mail.example.com/x", .badRequest, "user-info"),
        Case.refuses("https://user:pw@mail.example.com/x", .badRequest, "user-info"),
        Case.refuses("https://evil.com@mail.example.com/x", .badRequest, "user-info"),
        Case.refuses("https://mail.example.com\\@evil.com/x", .badRequest, "user-info"),
        // Syntax comes before acceptance: user-info is refused on any scheme.
        Case.refuses("evil://user@messages", .badRequest, "user-info"),
        Case.refuses("mailapp://messages:80/7", .badRequest, "port"),
        Case.refuses("mailapp://messages:/7", .badRequest, "port"),
        Case.refuses("mailapp://:80", .badRequest, "port"),
        Case.refuses("https://mail.example.com:0/x", .badRequest, "invalid port"),
        Case.refuses("https://mail.example.com:65536/x", .badRequest, "invalid port"),
        Case.refuses("https://mail.example.com:99999999999999999999999/x", .badRequest, "invalid port"),
        Case.refuses("https://mail.example.com:/x", .badRequest, "invalid port"),
        Case.refuses("https://mail.example.com:8a/x", .badRequest, "invalid port"),
        Case.refuses("https://mail.example.com:-1/x", .badRequest, "invalid port"),
        Case.refuses("https://mail.example.com:+443/x", .badRequest, "invalid port"),
        Case.refuses("https:///x", .badRequest, "empty host"),
        Case.refuses("https://", .badRequest, "empty host"),
        Case.refuses("https://:443/x", .badRequest, "empty host"),
        Case.refuses("https://mail.example.com%zz/x", .badRequest, "malformed percent-escape"),
    ])
    func authority(_ row: Case) {
        Self.check(row, Self.app)
    }

    // MARK: Acceptance

    @Test(arguments: [
        Case.unserved("evil://messages/7", "/messages/7"),
        Case.unserved("mailapps://messages", "/messages"),
        Case.unserved("mail://messages", "/messages"),
        Case.refuses("javascript://alert(1)", .notFound, "scheme"),
        // A URL that is not for the app is refused before its path is looked at.
        Case.refuses("evil://messages/%zz", .badRequest, "malformed percent-escape"),
        Case.unserved("https://evil.example.com/x", "/x"),
        Case.unserved("https://mail.example.com.evil.com/x", "/x"),
        Case.unserved("https://evil.com/mail.example.com", "/mail.example.com"),
        Case.unserved("https://mail.example.com./x", "/x"),
        Case.unserved("https://mail.example.co/x", "/x"),
        Case.accepts("https://mail%2Eexample.com/x", "/x", as: "https://mail.example.com/x"),
        Case.refuses("https://mail.example.com\\evil.com/x", .badRequest, "raw '\\'"),
        Case.unserved("https://[::1]/x", "/x"),
        Case.unserved("ftp://mail.example.com/x", "/mail.example.com/x"),
    ])
    func acceptance(_ row: Case) {
        Self.check(row, Self.app)
    }

    /// `schemes: []` accepts any custom scheme but the ones that never name an app.
    @Test(arguments: [
        Case.accepts("anyapp://messages/7", "/messages/7"),
        Case.accepts("x-callback-url://do", "/do"),
        Case.accepts("com.example.app+v2://open", "/open"),
        Case.refuses("javascript://alert(1)", .notFound, "scheme"),
        Case.refuses("JavaScript://%0Aalert(1)", .badRequest, "control character"),
        Case.refuses("data://text/html", .notFound, "scheme"),
        Case.refuses("file:///etc/passwd", .notFound, "scheme"),
        Case.refuses("about://blank", .notFound, "scheme"),
        Case.refuses("blob://x", .notFound, "scheme"),
        Case.refuses("VBScript://x", .notFound, "scheme"),
        Case.unserved("https://mail.example.com/x", "/x"),
        Case.unserved("http://localhost/x", "/x"),
    ])
    func openConfiguration(_ row: Case) {
        Self.check(row, Router.Configuration())
    }

    @Test func refusedSchemesStayRefusedWhenListed() {
        let configuration = Router.Configuration(schemes: ["javascript", "File", "mailapp"])
        Self.check(.refuses("javascript://x", .notFound, "scheme"), configuration)
        Self.check(.refuses("file:///x", .notFound, "scheme"), configuration)
        Self.check(.accepts("mailapp://x", "/x"), configuration)
    }

    @Test func configuredSchemesAndHostsCompareCaseInsensitively() {
        let configuration = Router.Configuration(schemes: ["MailApp"], hosts: ["Mail.Example.COM"])
        Self.check(.accepts("mailapp://x", "/x"), configuration)
        Self.check(.accepts("MAILAPP://x", "/x"), configuration)
        Self.check(.accepts("https://mail.example.com/x", "/x"), configuration)
    }

    /// A host is read as a browser reads it: a compatibility form (`ſ`, fullwidth letters) or a
    /// character browsers drop (U+200B, U+FEFF) spells the host itself, which is where the browser
    /// goes; a different letter (Cyrillic `о`) is another host, in Punycode, and never passes for
    /// the configured one.
    @Test(arguments: [
        Case.accepts("https://HOST/x", "/x"),
        Case.accepts("https://HoSt:8443/x", "/x"),
        Case.accepts("https://ho\u{17F}t/x", "/x", as: "https://host/x"),
        Case.accepts("https://\u{FF48}\u{FF4F}\u{FF53}\u{FF54}/x", "/x", as: "https://host/x"),
        Case.unserved("https://h\u{43E}st/x", "/x", as: "https://xn--hst-sed/x"),
        Case.accepts("https://hos\u{200B}t/x", "/x", as: "https://host/x"),
        Case.accepts("https://host\u{FEFF}/x", "/x", as: "https://host/x"),
        Case.unserved("https://hosts/x", "/x"),
        Case.unserved("https://hos/x", "/x"),
        Case.unserved("https://[::1]:8080/x", "/x"),
        Case.unserved("https://[::1]/x", "/x"),
        Case.refuses("https://[::1]:0/x", .badRequest, "invalid port"),
    ])
    func lookAlikeHosts(_ row: Case) {
        Self.check(row, Router.Configuration(hosts: ["host"]))
    }

    /// An IPv6 literal is served by `*` only: no host entry can name one.
    @Test func ipv6LiteralsAreServedByStarOnly() {
        Self.check(.accepts("https://[::1]:8080/x", "/x"), Router.Configuration(hosts: ["*"]))
        Self.check(.unserved("https://[::1]/x", "/x"), Router.Configuration(hosts: ["*.example.com"]))
    }

    // MARK: Limits

    static let small = Router.Configuration(
        schemes: ["mailapp"], hosts: ["mail.example.com"],
        limits: Router.Limits(urlBytes: 40, segments: 3, queryItems: 2))

    @Test(arguments: [
        Case.accepts("/" + String(repeating: "a", count: 39), "/" + String(repeating: "a", count: 39)),
        Case.refuses("/" + String(repeating: "a", count: 40), .uriTooLong, "40 bytes"),
        // Bytes, not characters: 1 + 19 × 2 + 1 = 40 bytes in 21 characters.
        Case.accepts(
            "/" + String(repeating: "é", count: 19) + "a", "/" + String(repeating: "é", count: 19) + "a"),
        Case.refuses("/" + String(repeating: "é", count: 20), .uriTooLong, "bytes"),
        Case.accepts("/a/b/c", "/a/b/c"),
        Case.accepts("/a/b/c/", "/a/b/c"),
        Case.refuses("/a/b/c/d", .uriTooLong, "3 segments"),
        Case.accepts("/a%2Fb%2Fc%2Fd/e", "/a%2Fb%2Fc%2Fd/e"),
        Case.accepts("mailapp://a/b/c", "/a/b/c"),
        Case.refuses("mailapp://a/b/c/d", .uriTooLong, "segments"),
        Case.accepts("mailapp:///a/b/c", "/a/b/c"),
        Case.accepts("https://mail.example.com/a/b/c", "/a/b/c"),
        Case.refuses("https://mail.example.com/a/b/c/d", .uriTooLong, "segments"),
        Case.accepts("/?a&b", "/"),
        Case.accepts("/?a=1&b=2#&c&d", "/"),
        Case.accepts("/?&a&&b&", "/"),
        Case.refuses("/?a&b&c", .uriTooLong, "query items"),
        Case.refuses("/?a=1&b=2&=", .uriTooLong, "query items"),
        // Limits come before every other check.
        Case.refuses("/a/b/c/%zz", .uriTooLong, "segments"),
        Case.refuses("evil://a/b/c/d", .uriTooLong, "segments"),
        Case.refuses("/?%zz&b&c", .uriTooLong, "query items"),
        Case.refuses("evil:" + String(repeating: "%", count: 40), .uriTooLong, "bytes"),
    ])
    func limits(_ row: Case) {
        Self.check(row, Self.small)
    }

    @Test func defaultLimitsAreExact() {
        let defaults = Router.Configuration()
        let longest = "/" + String(repeating: "a", count: 8191)
        Self.check(.accepts(longest, longest), defaults)
        Self.check(.refuses(longest + "a", .uriTooLong, "8192 bytes"), defaults)
        let deepest = String(repeating: "/a", count: 64)
        Self.check(.accepts(deepest, deepest), defaults)
        Self.check(.refuses(deepest + "/a", .uriTooLong, "64 segments"), defaults)
        let widest = "/?" + Array(repeating: "k=v", count: 256).joined(separator: "&")
        Self.check(.accepts(widest, "/"), defaults)
        Self.check(.refuses(widest + "&k=v", .uriTooLong, "256 query items"), defaults)
    }

    // MARK: Robustness

    @Test(arguments: [
        Case.refuses("%", .badRequest, "start with '/'"),
        Case.refuses("%%", .badRequest, "start with '/'"),
        Case.refuses(":", .badRequest, "start with '/'"),
        Case.unserved("a:", "/"),
        Case.unserved("a://", "/"),
        Case.refuses("\u{0}", .badRequest, "start with '/'"),
        Case.refuses("/\u{0}\u{0}", .badRequest, "control character"),
        Case.refuses(String(decoding: [0xFF, 0x2F, 0x61], as: UTF8.self), .badRequest, "start with '/'"),
        Case.accepts(String(decoding: [0x2F, 0x61, 0xFF, 0xC3], as: UTF8.self), "/a\u{FFFD}\u{FFFD}"),
        Case.refuses("https://[", .badRequest, "complete IPv6 address"),
        Case.refuses("https://]:", .badRequest, "invalid port"),
        Case.refuses("https://@", .badRequest, "user-info"),
        Case.refuses("https://:", .badRequest, "invalid port"),
        Case.accepts("/?", "/"),
        Case.refuses("/%%%", .badRequest, "malformed percent-escape"),
        Case.refuses(String(repeating: "/", count: 10), .badRequest, "empty segment"),
        Case.refuses(String(repeating: "%", count: 1_000_000), .uriTooLong, "bytes"),
        Case.refuses("/" + String(repeating: "/a", count: 1_000), .uriTooLong, "64 segments"),
    ])
    func neverCrashes(_ row: Case) {
        Self.check(row, Self.app)
    }

    @Test func largeInputsWithinLimitsParse() {
        let generous = Router.Configuration(
            limits: Router.Limits(urlBytes: 3_000_000, segments: 200_000, queryItems: 200_000))
        let escaped = "/" + String(repeating: "%41", count: 900_000)
        Self.check(.accepts(escaped, escaped), generous)
        let deep = String(repeating: "/%C3%A9", count: 150_000)
        Self.check(.accepts(deep, deep), generous)
        let nested = "/?" + String(repeating: "a=%00&", count: 100_000)
        Self.check(.refuses(nested, .badRequest, "control character U+0000 in the query"), generous)
    }
}
