/// Strict RFC 8259 parser from raw bytes into a flat `JSONTape`.
///
/// Choices where RFC 8259 leaves room: a leading byte order mark is rejected, string bytes must be
/// well-formed UTF-8, and `\u` escapes must not leave a lone UTF-16 surrogate (a high surrogate
/// must be followed by a `\u` low surrogate, a low one must follow a high one), so every string
/// decodes to valid Unicode. Numbers are validated but not converted. Nesting deeper than
/// `maxDepth` containers fails with code `too_deep`; empty or all-whitespace input with `empty_body`.
public struct JSONParser: Sendable {
    /// Maximum number of nested open containers.
    public var maxDepth: Int

    public init(maxDepth: Int = 256) {
        self.maxDepth = maxDepth
    }

    /// Parses `input` into `tape` and returns a view valid as long as both `input` and `tape` are alive and unmodified.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, into tape: JSONTape) throws(JSONSyntaxError) -> JSONDocument {
        guard let base = input.baseAddress, input.count > 0 else {
            throw JSONSyntaxError(
                code: JSONSyntaxError.emptyBody, message: "empty input", offset: 0, line: 1, column: 1)
        }
        guard input.count < Int(UInt32.max) else {
            throw JSONSyntaxError.at(0, in: base, "input larger than 4 GiB")
        }
        let count = try Self.parseTape(base, input.count, tape, maxDepth, element: false)
        if tape.valueEnd < input.count {
            throw Self.failure(.trailingData, base + tape.valueEnd, base, base + input.count)
        }
        return JSONDocument(
            input: input, base: base, nodes: UnsafeBufferPointer(start: tape.nodes, count: count))
    }

    /// Parses one element of an array from `input`, which starts just after the array's `[` or
    /// a `,` and holds the element, white space and then the `,` or `]` that ends it (and
    /// possibly more bytes after that); returns the element as a document and the offset of
    /// that `,` or `]` in `input`.
    ///
    /// The element is parsed exactly as `parse` parses it inside the array: the same errors at
    /// the same offsets (relative to `input`), nesting counted with the array's level. An error
    /// caused by the input ending (rather than by a byte in it) is marked `truncated`, so a
    /// stream can tell an element that has not fully arrived from one that is malformed.
    func parseElement(_ input: UnsafeBufferPointer<UInt8>, into tape: JSONTape) throws(JSONSyntaxError)
        -> (document: JSONDocument, separator: Int) {
        guard let base = input.baseAddress else {
            return try withUnsafePointer(to: 0 as UInt8) { byte throws(JSONSyntaxError) in
                try parseElement(UnsafeBufferPointer(start: byte, count: 0), into: tape)
            }
        }
        guard input.count < Int(UInt32.max) else {
            throw JSONSyntaxError.at(0, in: base, "input larger than 4 GiB")
        }
        let count = try Self.parseTape(base, input.count, tape, maxDepth, element: true)
        let separator = tape.valueEnd
        guard separator < input.count, base[separator] == UInt8(ascii: ",") || base[separator] == UInt8(ascii: "]") else {
            throw Self.failure(.arraySeparator, base + separator, base, base + input.count)
        }
        return (JSONDocument(input: UnsafeBufferPointer(start: base, count: separator), base: base,
                             nodes: UnsafeBufferPointer(start: tape.nodes, count: count)), separator)
    }

    /// Advances `p` past JSON whitespace.
    ///
    /// The layouts of most JSON text are decided without the byte loop: no whitespace, a lone
    /// space (`"key": value`), and a newline followed by indentation.
    @inline(__always)
    static func skipWhitespace(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        guard p < end, p[0] <= 0x20 else { return }
        if p[0] == 0x20 {
            p += 1
            guard p < end, p[0] <= 0x20 else { return }
        } else if p[0] == 0x0A {
            p += 1
            skipSpaces(&p, end)
            guard p < end, p[0] <= 0x20 else { return }
        }
        skipWhitespaceBytes(&p, end)
    }

    /// Advances `p` past spaces 8 bytes at a time while 8 bytes remain, leaving the input's
    /// last bytes to the byte loop.
    ///
    /// XOR with spaces is exact per byte, so the trailing zero count of a non-zero word is the
    /// number of spaces before its first other byte.
    @inline(__always)
    private static func skipSpaces(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        while end - p >= 8 {
            let x = JSONStringCodec.load8(p) ^ 0x2020_2020_2020_2020
            if x != 0 {
                p += x.trailingZeroBitCount &>> 3
                return
            }
            p += 8
        }
    }

    /// Advances `p` past JSON whitespace one byte at a time, except for runs of spaces.
    @inline(__always)
    private static func skipWhitespaceBytes(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) {
        while p < end {
            let c = p[0]
            if c == 0x20 {
                p += 1
                skipSpaces(&p, end)
            } else if c == 0x0A || c == 0x0D || c == 0x09 {
                p += 1
            } else {
                return
            }
        }
    }

    /// Fills the tape and returns its node count; the whole parse is one loop over an explicit
    /// container stack so that deep input cannot exhaust the call stack. Where the value and the
    /// white space after it end is left in `tape.valueEnd`, for the caller to check what follows.
    ///
    /// With `element`, the input is an array element followed by its `,` or `]` (see
    /// `parseElement`): the parse starts one level deep. `element` is not read once the loop has
    /// begun, so the loop keeps the registers it has without it.
    ///
    /// The open container's element count and kind live in locals (saved on the stack with its
    /// node index while a child container is open), so that ending a value touches no memory.
    /// When `atKey`, the pass starts with an inner loop over object members: key, `:` and a
    /// string or number value, for as long as `,` and another key follow; it leaves either at a
    /// value of another kind (dispatched by the pass) or after a value (`valueWritten`).
    private static func parseTape(
        _ base: UnsafePointer<UInt8>, _ length: Int, _ tape: JSONTape, _ maxDepth: Int, element: Bool
    ) throws(JSONSyntaxError) -> Int {
        let end = base + length
        var p = base
        // Tape fields are copied into locals so the loop works on registers, not class storage.
        var nodes = tape.nodes
        var capacity = tape.nodeCapacity
        var stack = tape.stack
        var stackCapacity = tape.stackCapacity
        var n = 0
        var depth = 0
        // The innermost open container: its node index, its elements so far, and its kind.
        var container = 0
        var count: UInt32 = 0
        var inObject = false
        var atKey = false
        // An element's containers open one level below the array it belongs to.
        let depthLimit = element ? maxDepth &- 1 : maxDepth

        skipWhitespace(&p, end)
        if !element {
            if p == end {
                throw JSONSyntaxError.at(0, in: base, code: JSONSyntaxError.emptyBody, "input holds only whitespace")
            }
            if p == base && length >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
                throw JSONSyntaxError.at(0, in: base, "byte order mark not allowed")
            }
        }

        parsing: while true {
            if n == capacity {
                (nodes, capacity) = tape.growNodes(keeping: n)
            }
            valueWritten: do {
                if atKey {
                    atKey = false
                    // A smaller loop than the whole pass, so its few values stay in registers.
                    members: while true {
                        if capacity &- n < 2 {
                            (nodes, capacity) = tape.growNodes(keeping: n)
                        }
                        // p is at the key's opening quote.
                        let (close, flags) = try scanString(p + 1, end, base)
                        nodes[n] = JSONNode(
                            kind: .string, flags: flags, start: UInt32(truncatingIfNeeded: (p - base) &+ 1),
                            length: UInt32(truncatingIfNeeded: (close - p) &- 1), end: UInt32(truncatingIfNeeded: n &+ 1))
                        n &+= 1
                        p = close + 1
                        // The usual `"key" : value` and `"key": value` are matched as one word.
                        let colon = end - p >= 4 ? JSONStringCodec.load4(p) : 0
                        if colon & 0xFF_FFFF == 0x20_3A20 {
                            p += 3
                        } else if colon & 0xFFFF == 0x203A {
                            p += 2
                        } else {
                            skipWhitespace(&p, end)
                            guard p < end, p[0] == UInt8(ascii: ":") else { throw failure(.colon, p, base, end) }
                            p += 1
                        }
                        skipWhitespace(&p, end)
                        guard p < end else { break members }
                        let c = p[0]
                        if c == UInt8(ascii: "\"") {
                            let (close, flags) = try scanString(p + 1, end, base)
                            nodes[n] = JSONNode(
                                kind: .string, flags: flags, start: UInt32(truncatingIfNeeded: (p - base) &+ 1),
                                length: UInt32(truncatingIfNeeded: (close - p) &- 1), end: UInt32(truncatingIfNeeded: n &+ 1))
                            n &+= 1
                            p = close + 1
                        } else if c &- UInt8(ascii: "0") < 10 || c == UInt8(ascii: "-") {
                            let (next, flags) = try scanNumber(p, end, base)
                            nodes[n] = JSONNode(
                                kind: .number, flags: flags, start: UInt32(truncatingIfNeeded: p - base),
                                length: UInt32(truncatingIfNeeded: next - p), end: UInt32(truncatingIfNeeded: n &+ 1))
                            n &+= 1
                            p = next
                        } else {
                            break members
                        }
                        // Stay in this loop while a comma and the next key follow.
                        guard p < end && p[0] == UInt8(ascii: ",") else { break valueWritten }
                        p += 1
                        if p < end && p[0] == 0x0A {
                            p += 1
                            skipSpaces(&p, end)
                        }
                        if p == end || p[0] != UInt8(ascii: "\"") {
                            skipWhitespace(&p, end)
                            guard p < end, p[0] == UInt8(ascii: "\"") else { throw failure(.keyAfterComma, p, base, end) }
                        }
                        count &+= 1
                    }
                }
                // p is at the first byte of a value, whose node this pass writes.
                guard p < end else { throw failure(.value, p, base, end) }
                let c = p[0]
                let start = UInt32(truncatingIfNeeded: p - base)
                switch c {
                case UInt8(ascii: "\""):
                    let (close, flags) = try scanString(p + 1, end, base)
                    nodes[n] = JSONNode(
                        kind: .string, flags: flags, start: start &+ 1,
                        length: UInt32(truncatingIfNeeded: (close - p) &- 1), end: UInt32(truncatingIfNeeded: n &+ 1))
                    n &+= 1
                    p = close + 1

                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth >= depthLimit {
                        throw JSONSyntaxError.at(
                            p - base, in: base, code: JSONSyntaxError.tooDeep, "nesting deeper than \(maxDepth)")
                    }
                    let isObject = c == UInt8(ascii: "{")
                    let index = n
                    nodes[index] = JSONNode(
                        kind: isObject ? .object : .array, flags: 0, start: start, length: 0,
                        end: UInt32(truncatingIfNeeded: index &+ 1))
                    n &+= 1
                    p += 1
                    skipWhitespace(&p, end)
                    guard p < end else { throw failure(isObject ? .keyOrClose : .value, p, base, end) }
                    if p[0] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        p += 1
                        break
                    }
                    if depth == stackCapacity {
                        (stack, stackCapacity) = tape.growStack(keeping: depth)
                    }
                    stack[depth] = Self.savedContainer(container, count, inObject)
                    depth &+= 1
                    container = index
                    count = 0
                    inObject = isObject
                    if isObject {
                        guard p[0] == UInt8(ascii: "\"") else { throw failure(.keyOrClose, p, base, end) }
                        atKey = true
                    }
                    continue parsing

                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let (next, flags) = try scanNumber(p, end, base)
                    nodes[n] = JSONNode(
                        kind: .number, flags: flags, start: start,
                        length: UInt32(truncatingIfNeeded: next - p), end: UInt32(truncatingIfNeeded: n &+ 1))
                    n &+= 1
                    p = next

                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let kind: JSONKind
                    let size: Int
                    if c == UInt8(ascii: "t") {
                        guard end - p >= 4, JSONStringCodec.load4(p) == 0x6575_7274 else {
                            throw failure(.literalTrue, p, base, end)
                        }
                        (kind, size) = (.true, 4)
                    } else if c == UInt8(ascii: "n") {
                        guard end - p >= 4, JSONStringCodec.load4(p) == 0x6C6C_756E else {
                            throw failure(.literalNull, p, base, end)
                        }
                        (kind, size) = (.null, 4)
                    } else {
                        guard end - p >= 5, JSONStringCodec.load4(p + 1) == 0x6573_6C61 else {
                            throw failure(.literalFalse, p, base, end)
                        }
                        (kind, size) = (.false, 5)
                    }
                    nodes[n] = JSONNode(
                        kind: kind, flags: 0, start: start, length: UInt32(truncatingIfNeeded: size),
                        end: UInt32(truncatingIfNeeded: n &+ 1))
                    n &+= 1
                    p += size

                default:
                    throw failure(.value, p, base, end)
                }
            }

            // A value just ended: continue its container, close containers, or finish.
            while depth > 0 {
                count &+= 1
                skipWhitespace(&p, end)
                guard p < end else { throw failure(inObject ? .objectSeparator : .arraySeparator, p, base, end) }
                let d = p[0]
                if d == UInt8(ascii: ",") {
                    p += 1
                    skipWhitespace(&p, end)
                    if inObject {
                        guard p < end, p[0] == UInt8(ascii: "\"") else { throw failure(.keyAfterComma, p, base, end) }
                        atKey = true
                    }
                    continue parsing
                }
                guard d == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw failure(inObject ? .objectSeparator : .arraySeparator, p, base, end)
                }
                p += 1
                nodes[container].length = count
                nodes[container].end = UInt32(truncatingIfNeeded: n)
                depth &-= 1
                (container, count, inObject) = Self.restoredContainer(stack[depth])
            }
            break parsing
        }

        skipWhitespace(&p, end)
        tape.valueEnd = p - base
        return n
    }

    /// Packs an open container's node index, element count and kind into one stack entry.
    ///
    /// Both numbers fit in 31 bits: neither exceeds the input length, which is below 4 GiB, and
    /// each element takes at least two bytes (itself and a separator or bracket).
    @inline(__always)
    private static func savedContainer(_ index: Int, _ count: UInt32, _ isObject: Bool) -> UInt64 {
        UInt64(truncatingIfNeeded: index) | UInt64(count) << 32 | (isObject ? 1 << 63 : 0)
    }

    /// Unpacks a stack entry made by `savedContainer`.
    @inline(__always)
    private static func restoredContainer(_ entry: UInt64) -> (Int, UInt32, Bool) {
        (Int(truncatingIfNeeded: entry & 0xFFFF_FFFF), UInt32(truncatingIfNeeded: entry >> 32) & 0x7FFF_FFFF, entry >> 63 != 0)
    }

    /// What the parser expected where it failed; turned into a message only on failure.
    private enum Failure {
        case value, keyOrClose, keyAfterComma, colon, arraySeparator, objectSeparator, trailingData
        case literalTrue, literalFalse, literalNull, digitAfterMinus, digitAfterDot, digitInExponent
    }

    /// Builds the error for `failure` at `p`, which may be the end of input (the error is then
    /// `truncated`, as is a literal cut short by it).
    ///
    /// Kept out of line so that message building does not weigh on the parse loop's registers.
    @inline(never)
    private static func failure(
        _ failure: Failure, _ p: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) -> JSONSyntaxError {
        let expected: String
        let atEnd = p >= end
        switch failure {
        case .value:
            let message = p < end ? "unexpected \(JSONSyntaxError.describe(p[0]))" : "unexpected end of input"
            return JSONSyntaxError.at(p - base, in: base, message, truncated: atEnd)
        case .trailingData:
            return JSONSyntaxError.at(p - base, in: base, "trailing data after JSON value")
        case .literalTrue, .literalFalse, .literalNull:
            let word = failure == .literalTrue ? "true" : failure == .literalFalse ? "false" : "null"
            // Counted as cut short whenever the whole word did not fit, whatever the bytes were.
            return JSONSyntaxError.at(p - base, in: base, "invalid literal, expected '\(word)'", truncated: end - p < 5)
        case .keyOrClose: expected = "string key or '}'"
        case .keyAfterComma: expected = "string key after ','"
        case .colon: expected = "':' after object key"
        case .arraySeparator: expected = "',' or ']'"
        case .objectSeparator: expected = "',' or '}'"
        case .digitAfterMinus: expected = "digit after '-'"
        case .digitAfterDot: expected = "digit after '.'"
        case .digitInExponent: expected = "digit in exponent"
        }
        if p < end {
            return JSONSyntaxError.at(p - base, in: base, "expected \(expected), found \(JSONSyntaxError.describe(p[0]))")
        }
        return JSONSyntaxError.at(p - base, in: base, "unexpected end of input, expected \(expected)", truncated: atEnd)
    }

    /// Scans string content from `p` (just after the opening quote); returns its closing quote and
    /// the string node's flags.
    ///
    /// Plain ASCII is skipped 16 bytes (two words) per step; escapes, non-ASCII and the input's
    /// last bytes go to `scanStringSlow`.
    @inline(__always)
    private static func scanString(
        _ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> (UnsafePointer<UInt8>, UInt8) {
        var q = p
        while end - q >= 16 {
            let (low, high) = JSONStringCodec.parserStopMask16(q)
            if low | high != 0 {
                q += low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3
                if q[0] == UInt8(ascii: "\"") { return (q, 0) }
                break
            }
            q += 16
        }
        return try scanStringSlow(q, end, p, base)
    }

    /// Continues a string scan at `q` through escapes, UTF-8 sequences and the input's last bytes.
    @inline(never)
    private static func scanStringSlow(
        _ q: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ contentStart: UnsafePointer<UInt8>,
        _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> (UnsafePointer<UInt8>, UInt8) {
        var q = q
        var flags: UInt8 = 0
        while true {
            while end - q >= 8 {
                let mask = JSONStringCodec.parserStopMask(JSONStringCodec.load8(q))
                if mask != 0 {
                    q += mask.trailingZeroBitCount &>> 3
                    break
                }
                q += 8
            }
            guard q < end else {
                throw JSONSyntaxError.at(contentStart - 1 - base, in: base, "unterminated string", truncated: true)
            }
            let c = q[0]
            if c == UInt8(ascii: "\"") {
                return (q, flags)
            }
            if c == UInt8(ascii: "\\") {
                flags = JSONNode.hasEscapes
                q = try scanEscape(q, end, contentStart, base)
            } else if c >= 0x80 {
                // Non-Latin text is mostly multi-byte sequences in a row: check them back to back.
                repeat {
                    let size = JSONStringCodec.sequenceLength(q, end)
                    if size < 0 {
                        throw utf8Error(size, q, base, end)
                    }
                    q += size
                } while q < end && q[0] >= 0x80
            } else if c < 0x20 {
                throw JSONSyntaxError.at(
                    q - base, in: base, "unescaped control character \(JSONSyntaxError.hex(c)) in string")
            } else {
                q += 1
            }
        }
    }

    /// Validates the escape at `q` (a backslash) and returns the byte after it.
    @inline(__always)
    private static func scanEscape(
        _ q: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ contentStart: UnsafePointer<UInt8>,
        _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> UnsafePointer<UInt8> {
        guard end - q >= 2 else {
            throw JSONSyntaxError.at(contentStart - 1 - base, in: base, "unterminated string", truncated: true)
        }
        switch q[1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return q + 2
        case UInt8(ascii: "u"):
            let unit = try unicodeEscape(q, end, base)
            if unit & 0xFC00 == 0xDC00 {
                throw surrogateError(q, unit, base, end)
            }
            if unit & 0xFC00 != 0xD800 {
                return q + 6
            }
            guard end - q >= 8, q[6] == UInt8(ascii: "\\"), q[7] == UInt8(ascii: "u") else {
                throw surrogateError(q, unit, base, end)
            }
            let low = try unicodeEscape(q + 6, end, base)
            guard low & 0xFC00 == 0xDC00 else {
                throw surrogateError(q, unit, base, end)
            }
            return q + 12
        case let e:
            let shown = e >= 0x20 && e < 0x7F ? "'\\\(Character(Unicode.Scalar(e)))'" : "byte \(JSONSyntaxError.hex(e))"
            throw JSONSyntaxError.at(q - base, in: base, "invalid escape \(shown)")
        }
    }

    /// Value of the `\uXXXX` escape at `q`.
    @inline(__always)
    private static func unicodeEscape(
        _ q: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> UInt32 {
        guard end - q >= 6 else {
            throw JSONSyntaxError.at(q - base, in: base, "invalid \\u escape, expected 4 hex digits", truncated: true)
        }
        let unit = JSONStringCodec.hex4(q + 2)
        guard unit <= 0xFFFF else {
            throw JSONSyntaxError.at(q - base, in: base, "invalid \\u escape, expected 4 hex digits")
        }
        return unit
    }

    /// Error for a `\u` escape at `q` holding a surrogate that is not part of a pair; cut short
    /// when a whole pair did not fit before `end`.
    @inline(never)
    private static func surrogateError(
        _ q: UnsafePointer<UInt8>, _ unit: UInt32, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) -> JSONSyntaxError {
        let digits = Array("0123456789abcdef")
        let hex = (0..<4).reversed().map { String(digits[Int((unit >> (UInt32($0) * 4)) & 0xF)]) }.joined()
        return JSONSyntaxError.at(q - base, in: base, "lone surrogate \\u\(hex)", truncated: end - q < 12)
    }

    /// Error for the malformed UTF-8 sequence at `q`; a truncated sequence within 4 bytes of
    /// `end` may have been cut short by it.
    @inline(never)
    private static func utf8Error(
        _ code: Int, _ q: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>
    ) -> JSONSyntaxError {
        let byte = JSONSyntaxError.hex(q[0])
        let message: String
        switch JSONStringCodec.SequenceError(rawValue: code) {
        case .truncated: message = "truncated UTF-8 sequence starting with byte \(byte)"
        case .overlong: message = "overlong UTF-8 sequence starting with byte \(byte)"
        case .surrogate: message = "UTF-8 encoded surrogate starting with byte \(byte)"
        case .aboveMax: message = "UTF-8 sequence above U+10FFFF starting with byte \(byte)"
        case .invalidLead, nil: message = "invalid UTF-8 byte \(byte)"
        }
        return JSONSyntaxError.at(q - base, in: base, message, truncated: code == JSONStringCodec.SequenceError.truncated.rawValue && end - q < 4)
    }

    /// Validates a number at `p` (a `-` or digit); returns the byte after it and its flags.
    @inline(__always)
    private static func scanNumber(
        _ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> (UnsafePointer<UInt8>, UInt8) {
        @inline(__always) func isDigit(_ q: UnsafePointer<UInt8>) -> Bool {
            q < end && q[0] &- 0x30 < 10
        }
        var q = p
        var flags = JSONNode.isInteger
        if q[0] == UInt8(ascii: "-") {
            flags |= JSONNode.isNegative
            q += 1
            guard isDigit(q) else { throw failure(.digitAfterMinus, q, base, end) }
        }
        if q[0] == UInt8(ascii: "0") {
            q += 1
            if isDigit(q) {
                throw JSONSyntaxError.at(q - 1 - base, in: base, "leading zero in number")
            }
        } else {
            q += 1
            while isDigit(q) { q += 1 }
        }
        if q < end && q[0] == UInt8(ascii: ".") {
            flags &= ~JSONNode.isInteger
            q += 1
            guard isDigit(q) else { throw failure(.digitAfterDot, q, base, end) }
            q += 1
            while isDigit(q) { q += 1 }
        }
        if q < end && q[0] | 0x20 == UInt8(ascii: "e") {
            flags &= ~JSONNode.isInteger
            q += 1
            if q < end && (q[0] == UInt8(ascii: "+") || q[0] == UInt8(ascii: "-")) { q += 1 }
            guard isDigit(q) else { throw failure(.digitInExponent, q, base, end) }
            q += 1
            while isDigit(q) { q += 1 }
        }
        return (q, flags)
    }
}
