import Foundation

extension AppSiteAssociation {
    /// Why bytes are not an `apple-app-site-association` file iOS would read, in one line.
    public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, naming the place in the file: `not JSON: …`, `the top level is an
        /// array, not an object`, `applinks.details[0].appIDs: expected an array`.
        public let message: String

        /// `message`.
        public var description: String { message }
    }

    /// Reads a file's bytes, as a server serves them.
    ///
    /// ```swift
    /// let deployed = try AppSiteAssociation(json: Data(contentsOf: fileURL))
    /// ```
    ///
    /// - Throws: ``FileError`` naming the problem: bytes that are not JSON, a top level that is
    ///   not an object, or a key of the wrong type (with its place in the file).
    public init(json data: Data) throws(FileError) {
        // One parser, the one that reads the file: JSONSerialization's answers (and its NSNumber
        // booleans) differ between Foundation versions.
        let decoder = JSONDecoder()
        let topLevel: TopLevel
        do {
            topLevel = try decoder.decode(TopLevel.self, from: data)
        } catch {
            throw FileError(message: "not JSON: " + Self.reason(of: error))
        }
        guard topLevel == .object else {
            throw FileError(message: "the top level is \(topLevel.rawValue), not an object")
        }
        do {
            self = try decoder.decode(AppSiteAssociation.self, from: data)
        } catch let error as DecodingError {
            throw FileError(message: Self.describe(error))
        } catch {
            throw FileError(message: Self.reason(of: error))
        }
    }

    /// What a JSON text holds at its top level.
    private enum TopLevel: String, Decodable {
        case object = "an object"
        case array = "an array"
        case string = "a string"
        case number = "a number"
        case boolean = "a boolean"
        case null

        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if (try? decoder.container(keyedBy: AnyKey.self)) != nil {
                self = .object
            } else if (try? decoder.unkeyedContainer()) != nil {
                self = .array
            } else {
                let value = try decoder.singleValueContainer()
                if value.decodeNil() {
                    self = .null
                } else if (try? value.decode(Bool.self)) != nil {
                    self = .boolean
                } else if (try? value.decode(String.self)) != nil {
                    self = .string
                } else {
                    _ = try value.decode(Double.self)
                    self = .number
                }
            }
        }
    }

    /// The parser's own words, one line: the underlying error's when the decoder wraps one, not
    /// the `DecodingError` wrapper.
    private static func reason(of error: any Error) -> String {
        if case .dataCorrupted(let context) = error as? DecodingError {
            return context.underlyingError.map(reason(of:)) ?? context.debugDescription
        }
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        return text.split(separator: "\n").first.map(String.init) ?? text
    }

    /// `applinks.details[0].appIDs: expected an array`-style text.
    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                let name = key.stringValue
                if let index = key.intValue {
                    text += "[\(index)]"
                } else if !name.isEmpty,
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                {
                    text += (text.isEmpty ? "" : ".") + name
                } else {
                    // An app ID key (`TEAM.app`), `/`, or text with a newline: quoted, so the
                    // place stays one unambiguous line.
                    text += "[\(String(reflecting: name))]"
                }
            }
            return text.isEmpty ? "the file" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)): expected \(expected(type))"
        case .valueNotFound(let type, let context):
            return "\(place(context.codingPath)): expected \(expected(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [String].Type: "an array of strings"
        case is [Any].Type: "an array"
        case is [String: [String]].Type: "an object of string arrays"
        default: "\(type)"
        }
    }
}
