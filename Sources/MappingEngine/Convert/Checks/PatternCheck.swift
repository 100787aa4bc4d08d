/// `pattern`: the converted string must contain a match of the regular expression
/// (JSON Schema semantics: unanchored unless the pattern anchors itself).
final class PatternCheck: ValueConverter {
    let inner: any ValueConverter
    let pattern: CompiledPattern

    init(inner: any ValueConverter, pattern: CompiledPattern) {
        self.inner = inner
        self.pattern = pattern
    }
    var takesStrings: Bool { inner.takesStrings }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        guard inner.convert(node, &ctx) else { return false }
        let text = ctx.out.withBytes { all in
            JSONValue.decodeStringLiteral(UnsafeBufferPointer(rebasing: all[start...]))
        }
        guard pattern.matches(text) else {
            ctx.fail(.patternMismatch, "does not match \(pattern.source)", node: node)
            return false
        }
        return true
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
