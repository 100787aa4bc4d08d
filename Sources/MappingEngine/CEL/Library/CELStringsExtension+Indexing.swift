/// The strings extension's functions that take or give code point indices: `charAt`,
/// `indexOf`, `lastIndexOf`, `substring`. An index may be the string's length (the position
/// after its last code point); beyond it, or below 0, is `index_out_of_range`.
extension CELStringsExtension {
    /// `s.charAt(i)`: the code point at `i`, or `''` at the end of the string.
    static func charAt(_ string: CELValue, _ index: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string, case .int(let index) = index else { throw noSuchOverload("charAt") }
        guard index >= 0 else { throw outOfRange(index) }
        var scalars = text.unicodeScalars.makeIterator()
        var remaining = index
        while remaining > 0 {
            guard scalars.next() != nil else { throw outOfRange(index) }
            remaining -= 1
        }
        guard let scalar = scalars.next() else { return .string("") }
        return .string(String(Character(scalar)))
    }

    /// `s.indexOf(sub)`: the first code point index where `sub` occurs, or -1.
    static func indexOf(_ string: CELValue, _ search: CELValue) throws(CELError) -> CELValue {
        try indexOf(string, search, .int(0))
    }

    /// `s.indexOf(sub, from)`: the first index at or after `from` where `sub` occurs, or -1;
    /// `from` itself for an empty `sub`.
    static func indexOf(_ string: CELValue, _ search: CELValue, _ start: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string, case .string(let search) = search, case .int(let start) = start else {
            throw noSuchOverload("indexOf")
        }
        let found: Int64?? = withBytes(text) { haystack in
            guard let from = CELUTF8Text.offset(start, in: haystack) else { return Int64??.none }
            guard !search.isEmpty else { return start }
            return withBytes(search) { needle in
                guard let match = CELUTF8Text.firstMatch(of: needle, in: haystack, from: from) else { return -1 }
                return start + Int64(CELUTF8Text.scalarCount(haystack, from: from, upTo: match))
            }
        }
        guard let found else { throw outOfRange(start) }
        return .int(found ?? -1)
    }

    /// `s.lastIndexOf(sub)`: the last code point index where `sub` occurs, or -1; the string's
    /// length for an empty `sub`.
    static func lastIndexOf(_ string: CELValue, _ search: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string, case .string(let search) = search else {
            throw noSuchOverload("lastIndexOf")
        }
        let found: Int64 = withBytes(text) { haystack in
            guard !search.isEmpty else { return Int64(CELUTF8Text.scalarCount(haystack, upTo: haystack.count)) }
            return withBytes(search) { needle in
                guard let match = CELUTF8Text.lastMatch(of: needle, in: haystack, atOrBefore: haystack.count) else {
                    return -1
                }
                return Int64(CELUTF8Text.scalarCount(haystack, upTo: match))
            }
        }
        return .int(found)
    }

    /// `s.lastIndexOf(sub, last)`: the last index at or before `last` where `sub` occurs, or -1;
    /// `last` itself for an empty `sub`.
    static func lastIndexOf(_ string: CELValue, _ search: CELValue, _ last: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string, case .string(let search) = search, case .int(let last) = last else {
            throw noSuchOverload("lastIndexOf")
        }
        let found: Int64?? = withBytes(text) { haystack in
            guard let upTo = CELUTF8Text.offset(last, in: haystack) else { return Int64??.none }
            guard !search.isEmpty else { return last }
            return withBytes(search) { needle in
                guard let match = CELUTF8Text.lastMatch(of: needle, in: haystack, atOrBefore: upTo) else { return -1 }
                return Int64(CELUTF8Text.scalarCount(haystack, upTo: match))
            }
        }
        guard let found else { throw outOfRange(last) }
        return .int(found ?? -1)
    }

    /// `s.substring(start)`: the code points from `start` to the end.
    static func substring(_ string: CELValue, _ start: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string, case .int(let start) = start else { throw noSuchOverload("substring") }
        guard let from = withBytes(text, { CELUTF8Text.offset(start, in: $0) }) else { throw outOfRange(start) }
        return from == 0 ? .string(text) : .string(String(slice(text, from, text.utf8.count)))
    }

    /// `s.substring(start, end)`: the code points from `start` up to, not including, `end`.
    static func substring(_ string: CELValue, _ start: CELValue, _ end: CELValue) throws(CELError) -> CELValue {
        guard case .string(let text) = string, case .int(let start) = start, case .int(let end) = end else {
            throw noSuchOverload("substring")
        }
        guard start <= end else {
            throw CELError(.invalidArgument, "invalid substring range. start: \(start), end: \(end)")
        }
        let range: (Int, Int)?? = withBytes(text) { bytes in
            guard let from = CELUTF8Text.offset(start, in: bytes) else { return (Int, Int)??.none }
            guard let to = CELUTF8Text.offset(end - start, after: from, in: bytes) else { return .some(nil) }
            return (from, to)
        }
        guard let range else { throw outOfRange(start) }
        guard let (from, to) = range else { throw outOfRange(end) }
        return .string(String(slice(text, from, to)))
    }
}
