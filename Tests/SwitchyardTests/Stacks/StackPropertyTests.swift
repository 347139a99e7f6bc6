import Testing

@testable import Switchyard

/// `sendStack` against a small reference model, over random route tables with parents: public and
/// private routes, some with a policy that fails for one value. The model builds each ancestor's
/// URL itself (its literal and the link's values, not `path(for:)`), sends it with the link's
/// source through `Connection.send`, and keeps the answers its own route gave with a 2xx, then the
/// link's: the stack must be exactly that.
@Suite("Stacks: sendStack against a reference model")
struct StackPropertyTests {
    /// One route of a random table: its own literal and parameter, under its parent's path.
    struct ModelRoute {
        let name: String
        let parent: Int?
        let literal: String
        let parameter: String?
        let isPublic: Bool
        /// A policy that fails (403) when this route's parameter is `"no"`.
        let picky: Bool
    }

    /// A random table: routes nest under their parents, so a child has every ancestor's parameters.
    static func table(_ generator: inout SplitMix64) -> [ModelRoute] {
        (0..<(2 + generator.below(7))).map { index -> ModelRoute in
            let parent = index > 0 && generator.chance(75) ? generator.below(index) : nil
            return ModelRoute(
                name: "r\(index)", parent: parent, literal: "l\(index)",
                parameter: generator.chance(70) ? "p\(index)" : nil, isPublic: generator.chance(70),
                picky: generator.chance(25))
        }
    }

    /// The route's path with `values`, written by the model: each ancestor's literal and value,
    /// root first.
    static func path(_ index: Int, in table: [ModelRoute], values: [String: String]) -> String {
        var chain = [index]
        while let parent = table[chain[0]].parent { chain.insert(parent, at: 0) }
        return chain.map { level in
            let route = table[level]
            return "/" + route.literal + (route.parameter.map { "/" + (values[$0] ?? "?") } ?? "")
        }.joined()
    }

    /// With `lenientFallback`, the notFound controller answers 200, as a web-view fallback may:
    /// then only the route's name tells an ancestor's own answer from the fallback's.
    static func router(_ table: [ModelRoute], lenientFallback: Bool) throws -> Router {
        return try Router(
            routes: table.indices.map { index in
                let route = table[index]
                var pattern = ""
                var chain = [index]
                while let parent = table[chain[0]].parent { chain.insert(parent, at: 0) }
                for level in chain {
                    pattern += "/" + table[level].literal + (table[level].parameter.map { "/:" + $0 } ?? "")
                }
                return Route(
                    pattern, name: route.name, isPublic: route.isPublic,
                    parent: route.parent.map { table[$0].name },
                    policies: route.picky ? [picky(route.parameter)] : []
                ) { Response(request: $0) }
            },
            configuration: .init(
                schemes: ["app"],
                notFound: lenientFallback ? Self.lenient : nil))
    }

    static let lenient: Controller = { Response(request: $0, status: .ok) }

    /// Fails (403) when `parameter`'s value is `"no"`.
    static func picky(_ parameter: String?) -> Policy {
        Policy("picky") { request in
            request.params[parameter ?? ""] == "no"
                ? .failed(Response(request: request, status: .forbidden)) : .verified
        }
    }

    /// What the model says the stack is: the link's answer decides; each ancestor, root first, is
    /// kept when its own route answers it with a 2xx.
    static func expected(
        _ url: String, source: Source, table: [ModelRoute], values: [String: String], router: Router
    )
        async -> [(route: String?, url: String, status: Status)]
    {
        func send(_ url: String) async -> Response {
            if case .external(let app) = source {
                return await Connection.send(fromPublicURL: url, sourceApplication: app, router: router)
            }
            return await Connection.send(url, router: router)
        }
        let answer = await send(url)
        let level = { (response: Response) in
            (response.request.route?.name, response.request.url, response.status)
        }
        guard answer.status.isSuccess, let name = answer.request.route?.name,
            var index = table.firstIndex(where: { $0.name == name })
        else { return [level(answer)] }
        var ancestors: [Int] = []
        while let parent = table[index].parent {
            ancestors.insert(parent, at: 0)
            index = parent
        }
        var stack: [(route: String?, url: String, status: Status)] = []
        for ancestor in ancestors {
            let response = await send("app:/" + path(ancestor, in: table, values: values))
            if response.status.isSuccess, response.request.route?.name == table[ancestor].name {
                stack.append(level(response))
            }
        }
        return stack + [level(answer)]
    }

    @Test("sendStack equals the model on 400 random tables, in-app and from outside")
    func matchesTheModel() async throws {
        var generator = SplitMix64(seed: 0x5354_4143_4B53)
        var deepStacks = 0
        var leftOut = 0
        for _ in 0..<400 {
            let table = Self.table(&generator)
            let router = try Self.router(table, lenientFallback: generator.chance(50))
            for _ in 0..<4 {
                let target = generator.below(table.count)
                var values: [String: String] = [:]
                for route in table {
                    if let parameter = route.parameter {
                        values[parameter] = generator.pick(["a", "7", "no"])
                    }
                }
                let url = "app:/" + Self.path(target, in: table, values: values)
                let source: Source = generator.chance(50) ? .app : .external(sourceApplication: nil)
                let stack =
                    if case .external = source {
                        await Connection.sendStack(fromPublicURL: url, sourceApplication: nil, router: router)
                    } else {
                        await Connection.sendStack(url, router: router)
                    }
                let model = await Self.expected(
                    url, source: source, table: table, values: values, router: router)
                #expect(stack.map(\.request.route?.name) == model.map(\.route), "\(url) from \(source)")
                #expect(stack.map(\.request.url) == model.map(\.url), "\(url) from \(source)")
                #expect(stack.map(\.status) == model.map(\.status), "\(url) from \(source)")
                #expect(stack.allSatisfy { $0.request.source == source })
                if stack.count >= 3 { deepStacks += 1 }
                var depth = 0
                var index = target
                while let parent = table[index].parent {
                    depth += 1
                    index = parent
                }
                if stack.last?.status.isSuccess == true && stack.count < depth + 1 { leftOut += 1 }
            }
        }
        // The generator reaches the interesting cases, so the comparison above means something.
        #expect(deepStacks > 50)
        #expect(leftOut > 50)
    }
}
