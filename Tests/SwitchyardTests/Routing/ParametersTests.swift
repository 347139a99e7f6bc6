import Testing

@testable import Switchyard

/// Architecture, "Requests, responses, policies and middleware", `Parameters` as a match hands them
/// out: typed access, names, order and raw values.
@Suite("Parameters of a match")
struct ParametersTests {
    static let router = try! Router(routes: [
        Routing.route("/m/:id(int)/:slug"), Routing.route("/f/*path"),
    ])

    @Test(
        "get(_:as:) converts the decoded value, or gives nil",
        arguments: [
            ("/m/42/x", "id", Int?.some(42)),
            ("/m/-9223372036854775808/x", "id", Int.min),
            ("/m/9223372036854775807/x", "id", Int.max),
            ("/m/007/x", "id", 7),
            ("/m/1/x", "slug", nil),
            ("/m/1/x", "nope", nil),
            ("/m/1/%31%32", "slug", 12),
        ])
    func get(path: String, name: String, value: Int?) throws {
        let params = try #require(Self.router.match(path)).params
        #expect(params.get(name, as: Int.self) == value)
    }

    @Test(
        "require(_:as:) throws 400 for a missing or unconvertible value",
        arguments: [
            ("nope", "missing parameter 'nope'"),
            ("slug", "parameter 'slug' is not a valid Int"),
        ])
    func require(name: String, message: String) throws {
        let params = try #require(Self.router.match("/m/1/abc")).params
        let error = Routing.routingError { try params.require(name, as: Int.self) }
        #expect(error?.status == .badRequest)
        #expect(error?.message == message)
        #expect(try params.require("id", as: Int.self) == 1)
        #expect(try params.require("slug", as: String.self) == "abc")
    }

    @Test("names, count, iteration in pattern order; raw keeps the escapes")
    func shape() throws {
        let params = try #require(Self.router.match("/m/%31/a%2Fb")).params
        #expect(params.names == ["id", "slug"])
        #expect(params.count == 2)
        #expect(!params.isEmpty)
        #expect(params.map { "\($0.name)=\($0.value)" } == ["id=1", "slug=a/b"])
        #expect(params.raw("slug") == "a%2Fb")
        #expect(params.raw("id") == "%31")
        #expect(params.raw("nope") == nil)
        let glob = try #require(Self.router.match("/f/a%20b/c")).params
        #expect(glob.raw("path") == "a%20b/c")
        #expect(Parameters().isEmpty)
        #expect(Parameters()["x"] == nil)
    }
}
