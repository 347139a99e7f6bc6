import Testing

@testable import Switchyard

/// The typed-link round trip, seeded: for random routes over a few `Codable` shapes and random
/// values of them, `path(for: name, value)` is the path ``LinkModel`` predicts (or the refusal it
/// predicts), `match` of it reaches the route, and the request it sends decodes, in the route's
/// controller, back to `value`: in-app and from another app.
@Suite("Typed requests: decode(match(path(for: value))) == value (seeded)")
struct TypedRoundTripPropertyTests {
    static let seeds: [UInt64] = Array(1...200)
    static let valuesPerSeed = 6

    /// Every shape in turn, so each gets a quarter of the seeds.
    static func run(seed: UInt64) async throws {
        switch seed % 4 {
        case 0: try await roundTrips(MessageShape.self, seed: seed)
        case 1: try await roundTrips(SearchShape.self, seed: seed)
        case 2: try await roundTrips(FilesShape.self, seed: seed)
        default: try await roundTrips(WideShape.self, seed: seed)
        }
    }

    /// The table the router accepts: decoys sharing a shape with the route, or with each other, are
    /// dropped; `nil` when the route's own optional parts repeat a shape. Checks that the router
    /// accepts and refuses exactly these.
    static func accepted<S: LinkShape>(_ scenario: LinkScenario<S>) -> (ReferenceMatcher, Router)? {
        var specs = scenario.specs
        var matcher = ReferenceMatcher(routes: specs, caseSensitive: scenario.caseSensitive)
        if !matcher.conflictingRoutes.isEmpty {
            specs = [specs[0]]
            matcher = ReferenceMatcher(routes: specs, caseSensitive: scenario.caseSensitive)
        }
        let configuration = Router.Configuration(
            caseSensitive: scenario.caseSensitive, plusAsSpace: scenario.plusAsSpace)
        let decoding: Controller = { request in
            Response(request: request, data: ["value": try request.decode(S.self)])
        }
        let routes = specs.map { spec in
            spec.name == LinkScenario<S>.name
                ? Route(
                    spec.pattern, name: spec.name, isPublic: true, constraints: spec.constraints,
                    controller: decoding)
                : spec.route()
        }
        do {
            let router = try Router(routes: routes, configuration: configuration)
            #expect(matcher.conflictingRoutes.isEmpty, "accepted \(specs.map(\.pattern))")
            return matcher.conflictingRoutes.isEmpty ? (matcher, router) : nil
        } catch {
            #expect(!matcher.conflictingRoutes.isEmpty, "refused \(specs.map(\.pattern)): \(error)")
            return nil
        }
    }

    static func roundTrips<S: LinkShape>(_ type: S.Type, seed: UInt64) async throws {
        let scenario = LinkScenario<S>(seed: seed, values: valuesPerSeed)
        guard let (matcher, router) = accepted(scenario) else { return }
        let name = LinkScenario<S>.name
        for (index, value) in scenario.values.enumerated() {
            let expected = LinkModel.outcome(value.texts, matcher: matcher)
            let context = "seed \(seed): \(value) for \(matcher.routes.map(\.pattern))"
            let actual = Result { try router.path(for: name, value) }
            switch (expected, actual) {
            case (.refused(let refusal), .failure(let error)):
                let error = try #require(error as? RoutingError, "\(error); \(context)")
                #expect(error.status == .badRequest, "\(error); \(context)")
                #expect(
                    error.message.contains(refusal.rawValue)
                        || refusal == .elsewhere && error.message.contains("would not give back"),
                    "expected a refusal (\(refusal)), got \(error); \(context)")
            case (.refused(let refusal), .success(let path)):
                Issue.record("expected a refusal (\(refusal)), got \(path); \(context)")
            case (.path(let path, _), .failure(let error)):
                Issue.record("expected \(path), got \(error); \(context)")
            case (.path(let path, let params), .success(let actual)):
                #expect(actual == path, "\(context)")
                let match = try #require(router.match(actual), "\(actual) matches nothing; \(context)")
                #expect(match.route.name == name, "\(actual); \(context)")
                #expect(Routing.bytes(match.params) == Routing.bytes(params), "\(actual); \(context)")
                let response =
                    index.isMultiple(of: 2)
                    ? await Connection.send(actual, router: router)
                    : await Connection.send(fromPublicURL: actual, sourceApplication: nil, router: router)
                #expect(
                    response.status == .ok, "\(actual): \(String(describing: response.error)); \(context)")
                #expect(
                    response.data["value"] as? S == value,
                    "\(actual) decoded as \(response.data["value"] ?? "nothing"); \(context)")
            }
        }
    }

    @Test(
        "path(for:) is the model's path or refusal, and the link decodes back to the value", arguments: seeds)
    func roundTrip(seed: UInt64) async throws {
        try await Self.run(seed: seed)
    }

    /// Guards the generator, from the model alone: a property that held because every value was
    /// refused, or because no pattern had a glob, would prove little.
    @Test("the generated routes and values exercise what they should")
    func coverage() {
        var tables = (accepted: 0, refused: 0)
        var outcomes: [String: (links: Int, refused: Int)] = [:]
        var refusals: [LinkModel.Refusal: Int] = [:]
        var features: [String: Int] = [:]
        func tally<S: LinkShape>(_ type: S.Type, seed: UInt64) {
            let scenario = LinkScenario<S>(seed: seed, values: Self.valuesPerSeed)
            var specs = scenario.specs
            if !ReferenceMatcher(routes: specs, caseSensitive: scenario.caseSensitive).conflictingRoutes
                .isEmpty
            {
                specs = [specs[0]]
            }
            let matcher = ReferenceMatcher(routes: specs, caseSensitive: scenario.caseSensitive)
            guard matcher.conflictingRoutes.isEmpty else {
                tables.refused += 1
                return
            }
            tables.accepted += 1
            let pattern = specs[0].pattern
            let shape = "\(S.self)"
            if specs.count > 1 { features["decoys", default: 0] += 1 }
            if pattern.contains("*") { features["glob", default: 0] += 1 }
            if pattern.contains("(/") { features["optional part", default: 0] += 1 }
            let nested = specs[0].parts.contains {
                guard case .optional(let inner) = $0 else { return false }
                return inner.contains { if case .optional = $0 { true } else { false } }
            }
            if nested { features["nested optional part", default: 0] += 1 }
            if specs[0].expansions.joined().contains(where: {
                if case .parameter(_, _?) = $0 { true } else { false }
            }) {
                features["constraint", default: 0] += 1
            }
            for value in scenario.values {
                switch LinkModel.outcome(value.texts, matcher: matcher) {
                case .refused(let refusal):
                    outcomes[shape, default: (0, 0)].refused += 1
                    refusals[refusal, default: 0] += 1
                case .path(let path, let params):
                    outcomes[shape, default: (0, 0)].links += 1
                    let queried = value.texts.filter { params[$0.name] == nil }
                    if queried.contains(where: { $0.values.count > 1 }) {
                        features["repeated item", default: 0] += 1
                    }
                    if queried.contains(where: { $0.values == [""] }) {
                        features["empty query value", default: 0] += 1
                    }
                    if value.texts.contains(where: \.values.isEmpty) {
                        features["nil or empty left out", default: 0] += 1
                    }
                    if S.self == FilesShape.self, pattern.contains("*path"),
                        (params["path"]?.contains("/")) == true
                    {
                        features["glob of several segments", default: 0] += 1
                    }
                    if path.contains("%2F") { features["/ in a one-segment value", default: 0] += 1 }
                    if scenario.plusAsSpace { features["plusAsSpace", default: 0] += 1 }
                    if !scenario.caseSensitive { features["case-insensitive", default: 0] += 1 }
                }
            }
        }
        for seed in Self.seeds {
            switch seed % 4 {
            case 0: tally(MessageShape.self, seed: seed)
            case 1: tally(SearchShape.self, seed: seed)
            case 2: tally(FilesShape.self, seed: seed)
            default: tally(WideShape.self, seed: seed)
            }
        }
        let links = outcomes.values.map(\.links).reduce(0, +)
        let refused = outcomes.values.map(\.refused).reduce(0, +)
        let summary = "tables \(tables), outcomes \(outcomes), refusals \(refusals), features \(features)"
        #expect(tables.refused * 10 <= Self.seeds.count, "\(summary)")
        #expect(links * 100 >= (links + refused) * 80, "\(links) links of \(links + refused); \(summary)")
        #expect(outcomes.count == 4 && outcomes.values.allSatisfy { $0.links >= 60 }, "\(summary)")
        #expect(Set(refusals.keys) == Set(LinkModel.Refusal.allCases), "\(summary)")
        let expectedFeatures = [
            "decoys", "glob", "optional part", "nested optional part", "constraint", "repeated item",
            "empty query value", "nil or empty left out", "glob of several segments",
            "/ in a one-segment value",
            "plusAsSpace", "case-insensitive",
        ]
        #expect(expectedFeatures.allSatisfy { features[$0, default: 0] >= 5 }, "\(summary)")
    }
}
