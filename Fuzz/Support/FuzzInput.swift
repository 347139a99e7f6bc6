import Dispatch

/// Reads fuzzer bytes as a stream of small choices; past the end every read is 0, so any input,
/// including an empty one, decodes to something.
struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    var isExhausted: Bool { offset >= bytes.count }

    /// The bytes read so far (reads past the end read no byte): everything decoded up to now
    /// depends on these alone.
    var consumed: ArraySlice<UInt8> { bytes[..<min(offset, bytes.count)] }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    /// A choice in `0..<count`.
    mutating func pick(_ count: Int) -> Int {
        Int(byte()) % max(count, 1)
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[pick(choices.count)]
    }

    /// Up to `limit` raw bytes, as a string that may hold replacement characters.
    mutating func rawString(limit: Int) -> String {
        let count = pick(limit + 1)
        var raw: [UInt8] = []
        for _ in 0..<count where !isExhausted { raw.append(byte()) }
        return String(decoding: raw, as: UTF8.self)
    }

    /// A path segment: mostly from `vocabulary` (the words the route table cares about), some
    /// percent-encoded or case-changed, some raw bytes.
    mutating func segment(_ vocabulary: [String]) -> String {
        let word = pick(vocabulary)
        switch pick(8) {
        case 0: return rawString(limit: 6)
        case 1: return Self.percentEncoded(word, every: true)
        case 2: return word.uppercased()
        default: return word
        }
    }

    /// `word` with every byte (or every letter) written as `%XX`.
    static func percentEncoded(_ word: String, every: Bool) -> String {
        var output = ""
        for byte in word.utf8 {
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            if every || isLetter {
                output += "%" + String(byte >> 4, radix: 16, uppercase: true)
                output += String(byte & 0x0F, radix: 16, uppercase: true)
            } else {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return output
    }
}

/// Words shared by the fuzz targets' generators: the route table's literals and values that
/// meet or just miss its constraints, plus hostile spellings.
enum Vocabulary {
    static let segments = [
        "users", "new", "edit", "profile", "files", "photos", "page", "feed", "admin", "deep",
        "x", "end", "go", "news", "mail", "42", "-7", "0", "99999999999999999999", "9223372036854775807",
        "abc", "Abc9", "a%2Fb", "%252F", "%2e", "%2e%2e", ".", "..", "", "a b", "%20",
        "123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-42661417400", "%00", "%0a",
        "%C3%A9", "e%CC%81", "%E2%80%AE", "%EF%BB%BF", "%C0%AF", "%FF", "%zz", "%", "%C3", "Admin",
        "%61dmin", "admin;x", "hoſt", "ＡＢＣ", ".well-known", "%2Ewell-known", ".Well-Known", "caf\u{E9}",
        "CAF\u{C9}", "caf%C3%A9", "a%20b",
    ]
}

/// Carries a value out of a `Task` to a thread that waits on a semaphore.
///
/// `@unchecked Sendable` is safe: `value` is written once by the task before `signal()` and read
/// only after `wait()` returns, and the semaphore orders the two.
final class Handoff<Value>: @unchecked Sendable {
    var value: Value?
}

/// Runs async `body` to completion from synchronous fuzzer code. The fuzzer thread is not one of
/// the concurrency pool's threads, so blocking it cannot starve the task it waits for.
///
/// `Task.immediate` runs the body on this thread up to its first real suspension, which for
/// stages that never suspend is the whole send: a hop to a pool thread and back per input cost
/// milliseconds on a loaded machine (16 inputs a second instead of over a thousand).
func blocking<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
    let handoff = Handoff<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.immediate {
        handoff.value = await body()
        done.signal()
    }
    done.wait()
    return handoff.value!
}

/// The segments of a routed path, split on the byte `/`. (`String.split(separator: "/")` works
/// on characters and misses a `/` followed by a combining mark.)
func segments(of path: String) -> [String] {
    guard path != "/" else { return [] }
    return path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
}

/// `true` when `string` begins with the byte `/` (not the character: `/` plus a combining mark
/// is one character).
func startsWithSlash(_ string: String) -> Bool {
    string.utf8.first == UInt8(ascii: "/")
}

/// Ends the run with a message libFuzzer saves next to the crashing input.
func finding(_ message: @autoclosure () -> String, _ input: String) -> Never {
    fatalError("FINDING: \(message())\n  input: \(input.debugDescription)")
}

/// A known library bug the fuzzer keeps running into: it is reported once (with the first
/// input) instead of ending the run, so fuzzing goes on past it. Each has a `withKnownIssue`
/// regression test; remove the exception when that test starts failing because the bug is fixed.
enum KnownIssue {
    nonisolated(unsafe) private static var reported: Set<String> = []

    /// libFuzzer calls the target from one thread only, so the set needs no lock.
    static func record(_ issue: String, _ input: String) {
        guard reported.insert(issue).inserted else { return }
        print("KNOWN ISSUE: \(issue)\n  first input: \(input.debugDescription)")
    }
}
