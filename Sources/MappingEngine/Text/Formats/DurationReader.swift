/// The byte reader and exact accumulator the duration forms share.
struct DurationReader {
    let text: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    var isAtEnd: Bool { index >= text.count }
    var rest: Int { text.count - index }
    /// The next byte, or 0 at the end.
    var next: UInt8 { index < text.count ? text[index] : 0 }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    /// Consumes the lower-case ASCII `letter` in either case.
    mutating func skipLetter(_ letter: Unicode.Scalar) -> Bool {
        guard next | 0x20 == UInt8(letter.value) else { return false }
        index += 1
        return true
    }

    /// Up to `maximum` digits; more digits than that is nil (the value would not fit).
    mutating func digits(maximum: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while ScalarASCII.isDigit(next) {
            guard count < maximum else { return nil }
            value = value * 10 + Int(next &- 0x30)
            count += 1
            index += 1
        }
        return (value, count)
    }

    /// A number as its digits: whole part, then a fraction after `.` (or `,` where ISO 8601
    /// allows it). Either part may be empty (`.5`, `5.`) but not both, which `digits` tells.
    struct Number {
        var whole: UInt64
        var fraction: UInt64
        var fractionDigits: Int
        var digits: Int
    }

    /// Reads a number; nil when a part has more digits than an exact value could use (whole
    /// part 15, fraction 18).
    mutating func number(commaAllowed: Bool = false) -> Number? {
        guard let (whole, wholeCount) = digits(maximum: 15) else { return nil }
        var fraction = 0
        var fractionCount = 0
        if next == UInt8(ascii: ".") || (commaAllowed && next == UInt8(ascii: ",")) {
            index += 1
            guard let (value, count) = digits(maximum: 18) else { return nil }
            (fraction, fractionCount) = (value, count)
        }
        return Number(whole: UInt64(whole), fraction: UInt64(fraction), fractionDigits: fractionCount,
                      digits: wholeCount + fractionCount)
    }

    /// Go's unit after a number, in nanoseconds: `h m s ms us µs μs ns`.
    mutating func goUnit() -> UInt64? {
        // Longer names first, so `ms` is not read as `m` then `s`.
        for (name, nanoseconds) in DurationReader.goUnits {
            guard rest >= name.count, name.indices.allSatisfy({ text[index + $0] == name[$0] }) else { continue }
            index += name.count
            return nanoseconds
        }
        return nil
    }

    private static let goUnits: [(name: [UInt8], nanoseconds: UInt64)] = [
        ("ns", 1), ("us", 1_000), ("\u{B5}s", 1_000), ("\u{3BC}s", 1_000), ("ms", 1_000_000),
        ("s", 1_000_000_000), ("m", 60_000_000_000), ("h", 3_600_000_000_000),
    ].map { (Array($0.0.utf8), $0.1) }

    /// A running exact total: seconds and nanoseconds, checked against `DurationText.maxSeconds`.
    struct Total {
        var seconds: UInt64 = 0
        var nanoseconds: UInt64 = 0

        /// Adds `number` × 10^`exponent` units of `unitNanoseconds`; false when the result is
        /// finer than a nanosecond or past the bound.
        mutating func add(_ number: Number, unitNanoseconds: UInt64, exponent: Int = 0) -> Bool {
            add(number.whole, scale: exponent, unitNanoseconds)
                && add(number.fraction, scale: exponent - number.fractionDigits, unitNanoseconds)
        }

        /// Adds `mantissa` × 10^`scale` units of `unit` nanoseconds, exactly.
        private mutating func add(_ mantissa: UInt64, scale: Int, _ unit: UInt64) -> Bool {
            var mantissa = mantissa
            var scale = scale
            var unit = unit
            if mantissa == 0 { return true }
            // Trailing zeros change nothing and only risk overflow.
            while mantissa % 10 == 0, scale < 0 {
                mantissa /= 10
                scale += 1
            }
            while scale > 0 {
                let (shifted, overflow) = unit.multipliedReportingOverflow(by: 10)
                guard !overflow else { return false }
                unit = shifted
                scale -= 1
            }
            while scale < 0 {
                guard unit % 10 == 0 else { return false }
                unit /= 10
                scale += 1
            }
            // mantissa × unit nanoseconds, split so it cannot overflow: the unit's whole seconds, then the rest.
            let (wholeSeconds, overflow1) = mantissa.multipliedReportingOverflow(by: unit / 1_000_000_000)
            let (restNanoseconds, overflow2) = mantissa.multipliedReportingOverflow(by: unit % 1_000_000_000)
            guard !overflow1, !overflow2, wholeSeconds <= DurationText.maxSeconds else { return false }
            seconds += wholeSeconds + restNanoseconds / 1_000_000_000
            nanoseconds += restNanoseconds % 1_000_000_000
            seconds += nanoseconds / 1_000_000_000
            nanoseconds %= 1_000_000_000
            return seconds <= DurationText.maxSeconds
        }

        func duration() -> DurationText? {
            guard seconds < DurationText.maxSeconds
                || (seconds == DurationText.maxSeconds && nanoseconds <= DurationText.maxNanoseconds) else { return nil }
            return DurationText(seconds: seconds, nanoseconds: UInt32(nanoseconds))
        }
    }
}
