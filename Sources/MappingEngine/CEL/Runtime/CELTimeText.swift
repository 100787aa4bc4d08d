/// Timestamps and durations to and from text as CEL's `timestamp()`, `duration()` and
/// `string()` spell them (cel-go: Go's RFC 3339 and `time.ParseDuration`).
enum CELTimeText {
    /// RFC 3339: `2009-02-13T23:31:30Z`, a fraction of any length, `Z` or a `±hh:mm` offset.
    static func timestamp(_ text: String) throws(CELError) -> CELTimestamp {
        let bytes = Array(text.utf8)
        var cursor = 0
        func number(_ digits: Int) -> Int64? {
            guard cursor + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[cursor..<(cursor + digits)] {
                guard byte &- 0x30 < 10 else { return nil }
                value = value * 10 + Int64(byte &- 0x30)
            }
            cursor += digits
            return value
        }
        func expect(_ character: UInt8) -> Bool {
            guard cursor < bytes.count, bytes[cursor] == character else { return false }
            cursor += 1
            return true
        }
        let invalid = CELError(.invalidArgument, "invalid timestamp '\(text)'")
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), expect(UInt8(ascii: "T")), let hour = number(2), expect(UInt8(ascii: ":")),
              let minute = number(2), expect(UInt8(ascii: ":")), let second = number(2)
        else { throw invalid }
        var nanos: Int64 = 0
        if expect(UInt8(ascii: ".")) {
            var digits = 0
            while cursor < bytes.count, bytes[cursor] &- 0x30 < 10 {
                if digits < 9 { nanos = nanos * 10 + Int64(bytes[cursor] &- 0x30) }
                digits += 1
                cursor += 1
            }
            guard digits > 0 else { throw invalid }
            for _ in digits..<max(digits, 9) { nanos *= 10 }
        }
        var offset: Int64 = 0
        if !expect(UInt8(ascii: "Z")) {
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") else { throw invalid }
            let sign: Int64 = bytes[cursor] == UInt8(ascii: "-") ? -1 : 1
            cursor += 1
            guard let hours = number(2), expect(UInt8(ascii: ":")), let minutes = number(2), hours < 24, minutes < 60 else {
                throw invalid
            }
            offset = sign * (hours * 3_600 + minutes * 60)
        }
        guard cursor == bytes.count, (1...12).contains(month), (1...CELCivilTime.daysInMonth(year, month)).contains(day),
              hour < 24, minute < 60, second < 60
        else { throw invalid }
        let seconds = CELCivilTime.days(fromCivil: year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return try CELTimeMath.timestamp(seconds: seconds, nanos: nanos)
    }

    /// RFC 3339 in UTC, the fraction without trailing zeros (Go's `RFC3339Nano`).
    static func string(_ timestamp: CELTimestamp) -> String {
        let civil = try? CELCivilTime(timestamp, zone: nil)
        guard let civil else { return "" }
        var text = padded(civil.year, 4) + "-" + padded(civil.month, 2) + "-" + padded(civil.day, 2)
        text += "T" + padded(civil.hour, 2) + ":" + padded(civil.minute, 2) + ":" + padded(civil.second, 2)
        return text + fraction(Int64(timestamp.nanos)) + "Z"
    }

    /// Go's duration syntax: an optional sign, then numbers with units (`h m s ms us µs ns`),
    /// each with an optional fraction: `1h2m3.5s`, `-1.5h`, `0`.
    static func duration(_ text: String) throws(CELError) -> CELDuration {
        let invalid = CELError(.invalidArgument, "invalid duration '\(text)'")
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        if String(scalars) == "0" { return CELDuration(seconds: 0, nanos: 0) }
        guard !scalars.isEmpty else { throw invalid }
        // Summed as a magnitude up to 2⁶³ so that the most negative duration parses.
        var total: UInt64 = 0
        while !scalars.isEmpty {
            let whole = scalars.prefix(while: isDigit)
            scalars = scalars.dropFirst(whole.count)
            var fraction = scalars.prefix(0)
            if scalars.first == "." {
                fraction = scalars.dropFirst().prefix(while: isDigit)
                scalars = scalars.dropFirst(1 + fraction.count)
            }
            guard !whole.isEmpty || !fraction.isEmpty else { throw invalid }
            let unitText = String(scalars.prefix { !isDigit($0) && $0 != "." })
            scalars = scalars.dropFirst(unitText.unicodeScalars.count)
            guard let unit = unitNanoseconds[unitText] else { throw invalid }
            var amount: UInt64 = 0
            for digit in whole {
                let (scaled, overflow) = amount.multipliedReportingOverflow(by: 10)
                let (sum, carry) = scaled.addingReportingOverflow(UInt64(digit.value - 0x30))
                guard !overflow, !carry else { throw CELTimeMath.rangeError("duration") }
                amount = sum
            }
            let (scaledWhole, overflow) = amount.multipliedReportingOverflow(by: unit)
            guard !overflow else { throw CELTimeMath.rangeError("duration") }
            var part = scaledWhole
            // The fraction's digits, scaled by the unit, truncated to whole nanoseconds.
            var scale = unit
            for digit in fraction {
                scale /= 10
                guard scale > 0 else { break }
                let (sum, carry) = part.addingReportingOverflow(UInt64(digit.value - 0x30) * scale)
                guard !carry else { throw CELTimeMath.rangeError("duration") }
                part = sum
            }
            let (sum, carry) = total.addingReportingOverflow(part)
            guard !carry, sum <= UInt64(Int64.max) + (negative ? 1 : 0) else { throw CELTimeMath.rangeError("duration") }
            total = sum
        }
        let nanoseconds = negative ? Int64(truncatingIfNeeded: 0 &- total) : Int64(total)
        return CELTimeMath.duration(nanoseconds: nanoseconds)
    }

    /// Seconds and a fraction without trailing zeros, then `s`: `60.001s`, `-1.5s`, `0s`.
    static func string(_ duration: CELDuration) -> String {
        let negative = duration.seconds < 0 || duration.nanos < 0
        let seconds = duration.seconds.magnitude
        let nanos = Int64(duration.nanos.magnitude)
        return (negative ? "-" : "") + String(seconds) + fraction(nanos) + "s"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value &- 0x30 < 10
    }

    private static let unitNanoseconds: [String: UInt64] = [
        "ns": 1, "us": 1_000, "µs": 1_000, "μs": 1_000, "ms": 1_000_000,
        "s": 1_000_000_000, "m": 60_000_000_000, "h": 3_600_000_000_000,
    ]

    /// `.` and the nanoseconds' digits without trailing zeros; empty for none.
    private static func fraction(_ nanos: Int64) -> String {
        guard nanos > 0 else { return "" }
        var digits = padded(nanos, 9)
        while digits.hasSuffix("0") { digits.removeLast() }
        return "." + digits
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
