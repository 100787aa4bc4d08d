/// The strings extension's functions that make new strings: case mapping, `trim`, `reverse`,
/// `replace`, `split`, `join` and `strings.quote`. Each reads its input once and, where it can
/// know the result's size, allocates it once; an input it would not change is returned as is.
extension CELStringsExtension {
    /// `s.lowerAscii()`: ASCII letters in lower case, every other code point as it was.
    static func lowerAscii(_ string: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string else { throw noSuchOverload("lowerAscii") }
        return .string(mapASCII(text, from: UInt8(ascii: "A"), to: UInt8(ascii: "Z")))
    }

    /// `s.upperAscii()`: ASCII letters in upper case, every other code point as it was.
    static func upperAscii(_ string: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string else { throw noSuchOverload("upperAscii") }
        return .string(mapASCII(text, from: UInt8(ascii: "a"), to: UInt8(ascii: "z")))
    }

    /// `text` with its ASCII letters in `first...last` switched to the other case (bit 0x20):
    /// other code points, even letters, stay as they are.
    private static func mapASCII(_ text: String, from first: UInt8, to last: UInt8) -> String {
        withBytes(text) { bytes in
            guard bytes.contains(where: { $0 >= first && $0 <= last }) else { return text }
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                for (offset, byte) in bytes.enumerated() {
                    output[offset] = byte >= first && byte <= last ? byte ^ 0x20 : byte
                }
                return bytes.count
            }
        }
    }

    /// `s.trim()`: without the leading and trailing white space of Unicode's White_Space
    /// property (what Go's `unicode.IsSpace` tests), which leaves zero-width spaces alone.
    static func trim(_ string: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string else { throw noSuchOverload("trim") }
        // ASCII at both edges, the common case, is trimmed on the bytes.
        if let trimmed = trimASCIIEdges(text) { return .string(trimmed) }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }) else { return .string("") }
        var end = scalars.endIndex
        while end > first, isWhiteSpace(scalars[scalars.index(before: end)]) { end = scalars.index(before: end) }
        if first == scalars.startIndex, end == scalars.endIndex { return .string(text) }
        return .string(String(text[first..<end]))
    }

    /// `text` trimmed on its bytes when the first and last code points it keeps are ASCII (so
    /// no other white space can be at its edges); nil otherwise, for the scalar path.
    private static func trimASCIIEdges(_ text: String) -> String? {
        withBytes(text) { bytes -> String? in
            var start = 0
            var end = bytes.count
            while start < end, isASCIIWhiteSpace(bytes[start]) { start += 1 }
            guard start == end || bytes[start] < 0x80 else { return nil }
            while end > start, isASCIIWhiteSpace(bytes[end - 1]) { end -= 1 }
            guard end == start || bytes[end - 1] < 0x80 else { return nil }
            if start == 0 && end == bytes.count { return text }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// The ASCII code points of Unicode's White_Space property.
    @inline(__always)
    private static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Unicode's White_Space property.
    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// `s.reverse()`: the code points in reverse order.
    static func reverse(_ string: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string else { throw noSuchOverload("reverse") }
        return .string(withBytes(text) { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { output in
                var written = 0
                var end = bytes.count
                while end > 0 {
                    var start = end - 1
                    while start > 0, !CELUTF8Text.startsScalar(bytes[start]) { start -= 1 }
                    for offset in start..<end {
                        output[written] = bytes[offset]
                        written += 1
                    }
                    end = start
                }
                return written
            }
        })
    }

    /// `s.replace(old, new)`: every occurrence of `old` replaced.
    static func replace(_ string: CELValue, _ old: CELValue, _ new: CELValue) throws(CELError) -> CELValue {
        try replace([string, old, new, .int(-1)])
    }

    /// `s.replace(old, new, n)`: the first `n` occurrences of `old` replaced (all when `n` is
    /// negative). An empty `old` occurs before each code point and at the end (Go's `Replace`).
    static func replace(_ arguments: [CELValue]) throws(CELError) -> CELValue {
        guard arguments.count == 4, case .string(let text) = arguments[0], case .string(let old) = arguments[1],
              case .string(let new) = arguments[2], case .int(let limit) = arguments[3] else {
            throw noSuchOverload("replace")
        }
        if limit == 0 || old == new { return .string(text) }
        var result = ""
        var replaced: Int64 = 0
        withBytes(text) { haystack in
            result.reserveCapacity(haystack.count)
            var cursor = 0
            if old.isEmpty {
                while replaced != limit {
                    result += new
                    replaced += 1
                    guard cursor < haystack.count else { return }
                    let next = CELUTF8Text.scalarEnd(from: cursor, in: haystack)
                    result += slice(text, cursor, next)
                    cursor = next
                }
            } else {
                withBytes(old) { needle in
                    while replaced != limit, let match = CELUTF8Text.firstMatch(of: needle, in: haystack, from: cursor) {
                        result += slice(text, cursor, match)
                        result += new
                        replaced += 1
                        cursor = match + needle.count
                    }
                }
            }
            if replaced > 0 { result += slice(text, cursor, haystack.count) }
        }
        return .string(replaced == 0 ? text : result)
    }

    /// `s.split(separator)`: the pieces between the separator's occurrences.
    static func split(_ string: CELValue, _ separator: CELValue) throws(CELError) -> CELValue {
        try split(string, separator, .int(-1))
    }

    /// `s.split(separator, n)`: at most `n` pieces, the last one the rest of the string (all
    /// when `n` is negative, none when it is 0). An empty separator splits into code points
    /// (Go's `SplitN`).
    static func split(_ string: CELValue, _ separator: CELValue, _ limit: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string, case .string(let separator) = separator, case .int(let limit) = limit else {
            throw noSuchOverload("split")
        }
        if limit == 0 { return .list([]) }
        var pieces: [CELValue] = []
        withBytes(text) { haystack in
            var cursor = 0
            if separator.isEmpty {
                while cursor < haystack.count {
                    let end = Int64(pieces.count) == limit - 1 ? haystack.count : CELUTF8Text.scalarEnd(from: cursor, in: haystack)
                    pieces.append(.string(String(slice(text, cursor, end))))
                    cursor = end
                }
                return
            }
            withBytes(separator) { needle in
                while Int64(pieces.count) != limit - 1,
                      let match = CELUTF8Text.firstMatch(of: needle, in: haystack, from: cursor) {
                    pieces.append(.string(String(slice(text, cursor, match))))
                    cursor = match + needle.count
                }
            }
            pieces.append(.string(cursor == 0 ? text : String(slice(text, cursor, haystack.count))))
        }
        return .list(pieces)
    }

    /// `list.join()`: the list's strings, concatenated.
    static func join(_ list: CELValue) throws(CELError) -> CELValue {
        try join(list, .string(""))
    }

    /// `list.join(separator)`: the list's strings with `separator` between them.
    static func join(_ list: CELValue, _ separator: CELValue) throws(CELError) -> CELValue {
        guard case .list(let elements) = list, case .string(let separator) = separator else {
            throw noSuchOverload("join")
        }
        var size = separator.utf8.count * max(elements.count - 1, 0)
        for element in elements {
            guard case .string(let piece) = element else { throw noSuchOverload("join") }
            size += piece.utf8.count
        }
        var result = ""
        result.reserveCapacity(size)
        for (index, element) in elements.enumerated() {
            guard case .string(let piece) = element else { continue }
            if index > 0 { result += separator }
            result += piece
        }
        return .string(result)
    }

    /// `strings.quote(s)`: `s` as a double-quoted CEL string literal, with CEL's escapes for
    /// the quote, the backslash and the control characters that have one.
    static func quote(_ string: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string else { throw noSuchOverload("strings.quote") }
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{07}": result += "\\a"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0B}": result += "\\v"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.unicodeScalars.append(scalar)
            }
        }
        result += "\""
        return .string(result)
    }
}
