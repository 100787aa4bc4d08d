/// `pattern`: the converted string must contain a match of the regular expression
/// (JSON Schema semantics: unanchored unless the pattern anchors itself).
final class PatternCheck: OutputCheck {
    let pattern: CompiledPattern

    init(pattern: CompiledPattern) {
        self.pattern = pattern
    }

    var call: CheckCall { .pattern(.passUnretained(self)) }

    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)? {
        pattern.matches(JSONValue.decodeStringLiteral(written)) ? nil : (.patternMismatch, "does not match \(pattern.source)")
    }
}

/// A regular expression compiled once at schema load.
struct CompiledPattern: @unchecked Sendable {
    // Regex is immutable after creation; matching from many threads is safe.
    let source: String
    private let regex: Regex<AnyRegexOutput>

    init(_ source: String) throws {
        self.source = source
        regex = try Regex(source)
    }

    func matches(_ text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }
}

extension JSONValue {
    /// Decodes one quoted JSON string literal; used on canonical output only.
    static func decodeStringLiteral(_ literal: UnsafeBufferPointer<UInt8>) -> String {
        guard let value = try? JSONValue(parsing: String(decoding: literal, as: UTF8.self)),
              case .string(let s) = value else { return "" }
        return s
    }
}
