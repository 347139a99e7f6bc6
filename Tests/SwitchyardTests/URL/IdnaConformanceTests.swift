import Foundation
import Testing

@testable import Switchyard

/// Web hosts against WPT's UTS #46 corpus (`IdnaTestV2.json`, vendored in `WPT/` with its
/// license), run as WPT's `url/IdnaTestV2.any.js` runs it: each input (`:`, `/`, `?`, `#` and `\`
/// percent-encoded, so they reach the host parser) is the host of `https://<input>/x`, which must
/// fail when WPT's output is null and otherwise have WPT's output as its host. The empty input is
/// skipped, as WPT skips it (no URL has an empty `https` host).
@Suite("URL: web hosts against WPT's IdnaTestV2.json (UTS #46)")
struct IdnaConformanceTests {
    /// One case of the file.
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        /// WPT's host, `nil` when WPT expects failure.
        let output: String?
        /// The UTS #46 rules WPT's generator says the input breaks (`C1`, `V6`, `B1`…), if any.
        let comment: String?

        var testDescription: String { input.debugDescription }

        /// The link WPT builds: the input as host, the code points that would end it escaped.
        var url: String {
            var host = ""
            for scalar in input.unicodeScalars {
                switch scalar {
                case ":", "/", "?", "#", "\\": host += String(format: "%%%02X", scalar.value)
                default: host.unicodeScalars.append(scalar)
                }
            }
            return "https://\(host)/x"
        }
    }

    static let corpusURL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("WPT").appendingPathComponent("IdnaTestV2.json")

    /// Every object of the file (strings are comments), or why the file could not be read.
    static let loaded: Result<[Case], any Error> = Result {
        let json = scalarValueJSON(try Data(contentsOf: corpusURL))
        let entries = try JSONSerialization.jsonObject(with: json) as? [Any] ?? []
        return entries.compactMap { entry -> Case? in
            guard let object = entry as? [String: Any], let input = object["input"] as? String else {
                return nil
            }
            return Case(
                input: input, output: object["output"] as? String, comment: object["comment"] as? String)
        }
    }

    /// The file with each lone surrogate escape (`"a\\ud900z"`) made U+FFFD, as a browser's `URL`
    /// constructor makes it (it takes a string of scalar values); JSONSerialization refuses them.
    static func scalarValueJSON(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        func unit(at index: Int) -> UInt32? {
            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            return UInt32(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16)
        }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count,
                bytes[index + 1] != UInt8(ascii: "u")
            {
                output += bytes[index...index + 1]
                index += 2
            } else if let high = unit(at: index), (0xD800...0xDFFF).contains(high) {
                if high < 0xDC00, let low = unit(at: index + 6), (0xDC00...0xDFFF).contains(low) {
                    output += bytes[index..<index + 12]
                    index += 12
                } else {
                    output += Array("\\uFFFD".utf8)
                    index += 6
                }
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return Data(output)
    }

    /// The cases WPT runs: all but the empty input.
    static let cases = ((try? loaded.get()) ?? []).filter { !$0.input.isEmpty }

    static func router(hosts: Set<String> = ["*"]) throws -> Router {
        try Router(
            routes: [Route("/x", isPublic: true) { Response(request: $0) }],
            configuration: .init(hosts: hosts))
    }

    /// The host the router read from the link it routed.
    static func routedHost(_ response: Response) -> String? {
        guard let parsed = response.request.resolved?.parsed, case .web(let host) = parsed.link else {
            return nil
        }
        return String(parsed.string.substring(utf8: host))
    }

    @Test("The vendored file is whole: 2,671 cases, 2,670 run (WPT skips the empty input), 1,553 valid")
    func corpusIsWhole() throws {
        let all = try Self.loaded.get()
        #expect(all.count == 2671)
        #expect(Self.cases.count == 2670)
        #expect(Self.cases.filter { $0.output != nil }.count == 1553)
    }

    @Test(
        "Every case agrees with WPT: 2,670 of 2,670; a router serving \"*\" routes a link only to the host it names"
    )
    func everyCaseAgrees() async throws {
        let router = try Self.router()
        var failures: [String] = []
        var refusedElsewhere: [String] = []
        for wptCase in Self.cases {
            let response = await Connection.send(wptCase.url, router: router)
            let message = response.error?.message ?? ""
            let described = "\(wptCase.input.debugDescription) [\(wptCase.comment ?? "")]"
            if let output = wptCase.output {
                let host = Self.routedHost(response)?.lowercased()
                if response.status != .ok || host != output {
                    failures.append(
                        "\(described): \(response.status.code) \(host ?? message), WPT '\(output)'")
                }
            } else if response.status == .ok {
                failures.append(
                    "\(described): routed to '\(Self.routedHost(response) ?? "")', WPT refuses it")
            } else if !message.utf8.starts(with: "invalid host '".utf8) {
                // Compared as bytes: a host starting with a combining mark joins the quote.
                refusedElsewhere.append("\(described): \(message)")
            }
        }
        #expect(Self.cases.count - failures.count == 2670, "agree with WPT")
        #expect(
            failures.isEmpty, "\(failures.count) disagree:\n\(failures.prefix(60).joined(separator: "\n"))")
        // Three inputs hold a `%` that starts no escape: Switchyard refuses that in any part of a
        // URL before reading the host, and WPT refuses them too.
        #expect(
            refusedElsewhere.count == 3
                && refusedElsewhere.allSatisfy { $0.contains("malformed percent-escape") },
            "refused, but not for the host:\n\(refusedElsewhere.joined(separator: "\n"))")
    }

    @Test("A link WPT gives a host reaches a router that serves just that host")
    func validReachesItsHost() async throws {
        var reached = 0
        for wptCase in Self.cases {
            guard let output = wptCase.output, case .success = HostPattern.parse(output) else { continue }
            let response = await Connection.send(wptCase.url, router: try Self.router(hosts: [output]))
            #expect(
                response.status == .ok,
                "\(wptCase.input.debugDescription) did not reach \(output): \(response.error?.message ?? "")")
            reached += 1
        }
        #expect(reached > 1000)
    }
}
