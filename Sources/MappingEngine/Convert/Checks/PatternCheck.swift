/// `pattern`: the converted string must contain a match of the regular expression
/// (JSON Schema semantics: unanchored unless the pattern anchors itself), found by `Pattern`'s
/// linear-time search.
final class PatternCheck: OutputCheck {
    let pattern: Pattern

    init(pattern: Pattern) {
        self.pattern = pattern
    }

    var call: CheckCall { .pattern(.passUnretained(self)) }

    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)? {
        matches(written) ? nil : (.patternMismatch, "does not match \(pattern.source)")
    }

    /// Whether the text of `written`, a quoted canonical JSON string, matches. Without a
    /// backslash its content is the text's UTF-8 as it is; canonical output escapes only `"`, `\`
    /// and controls, rare enough in checked text to decode into a temporary copy.
    private func matches(_ written: UnsafeBufferPointer<UInt8>) -> Bool {
        let content = UnsafeBufferPointer(rebasing: written[1..<(written.count - 1)])
        guard content.contains(UInt8(ascii: "\\")), let source = content.baseAddress else {
            return pattern.matches(utf8: content)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { buffer in
            guard let target = buffer.baseAddress else { return false }
            let count = JSONStringCodec.unescape(source, count: content.count, into: target, canonical: false)
            return pattern.matches(utf8: UnsafeBufferPointer(start: target, count: count))
        }
    }
}
