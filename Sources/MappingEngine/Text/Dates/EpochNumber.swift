/// A decimal number read exactly from text (never through a `Double`), as an epoch instant.
///
/// The grammar is JSON's number grammar, except that leading zeros are allowed:
/// `-? digits (. digits)? ([eE] [+-]? digits)?`.
struct EpochNumber {
    /// How an epoch number counts time.
    enum Unit {
        /// Seconds, or milliseconds when the absolute value exceeds 2×10¹⁰.
        case automatic
        case seconds
        case milliseconds
    }

    var isNegative = false
    /// The integer part of the absolute value, meaningful only when `overflowed` is false.
    var integer: UInt64 = 0
    /// The first nine fraction digits of the absolute value, as nanoseconds of a unit.
    var fraction: Int = 0
    /// Whether a non-zero digit follows the ninth fraction digit.
    var hasDigitsBeyondNanoseconds = false
    /// Whether the integer part exceeds 10¹⁷, far beyond any representable instant.
    var overflowed = false

    /// 2×10¹⁰: larger absolute values count milliseconds under `.automatic`.
    static let millisecondThreshold: UInt64 = 20_000_000_000

    /// Reads the whole rest of `cursor` as a number; nil when it is not one.
    init?(_ cursor: DateCursor) {
        var c = cursor
        isNegative = c.skip(UInt8(ascii: "-"))
        let integerStart = c.index
        while c.next &- 0x30 < 10 { c.index += 1 }
        let integerEnd = c.index
        guard integerEnd > integerStart else { return nil }
        var fractionStart = integerEnd
        var fractionEnd = integerEnd
        if c.skip(UInt8(ascii: ".")) {
            fractionStart = c.index
            while c.next &- 0x30 < 10 { c.index += 1 }
            fractionEnd = c.index
            guard fractionEnd > fractionStart else { return nil }
        }
        var exponent = 0
        if c.next | 0x20 == UInt8(ascii: "e") {
            c.index += 1
            let exponentIsNegative = c.skip(UInt8(ascii: "-"))
            if !exponentIsNegative { _ = c.skip(UInt8(ascii: "+")) }
            let exponentStart = c.index
            while c.next &- 0x30 < 10 {
                // Past a million places every non-zero number is out of range either way.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(c.next &- 0x30) }
                c.index += 1
            }
            guard c.index > exponentStart else { return nil }
            if exponentIsNegative { exponent = -exponent }
        }
        guard c.isAtEnd else { return nil }

        // Digit k (counting int and fraction digits together) has place 10^(pointPosition-1-k).
        let pointPosition = (integerEnd - integerStart) + exponent
        var k = 0
        for index in integerStart..<fractionEnd where index < integerEnd || index >= fractionStart {
            accumulate(Int(c.base[index] &- 0x30), fractionPlace: k - pointPosition)
            k += 1
        }
        if integer != 0 {
            var place = k
            while place < pointPosition, !overflowed {
                appendIntegerDigit(0)
                place += 1
            }
        }
    }

    /// Adds one digit whose place is 10^-(fractionPlace+1) (negative places are integer digits).
    private mutating func accumulate(_ digit: Int, fractionPlace: Int) {
        if fractionPlace < 0 {
            appendIntegerDigit(UInt64(digit))
        } else if fractionPlace < 9 {
            fraction += digit * EpochNumber.powerOfTen(8 - fractionPlace)
        } else if digit != 0 {
            hasDigitsBeyondNanoseconds = true
        }
    }

    /// Shifts `digit` into the integer part, flagging overflow past 10¹⁷.
    private mutating func appendIntegerDigit(_ digit: UInt64) {
        guard !overflowed else { return }
        integer = integer * 10 + digit
        if integer > 100_000_000_000_000_000 { overflowed = true }
    }

    /// 10^exponent for 0...9.
    private static func powerOfTen(_ exponent: Int) -> Int {
        var value = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The instant this number names in `unit`; nil when it needs more than nanosecond precision
    /// or falls outside years 0001–9999.
    func instant(unit: Unit) -> Instant? {
        guard !overflowed else { return nil }
        switch unit {
        case .automatic:
            let exceeds = integer > EpochNumber.millisecondThreshold
                || (integer == EpochNumber.millisecondThreshold
                    && (fraction != 0 || hasDigitsBeyondNanoseconds))
            return instant(unit: exceeds ? .milliseconds : .seconds)
        case .seconds:
            guard !hasDigitsBeyondNanoseconds else { return nil }
            return EpochNumber.instant(
                seconds: Int64(integer), nanoseconds: fraction, isNegative: isNegative)
        case .milliseconds:
            guard !hasDigitsBeyondNanoseconds, fraction % 1000 == 0 else { return nil }
            let seconds = Int64(integer / 1000)
            let nanoseconds = Int(integer % 1000) * 1_000_000 + fraction / 1000
            return EpochNumber.instant(
                seconds: seconds, nanoseconds: nanoseconds, isNegative: isNegative)
        }
    }

    /// The instant `milliseconds` (an absolute value) before or after the epoch.
    static func instant(milliseconds: Int64, isNegative: Bool) -> Instant? {
        instant(
            seconds: milliseconds / 1000, nanoseconds: Int(milliseconds % 1000) * 1_000_000,
            isNegative: isNegative)
    }

    /// The instant `seconds` + `nanoseconds` (an absolute value) before or after the epoch.
    private static func instant(seconds: Int64, nanoseconds: Int, isNegative: Bool) -> Instant? {
        guard isNegative else {
            return Instant.checked(seconds: seconds, nanoseconds: Int32(nanoseconds))
        }
        if nanoseconds == 0 {
            return Instant.checked(seconds: -seconds, nanoseconds: 0)
        }
        return Instant.checked(seconds: -seconds - 1, nanoseconds: Int32(1_000_000_000 - nanoseconds))
    }
}
