import Foundation
import Switchyard

extension History {
    /// One recorded response: a line of the history file.
    ///
    /// ```swift
    /// let entries = try lines.map { try JSONDecoder().decode(History.Entry.self, from: Data($0.utf8)) }
    /// ```
    public struct Entry: Sendable, Hashable, Codable {
        /// When the response was recorded; written as ISO 8601 with milliseconds, in UTC.
        public let time: Date
        /// Who sent the request.
        public let source: Source
        /// The URL as received, with sensitive values redacted.
        public let url: String
        /// The pattern of the matched route, if one matched.
        public let route: String?
        /// The response's status code.
        public let status: Int
        /// How long the request took, in milliseconds; written rounded to microseconds, in the
        /// shortest form that reads back (`0.412`, `1.1`, `100`).
        public let durationMilliseconds: Double

        /// Creates an entry.
        public init(
            time: Date, source: Source, url: String, route: String? = nil, status: Int,
            durationMilliseconds: Double
        ) {
            self.time = time
            self.source = source
            self.url = url
            self.route = route
            self.status = status
            self.durationMilliseconds = durationMilliseconds
        }

        /// The application that opened the URL, for external requests that reported one.
        public var sourceApplication: String? { source.application }

        private enum CodingKeys: String, CodingKey {
            case time, source, sourceApplication, url, route, status
            case durationMilliseconds = "durationMs"
        }

        private static let timeFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

        /// Reads an entry from a history line.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let timeText = try container.decode(String.self, forKey: .time)
            time = try Self.timeFormat.parse(timeText)
            let kind = try container.decode(String.self, forKey: .source)
            let application = try container.decodeIfPresent(String.self, forKey: .sourceApplication)
            guard let source = Source(kind: kind, sourceApplication: application) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .source, in: container, debugDescription: "unknown source '\(kind)'")
            }
            self.source = source
            url = try container.decode(String.self, forKey: .url)
            route = try container.decodeIfPresent(String.self, forKey: .route)
            status = try container.decode(Int.self, forKey: .status)
            durationMilliseconds = try container.decode(Double.self, forKey: .durationMilliseconds)
        }

        /// Writes the entry as a history line's object; absent values are written as `null`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(time.formatted(Self.timeFormat), forKey: .time)
            try container.encode(source.kind, forKey: .source)
            try container.encode(sourceApplication, forKey: .sourceApplication)
            try container.encode(url, forKey: .url)
            try container.encode(route, forKey: .route)
            try container.encode(status, forKey: .status)
            try container.encode(
                (durationMilliseconds * 1000).rounded() / 1000, forKey: .durationMilliseconds)
        }

        /// The entry as one line of JSON, newline included, with the same bytes on every OS
        /// (`JSONWriter`'s compact style). JSON escapes every control character in strings, so the
        /// only newline is the last byte.
        func jsonLine() throws -> Data {
            var data = try JSONWriter().encode(self)
            data.append(0x0A)
            return data
        }
    }
}
