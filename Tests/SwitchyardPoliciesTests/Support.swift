import Foundation
import SwitchyardPolicies

/// Counts side effects across tasks.
actor Counter {
    private(set) var value = 0
    private(set) var labels: [String] = []

    func increment(_ label: String = "") {
        value += 1
        labels.append(label)
    }
}

/// A clock tests move by hand, for ``RateLimit``.
final class ManualClock: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `elapsed` is only read and written while holding `lock`.
    private let lock = NSLock()
    private var elapsed = Duration.zero

    var now: Duration {
        lock.lock()
        defer { lock.unlock() }
        return elapsed
    }

    func advance(by duration: Duration) {
        lock.lock()
        defer { lock.unlock() }
        elapsed += duration
    }
}

/// A policy that counts its runs and gives `result`.
func counting(_ name: String, _ counter: Counter, verified: Bool) -> Policy {
    Policy(name) { request in
        await counter.increment(name)
        return verified
            ? .verified : .failed(Response(request: request, status: .forbidden, data: ["by": name]))
    }
}

/// A controller that counts its runs and answers 200.
func countingController(_ counter: Counter) -> Controller {
    { request in
        await counter.increment("controller")
        return Response(request: request)
    }
}

/// Percent-encodes everything but RFC 3986 unreserved characters.
func encoded(_ value: String) -> String {
    let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return value.addingPercentEncoding(withAllowedCharacters: unreserved)!
}

/// A source for table-driven tests.
enum Sender: Sendable, CustomStringConvertible {
    case app
    case external(String?)

    var description: String {
        switch self {
        case .app: "app"
        case .external(let application?): "external(\(application))"
        case .external(nil): "external(nil)"
        }
    }

    func send(_ url: String, router: Router) async -> Response {
        switch self {
        case .app: await Connection.send(url, router: router)
        case .external(let application):
            await Connection.send(
                fromPublicURL: "mailapp:/" + url, sourceApplication: application, router: router)
        }
    }
}
