/// A forward reader over the bytes of one date text, with the small matchers all formats share.
///
/// Matchers that fail may leave the cursor anywhere; callers copy a cursor when they need to
/// try an alternative from the same place.
struct DateCursor {
    let base: UnsafePointer<UInt8>
    var index: Int
    let end: Int

    /// A cursor over `text` without leading and trailing ASCII whitespace; nil when nothing is left.
    init?(trimming text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return nil }
        var start = 0
        var end = text.count
        while start < end, DateCursor.isSpace(base[start]) { start += 1 }
        while end > start, DateCursor.isSpace(base[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        self.base = base
        self.index = start
        self.end = end
    }

    /// A cursor over all of `text`; nil when it is empty.
    init?(whole text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        self.base = base
        self.index = 0
        self.end = text.count
    }

    /// Space, tab, line feed, vertical tab, form feed or carriage return.
    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Whether `byte` is an ASCII letter.
    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26
    }

    var isAtEnd: Bool { index >= end }

    /// The next byte, or 0 at the end; no matcher accepts 0, so callers need no bounds check.
    @inline(__always)
    var next: UInt8 { index < end ? base[index] : 0 }

    /// Consumes `byte` when it is next.
    @inline(__always)
    mutating func skip(_ byte: UInt8) -> Bool {
        guard index < end, base[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `bytes` when they come next, byte for byte.
    mutating func skip(_ bytes: [UInt8]) -> Bool {
        guard end - index >= bytes.count else { return false }
        for (offset, byte) in bytes.enumerated() where base[index + offset] != byte { return false }
        index += bytes.count
        return true
    }

    /// Reads exactly two ASCII digits as a number, consuming nothing when they are not there.
    @inline(__always)
    mutating func twoDigits() -> Int? {
        guard end - index >= 2 else { return nil }
        let high = base[index] &- 0x30
        let low = base[index + 1] &- 0x30
        guard high < 10, low < 10 else { return nil }
        index += 2
        return Int(high) * 10 + Int(low)
    }

    /// Reads exactly four ASCII digits as a number, consuming nothing when they are not there.
    @inline(__always)
    mutating func fourDigits() -> Int? {
        guard end - index >= 4 else { return nil }
        let a = base[index] &- 0x30, b = base[index + 1] &- 0x30
        let c = base[index + 2] &- 0x30, d = base[index + 3] &- 0x30
        guard a < 10, b < 10, c < 10, d < 10 else { return nil }
        index += 4
        return Int(a) * 1000 + Int(b) * 100 + Int(c) * 10 + Int(d)
    }

    /// Reads as many digits as present, at most `maximum`, failing below `minimum`.
    @inline(__always)
    mutating func digits(minimum: Int, maximum: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < maximum, index + count < end {
            let digit = base[index + count] &- 0x30
            guard digit < 10 else { break }
            value = value * 10 + Int(digit)
            count += 1
        }
        guard count >= minimum else { return nil }
        index += count
        return (value, count)
    }

    /// Reads the 1–9 digits after a decimal point as nanoseconds; nil for none or more than nine.
    mutating func fractionNanoseconds() -> Int? {
        guard let (value, count) = digits(minimum: 1, maximum: 9), next &- 0x30 >= 10 else {
            return nil
        }
        return DateCursor.nanoseconds(value, digits: count)
    }

    /// `value` read from `digits` fraction digits (at most nine), scaled to nanoseconds.
    static func nanoseconds(_ value: Int, digits: Int) -> Int {
        var scaled = value
        for _ in digits..<9 { scaled *= 10 }
        return scaled
    }

    /// Reads `±HH`, `±HHMM` or `±HH:MM` as seconds east of UTC; `minutesRequired` refuses `±HH`.
    mutating func numericOffset(minutesRequired: Bool) -> Int? {
        let sign: Int
        switch next {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        index += 1
        guard let hours = twoDigits(), hours <= 23 else { return nil }
        var minutes = 0
        if skip(UInt8(ascii: ":")) {
            guard let value = twoDigits() else { return nil }
            minutes = value
        } else if let value = twoDigits() {
            minutes = value
        } else if minutesRequired {
            return nil
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// Reads `Z`/`z` as UTC or a numeric offset, as seconds east of UTC.
    mutating func zuluOrOffset() -> Int? {
        if next | 0x20 == UInt8(ascii: "z") {
            index += 1
            return 0
        }
        return numericOffset(minutesRequired: false)
    }

    /// Reads three letters, any case, packed lowercase into one key for a name table.
    mutating func threeLetterKey() -> UInt32? {
        guard end - index >= 3 else { return nil }
        let a = base[index], b = base[index + 1], c = base[index + 2]
        guard DateCursor.isLetter(a), DateCursor.isLetter(b), DateCursor.isLetter(c) else { return nil }
        index += 3
        return UInt32(a | 0x20) << 16 | UInt32(b | 0x20) << 8 | UInt32(c | 0x20)
    }

    /// Consumes the lowercase ASCII `suffix` when it comes next in any case.
    mutating func skipIgnoringCase(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard end - index >= count else { return false }
        let letters = suffix.utf8Start
        for offset in 0..<count where base[index + offset] | 0x20 != letters[offset] { return false }
        index += count
        return true
    }

    /// Reads an English month name as 1–12: three letters, or the full name when `allowFull`.
    mutating func monthName(allowFull: Bool) -> Int? {
        guard let key = threeLetterKey(), let month = EnglishDateNames.month(key) else { return nil }
        if allowFull, DateCursor.isLetter(next) {
            guard skipIgnoringCase(EnglishDateNames.monthSuffix(month)) else { return nil }
        }
        return month
    }

    /// Reads an English weekday name: three letters, or the full name when `allowFull`.
    mutating func weekdayName(allowFull: Bool) -> Bool {
        guard let key = threeLetterKey(), let weekday = EnglishDateNames.weekday(key) else { return false }
        if allowFull, DateCursor.isLetter(next) {
            return skipIgnoringCase(EnglishDateNames.weekdaySuffix(weekday))
        }
        return true
    }

    /// Reads `AM` or `PM` in any case; true for PM.
    mutating func meridiem() -> Bool? {
        guard end - index >= 2, base[index + 1] | 0x20 == UInt8(ascii: "m") else { return nil }
        let isPM: Bool
        switch base[index] | 0x20 {
        case UInt8(ascii: "a"): isPM = false
        case UInt8(ascii: "p"): isPM = true
        default: return nil
        }
        index += 2
        return isPM
    }
}
