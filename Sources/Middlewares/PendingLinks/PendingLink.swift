import Foundation
import Switchyard

/// One link held by ``PendingLinks``, and one line of its file.
///
/// The line holds what a relaunch needs to send the link as it arrived: the URL as received,
/// the source and the arrival time (seconds since 1970, as a JSON number in Swift's shortest form),
/// keys sorted by their UTF-8 bytes, the same bytes on every OS:
///
/// ```json
/// {"arrival":1700000000.123,"source":"app","url":"mailapp://inbox"}
/// {"arrival":1700000001.5,"source":"external","sourceApplication":"com.apple.mobilesafari",
///  "url":"https://mail.example.com/messages/7"}
/// ```
///
/// (The second line is one line in the file; it is wrapped here.) `sourceApplication` is absent
/// for in-app links and for external ones the OS reported no application for. Keys a reader does
/// not know are ignored, and kept when the file is rewritten.
struct PendingLink: Sendable {
    /// The URL as received and its source: the line's `url`, `source` and `sourceApplication`,
    /// written as ``Switchyard/InterruptedLink`` writes them.
    let link: InterruptedLink
    /// Wall-clock time, not a monotonic instant: it has to mean the same after a relaunch.
    let arrival: Date
    /// In-app data, kept in memory only: it need not be encodable, and a relaunched process has
    /// other objects anyway.
    var data: [String: any Sendable] = [:]
    /// The first ``PendingLinks/deliver(router:)`` call allowed to send the link; see
    /// ``PendingLinks/deliver(router:)`` on links held from inside a delivery. Memory only: a
    /// relaunch starts over.
    var firstDelivery: UInt64 = 0
    /// The link's line, newline included. Encoded once, because every removal rewrites the file
    /// with the lines of all the links that remain.
    let line: Data

    var url: String { link.url }
    var source: Source { link.source }

    /// A line's fields: the link's own keys, and `arrival`. Decoding ignores unknown keys.
    private struct Fields: Codable {
        var link: InterruptedLink
        var arrival: Double

        private enum CodingKeys: String, CodingKey {
            case arrival
        }

        init(link: InterruptedLink, arrival: Double) {
            self.link = link
            self.arrival = arrival
        }

        init(from decoder: any Decoder) throws {
            link = try InterruptedLink(from: decoder)
            arrival = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .arrival)
        }

        func encode(to encoder: any Encoder) throws {
            try link.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(arrival, forKey: .arrival)
        }
    }

    /// A new link, encoded as a line by `JSONWriter`. JSON escapes every control character in
    /// strings, so the only newline is the last byte and a line never spans two.
    init(_ link: InterruptedLink, arrival: Date, data: [String: any Sendable] = [:]) throws {
        var line = try JSONWriter().encode(Fields(link: link, arrival: arrival.timeIntervalSince1970))
        line.append(0x0A)
        self.link = link
        self.arrival = arrival
        self.data = data
        self.line = line
    }

    /// The link a line of the file holds (without its newline), or `nil` when the line is not one.
    init?(line: Data, decoder: JSONDecoder) {
        guard let fields = try? decoder.decode(Fields.self, from: line) else { return nil }
        link = fields.link
        arrival = Date(timeIntervalSince1970: fields.arrival)
        self.line = line + [0x0A]
    }
}
