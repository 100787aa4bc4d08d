/// `duration`: an exact length of time, written as ISO 8601 `PTnHnMnS` (`PT1H30M`, `PT0.5S`).
///
/// A length, never negative: ISO 8601's durations have no sign, and a `-5s` is more often a
/// mistake than a meaning.
///
/// Exact: fractions are read by their digits into whole nanoseconds, never through a double, and
/// a value finer than a nanosecond is refused rather than rounded. Bounded as CEL's durations
/// are, to a signed 64-bit count of nanoseconds (about ±292 years), so every duration is also a
/// CEL `duration`.
public struct DurationText: Sendable, Hashable {
    public var seconds: UInt64
    /// 0..<1_000_000_000.
    public var nanoseconds: UInt32

    /// The whole seconds of `Int64.max` nanoseconds, CEL's bound on a duration.
    static let maxSeconds: UInt64 = 9_223_372_036
    /// The nanoseconds past `maxSeconds` that still fit.
    static let maxNanoseconds: UInt64 = 854_775_807
    /// `PT2562047H47M16.854775807S`, with room to spare.
    static let maxLength = 32

    /// What a `duration` reads. Strict: ISO 8601 `PnW`, `PnDTnHnMnS` (each part optional, a
    /// fraction with `.` or `,` on the last one only; a week is 7 days and a day 24 hours). Lax
    /// also: Go's form (`90s`, `1h30m`, `1.5h`, `300ms`, units `h m s ms us µs ns`) and a number
    /// of seconds as text (`"90"`, `"1.5"`). Years and months are refused in both: they have no
    /// fixed length (`unfixedUnit` says so).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, lax: Bool) -> DurationText? {
        if let iso = iso8601(text) { return iso }
        guard lax else { return nil }
        return go(text) ?? fromSeconds(text)
    }

    /// Whether `text` is refused for naming years or months (`P1Y`, `P2M`), for the message.
    static func namesUnfixedUnit(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let p = text.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "p") }) else { return false }
        let datePart = text[(p + 1)...].prefix { $0 | 0x20 != UInt8(ascii: "t") }
        return datePart.contains { $0 | 0x20 == UInt8(ascii: "y") || $0 | 0x20 == UInt8(ascii: "m") }
    }

    /// The duration a JSON number literal names as seconds (`90`, `1.5`, `-2e3`); nil when it
    /// needs more than nanosecond precision or is past the bound.
    public static func fromSeconds(_ literal: UnsafeBufferPointer<UInt8>) -> DurationText? {
        var reader = DurationReader(literal)
        var total = DurationReader.Total()
        _ = reader.skip(UInt8(ascii: "+"))
        guard let number = reader.number(), number.digits > 0 else { return nil }
        var exponent = 0
        if reader.skip(UInt8(ascii: "e")) || reader.skip(UInt8(ascii: "E")) {
            let minus = reader.skip(UInt8(ascii: "-"))
            if !minus { _ = reader.skip(UInt8(ascii: "+")) }
            guard let (value, count) = reader.digits(maximum: 4), count > 0 else { return nil }
            exponent = minus ? -value : value
        }
        guard reader.isAtEnd, total.add(number, unitNanoseconds: 1_000_000_000, exponent: exponent) else { return nil }
        return total.duration()
    }

    /// `P…` in ISO 8601.
    private static func iso8601(_ text: UnsafeBufferPointer<UInt8>) -> DurationText? {
        var reader = DurationReader(text)
        guard reader.skipLetter("p") else { return nil }
        var total = DurationReader.Total()
        var inTime = false
        var parts = 0
        // The units allowed next, in order: W and D before T, then H, M, S.
        var order = 0
        var fractionSeen = false
        while !reader.isAtEnd {
            if !inTime, reader.skipLetter("t") {
                inTime = true
                order = 2
                guard !reader.isAtEnd else { return nil }
                continue
            }
            guard !fractionSeen, let number = reader.number(commaAllowed: true), number.digits > 0 else { return nil }
            let letter = reader.next | 0x20
            guard let unit = DurationText.isoUnits.first(where: { $0.letter == letter && $0.inTime == inTime }),
                  unit.rank >= order else { return nil }
            reader.index += 1
            order = unit.rank + 1
            guard total.add(number, unitNanoseconds: unit.seconds * 1_000_000_000) else { return nil }
            fractionSeen = number.fractionDigits > 0
            parts += 1
        }
        guard parts > 0 else { return nil }
        return total.duration()
    }

    /// ISO 8601's units, lower case, in the order they must come: before `T`, then after it.
    private static let isoUnits: [(letter: UInt8, inTime: Bool, rank: Int, seconds: UInt64)] = [
        (UInt8(ascii: "w"), false, 0, 604_800), (UInt8(ascii: "d"), false, 1, 86_400),
        (UInt8(ascii: "h"), true, 2, 3600), (UInt8(ascii: "m"), true, 3, 60), (UInt8(ascii: "s"), true, 4, 1),
    ]

    /// Go's `time.ParseDuration` form: an optional `+`, then number-unit pairs.
    private static func go(_ text: UnsafeBufferPointer<UInt8>) -> DurationText? {
        var reader = DurationReader(text)
        _ = reader.skip(UInt8(ascii: "+"))
        if reader.rest == 1, reader.next == UInt8(ascii: "0") { return DurationText(seconds: 0, nanoseconds: 0) }
        var total = DurationReader.Total()
        var parts = 0
        while !reader.isAtEnd {
            guard let number = reader.number(), number.digits > 0, let unit = reader.goUnit(),
                  total.add(number, unitNanoseconds: unit) else { return nil }
            parts += 1
        }
        guard parts > 0 else { return nil }
        return total.duration()
    }

    /// Writes the canonical ISO 8601 text: hours, minutes and seconds, each only when not zero
    /// (`PT0S` for zero), the seconds' fraction without trailing zeros.
    public func write(to out: UnsafeMutablePointer<UInt8>) -> Int {
        var output = FormatOutput(out)
        output.byte(UInt8(ascii: "P"))
        output.byte(UInt8(ascii: "T"))
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        if hours > 0 {
            output.decimal(hours)
            output.byte(UInt8(ascii: "H"))
        }
        if minutes > 0 {
            output.decimal(minutes)
            output.byte(UInt8(ascii: "M"))
        }
        if rest > 0 || nanoseconds > 0 || seconds == 0 {
            output.decimal(rest)
            output.fraction(Int(nanoseconds))
            output.byte(UInt8(ascii: "S"))
        }
        return output.count
    }

    /// The canonical text, for load-time and export code.
    public var text: String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DurationText.maxLength) { buffer in
            let n = write(to: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: n), as: UTF8.self)
        }
    }
}
