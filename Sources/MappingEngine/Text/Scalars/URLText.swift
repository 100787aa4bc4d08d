/// Absolute URI validation (RFC 3986 `URI`: scheme, hierarchical part, optional query and fragment),
/// with non-ASCII UTF-8 allowed where unreserved characters are, as IRIs (RFC 3987) do.
public enum URLText {
    /// The parts of a URI whose character sets differ.
    enum Component {
        case userinfo, host, path, query, fragment
    }

    /// The trimmed range of a valid absolute URI within `text` as (offset, count), or nil when invalid.
    ///
    /// Text that is empty after trimming is reported as `(offset, 0)` so the caller can map it to null.
    public static func validate(_ text: UnsafeBufferPointer<UInt8>) -> (offset: Int, count: Int)? {
        if isPlainWebURL(text) { return (0, text.count) }
        let range = ScalarASCII.trimmedRange(text)
        guard !range.isEmpty else { return (range.lowerBound, 0) }
        let end = range.upperBound
        guard var position = schemeEnd(text, range) else { return nil }
        if position + 1 < end, text[position] == UInt8(ascii: "/"), text[position + 1] == UInt8(ascii: "/") {
            guard let authorityEnd = authorityEnd(text, position + 2, end) else { return nil }
            position = authorityEnd
        }
        // Without an authority the path cannot start with "//" (that would be one), so every
        // path form is a run of segment characters and slashes.
        guard let pathEnd = scan(text, position, end, .path) else { return nil }
        position = pathEnd
        if position < end, text[position] == UInt8(ascii: "?") {
            guard let queryEnd = scan(text, position + 1, end, .query) else { return nil }
            position = queryEnd
        }
        if position < end, text[position] == UInt8(ascii: "#") {
            guard let fragmentEnd = scan(text, position + 1, end, .fragment) else { return nil }
            position = fragmentEnd
        }
        guard position == end else { return nil }
        return (range.lowerBound, range.count)
    }

    /// The fast path for what most payloads hold: `http://` or `https://`, a host of letters,
    /// digits, dots and hyphens, then ASCII path, query and fragment characters, no `%`, no
    /// whitespace to trim. A true answer is always right; false sends the text down the full
    /// RFC 3986 path, which decides.
    @inline(__always)
    private static func isPlainWebURL(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress, text.count >= 8 else { return false }
        let head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self) | 0x0000_0000_2020_2020
        var position: Int
        if head & 0x00FF_FFFF_FFFF_FFFF == 0x002F_2F3A_7074_7468 {            // "http://" (any case)
            position = 7
        } else if head == 0x2F2F_3A73_7074_7468 {                            // "https://" (any case)
            position = 8
        } else {
            return false
        }
        let count = text.count
        let hostAndPathBytes = plainHostAndPathBytes.utf8Start
        let queryBytes = plainQueryBytes.utf8Start
        // Host: letters, digits, '.', '-' (at least one), then the end or the start of a path,
        // query or fragment. The scan runs on through the path's commonest bytes (the same and
        // '/'), as the host ends at the first '/': the host is valid when the scan stops at the
        // end, a '?' or a '#', or after a '/' (then the path loop judges the byte that stopped it).
        let hostStart = position
        guard position < count, base[position] != UInt8(ascii: "/"),
              hostAndPathBytes[Int(base[position])] == UInt8(ascii: "1") else { return false }
        while count - position >= 16 && all(hostOrPathLanes(base + position)) { position += 16 }
        // Fewer than 16 bytes left: the last 16, when the text has them, decide them in one step
        // (reaching back before the host they meet the scheme's "//", allowed, or ':', not).
        if count - position < 16 && count >= 16 && all(hostOrPathLanes(base + (count - 16))) { return true }
        skipEights(base, &position, count, hostAndPathBytes)
        // Fewer than 8 bytes left: the last 8 (the text has at least 8) decide them in one step;
        // reaching back before the host they meet the scheme's "//" (allowed) or ':' (not).
        if count - position < 8 && allAllowed(base + (count - 8), hostAndPathBytes) { return true }
        while position < count, hostAndPathBytes[Int(base[position])] == UInt8(ascii: "1") { position += 1 }
        if position < count {
            let byte = base[position]
            guard byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
                    || UnsafeBufferPointer(start: base + hostStart, count: position - hostStart).contains(UInt8(ascii: "/")) else {
                return false
            }
        }
        // Path, query and fragment: one table look-up per byte; one '#' may start the fragment.
        var fragment = false
        while count - position >= 16 && all(queryLanes(base + position)) { position += 16 }
        if count - position < 16 && count >= 16 && all(queryLanes(base + (count - 16))) { return true }
        skipEights(base, &position, count, queryBytes)
        // Fewer than 8 bytes left: the last 8 (the text has at least 8) decide them in one step.
        if count - position < 8 && allAllowed(base + (count - 8), queryBytes) { return true }
        while position < count {
            let byte = base[position]
            if queryBytes[Int(byte)] == UInt8(ascii: "1") {
                position += 1
            } else if byte == UInt8(ascii: "#") && !fragment {
                fragment = true
                position += 1
            } else {
                return false
            }
        }
        return true
    }

    /// Sixteen bytes at a time for the fast path's two byte classes: each a set of ranges and
    /// single bytes, compared in all 16 lanes at once (SSE2 here: a range is a subtraction, an
    /// unsigned minimum and a compare). A lane of the result is all ones where its byte is allowed.
    typealias Lanes = SIMD16<UInt8>

    /// The 16 bytes at `p`, lane 0 the first.
    @inline(__always)
    private static func lanes(_ p: UnsafePointer<UInt8>) -> Lanes {
        UnsafeRawPointer(p).loadUnaligned(as: Lanes.self)
    }

    /// Lanes of `v` from `low` through `high`.
    @inline(__always)
    private static func within(_ v: Lanes, _ low: UInt8, _ high: UInt8) -> Lanes {
        unsafeBitCast(v &- Lanes(repeating: low) .<= Lanes(repeating: high &- low), to: Lanes.self)
    }

    /// Lanes of `v` equal to `byte`.
    @inline(__always)
    private static func equal(_ v: Lanes, _ byte: UInt8) -> Lanes {
        unsafeBitCast(v .== Lanes(repeating: byte), to: Lanes.self)
    }

    /// Whether every lane of `mask` is set.
    @inline(__always)
    private static func all(_ mask: Lanes) -> Bool {
        let (low, high) = unsafeBitCast(mask, to: (UInt64, UInt64).self)
        return low & high == .max
    }

    /// `plainHostAndPathBytes` for the 16 bytes at `p`: `-`, `.`, `/`, digits (0x2D–0x39) and letters.
    @inline(__always)
    static func hostOrPathLanes(_ p: UnsafePointer<UInt8>) -> Lanes {
        let v = lanes(p)
        return within(v, 0x2D, 0x39) | within(v | Lanes(repeating: 0x20), UInt8(ascii: "a"), UInt8(ascii: "z"))
    }

    /// `plainQueryBytes` for the 16 bytes at `p`: printable ASCII but for `"#%<>[\]^`{|}`.
    @inline(__always)
    static func queryLanes(_ p: UnsafePointer<UInt8>) -> Lanes {
        let v = lanes(p)
        let excluded = within(v, 0x22, 0x23) | equal(v, 0x25) | equal(v, 0x3C) | equal(v, 0x3E)
            | within(v, 0x5B, 0x5E) | equal(v, 0x60) | within(v, 0x7B, 0x7D)
        return within(v, 0x21, 0x7E) & ~excluded
    }

    /// Advances `position` by 8 bytes at a time while the next 8 are all allowed by `table`.
    ///
    /// The table holds ASCII `1` (allowed) or `0`, so bit 0 of the AND of 8 look-ups is set only
    /// when all 8 are allowed: one branch per 8 bytes instead of one per byte. The byte loop
    /// after it handles the rest, and finds the byte that stopped it again.
    @inline(__always)
    private static func skipEights(_ base: UnsafePointer<UInt8>, _ position: inout Int, _ count: Int, _ table: UnsafePointer<UInt8>) {
        while count - position >= 8 && allAllowed(base + position, table) {
            position += 8
        }
    }

    /// Whether the 8 bytes at `p` are all allowed by `table`.
    @inline(__always)
    private static func allAllowed(_ p: UnsafePointer<UInt8>, _ table: UnsafePointer<UInt8>) -> Bool {
        let all = table[Int(p[0])] & table[Int(p[1])] & table[Int(p[2])] & table[Int(p[3])]
            & table[Int(p[4])] & table[Int(p[5])] & table[Int(p[6])] & table[Int(p[7])]
        return all & 1 != 0
    }

    /// Byte classes of the fast path, one character a byte value (`1`: allowed), so a look-up
    /// costs one load with no bounds check or lazy initialisation: host names' letters, digits,
    /// `-` and `.` (RFC 1123) and the path's `/`; RFC 3986's `query` without `%` escapes.
    /// `ByteClassTests` rebuilds both, and the vector ranges above, from the RFCs' lists.
    static let plainHostAndPathBytes: StaticString = "0000000000000000000000000000000000000000000001111111111111000000011111111111111111111111111000000111111111111111111111111110000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
    static let plainQueryBytes: StaticString = "0000000000000000000000000000000001001011111111111111111111110101111111111111111111111111111000010111111111111111111111111110001000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"

    /// The position after `scheme ":"` at the start of `range`, or nil when there is no valid scheme.
    private static func schemeEnd(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var position = range.lowerBound
        guard ScalarASCII.isLetter(text[position]) else { return nil }
        position += 1
        while position < range.upperBound {
            let byte = text[position]
            if byte == UInt8(ascii: ":") { return position + 1 }
            guard ScalarASCII.isLetter(byte) || ScalarASCII.isDigit(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") else { return nil }
            position += 1
        }
        return nil
    }

    /// Validates `[ userinfo "@" ] host [ ":" port ]` from `start` and returns where it ends.
    private static func authorityEnd(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ limit: Int) -> Int? {
        var end = start
        var at: Int?
        while end < limit {
            let byte = text[end]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") && at == nil { at = end }
            end += 1
        }
        var hostStart = start
        if let at {
            guard scan(text, start, at, .userinfo) == at else { return nil }
            hostStart = at + 1
        }
        var hostEnd: Int
        if hostStart < end, text[hostStart] == UInt8(ascii: "[") {
            var close = hostStart + 1
            while close < end, text[close] != UInt8(ascii: "]") { close += 1 }
            guard close < end, isIPLiteral(text, hostStart + 1, close) else { return nil }
            hostEnd = close + 1
        } else {
            guard let registeredEnd = scan(text, hostStart, end, .host) else { return nil }
            hostEnd = registeredEnd
        }
        if hostEnd < end {
            guard text[hostEnd] == UInt8(ascii: ":") else { return nil }
            hostEnd += 1
            while hostEnd < end, ScalarASCII.isDigit(text[hostEnd]) { hostEnd += 1 }
        }
        return hostEnd == end ? end : nil
    }

    /// Whether `text[start..<end]` (between the brackets) is an IPv6 address, optionally with an
    /// RFC 6874 zone (`%25` + zone name), or an IPvFuture literal.
    private static func isIPLiteral(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard start < end else { return false }
        if text[start] | 0x20 == UInt8(ascii: "v") { return isIPvFuture(text, start + 1, end) }
        var addressEnd = start
        while addressEnd < end, text[addressEnd] != UInt8(ascii: "%") { addressEnd += 1 }
        if addressEnd < end {
            // The zone must be "%25" followed by at least one unreserved or percent-encoded character.
            guard end - addressEnd > 3, text[addressEnd + 1] == UInt8(ascii: "2"),
                  text[addressEnd + 2] == UInt8(ascii: "5") else { return false }
            var position = addressEnd + 3
            while position < end {
                let byte = text[position]
                if byte == UInt8(ascii: "%") {
                    guard isPercentEncoded(text, position, end) else { return false }
                    position += 3
                } else {
                    guard isUnreserved(byte) else { return false }
                    position += 1
                }
            }
        }
        return isIPv6(text, start, addressEnd)
    }

    /// Whether `text[start..<end]` is `1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (after the `v`).
    private static func isIPvFuture(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var position = start
        while position < end, ScalarASCII.isHexDigit(text[position]) { position += 1 }
        guard position > start, position < end, text[position] == UInt8(ascii: ".") else { return false }
        position += 1
        guard position < end else { return false }
        while position < end {
            let byte = text[position]
            guard isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") else { return false }
            position += 1
        }
        return true
    }

    /// Whether `text[start..<end]` is an RFC 3986 `IPv6address`.
    private static func isIPv6(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var position = start
        var groups = 0
        var compressed = false
        if end - start >= 2, text[start] == UInt8(ascii: ":"), text[start + 1] == UInt8(ascii: ":") {
            compressed = true
            position += 2
            if position == end { return true }
        }
        while true {
            let groupStart = position
            while position < end, ScalarASCII.isHexDigit(text[position]) { position += 1 }
            if position < end, text[position] == UInt8(ascii: ".") {
                // A dotted IPv4 address stands for the last two groups.
                guard isIPv4(text, groupStart, end) else { return false }
                groups += 2
                break
            }
            let digits = position - groupStart
            guard digits >= 1, digits <= 4 else { return false }
            groups += 1
            if position == end { break }
            guard text[position] == UInt8(ascii: ":") else { return false }
            position += 1
            if position < end, text[position] == UInt8(ascii: ":") {
                guard !compressed else { return false }
                compressed = true
                position += 1
                if position == end { break }
            } else if position == end {
                return false
            }
        }
        // "::" replaces at least one group.
        return compressed ? groups <= 7 : groups == 8
    }

    /// Whether `text[start..<end]` is a dotted-decimal IPv4 address without leading zeros.
    private static func isIPv4(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var position = start
        for octet in 0..<4 {
            if octet > 0 {
                guard position < end, text[position] == UInt8(ascii: ".") else { return false }
                position += 1
            }
            let octetStart = position
            var value = 0
            while position < end, ScalarASCII.isDigit(text[position]), position - octetStart < 3 {
                value = value * 10 + Int(text[position] &- 0x30)
                position += 1
            }
            let digits = position - octetStart
            guard digits >= 1, value <= 255, digits == 1 || text[octetStart] != UInt8(ascii: "0") else {
                return false
            }
        }
        return position == end
    }

    /// Scans the characters allowed in `component` from `start` and returns the position of the
    /// first byte that is not one (or `end`); nil when a `%` escape or a non-ASCII character is invalid.
    private static func scan(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ component: Component) -> Int? {
        let (low, high) = allowedMask(component)
        var position = start
        while position < end {
            let byte = text[position]
            if byte < 0x80 {
                if byte < 64 ? (low &>> UInt64(byte)) & 1 != 0 : (high &>> UInt64(byte & 63)) & 1 != 0 {
                    position += 1
                } else if byte == UInt8(ascii: "%") {
                    guard isPercentEncoded(text, position, end) else { return nil }
                    position += 3
                } else {
                    return position
                }
            } else {
                guard let length = scalarLength(text, position, end, privateUse: component == .query) else {
                    return nil
                }
                position += length
            }
        }
        return position
    }

    /// The ASCII bytes that may appear literally in `component`, as a 128-bit set (bit `b` of
    /// `low` is byte `b`, of `high` byte `64 + b`): RFC 3986 unreserved and sub-delims, plus the
    /// component's own extras (userinfo `:`; path `:@/`; query and fragment `:@/?`).
    /// `ByteClassTests` rebuilds each from the RFC's lists and compares every byte.
    @inline(__always)
    static func allowedMask(_ component: Component) -> (low: UInt64, high: UInt64) {
        switch component {
        case .host: (0x2bff_7fd2_0000_0000, 0x47ff_fffe_87ff_fffe)
        case .userinfo: (0x2fff_7fd2_0000_0000, 0x47ff_fffe_87ff_fffe)
        case .path: (0x2fff_ffd2_0000_0000, 0x47ff_fffe_87ff_ffff)
        case .query, .fragment: (0xafff_ffd2_0000_0000, 0x47ff_fffe_87ff_ffff)
        }
    }

    /// Whether `byte` is an RFC 3986 unreserved character.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        ScalarASCII.isLetter(byte) || ScalarASCII.isDigit(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// Whether `byte` is an RFC 3986 sub-delimiter.
    @inline(__always)
    static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
             UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Whether `text[position]` starts a `%HH` escape that ends before `end`.
    @inline(__always)
    private static func isPercentEncoded(_ text: UnsafeBufferPointer<UInt8>, _ position: Int, _ end: Int) -> Bool {
        position + 2 < end && ScalarASCII.isHexDigit(text[position + 1]) && ScalarASCII.isHexDigit(text[position + 2])
    }

    /// The byte length of the well-formed UTF-8 sequence at `position` when it encodes an RFC 3987
    /// `ucschar` (or, with `privateUse`, an `iprivate` character); nil otherwise.
    private static func scalarLength(_ text: UnsafeBufferPointer<UInt8>, _ position: Int, _ end: Int, privateUse: Bool) -> Int? {
        let lead = text[position]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            scalar = UInt32(lead & 0x07)
        default:
            return nil
        }
        guard end - position >= length else { return nil }
        for offset in 1..<length {
            let continuation = text[position + offset]
            guard continuation & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are not well-formed UTF-8.
        let minimum: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return nil }
        switch scalar {
        case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF, 0xE1000...0xEFFFD:
            return length
        case 0x10000...0xDFFFF:
            return scalar & 0xFFFF <= 0xFFFD ? length : nil
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD:
            return privateUse ? length : nil
        default:
            return nil
        }
    }
}
