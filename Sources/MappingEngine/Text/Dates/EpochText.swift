/// Instants written as exact epoch number literals, which `EpochNumber` reads back unchanged.
///
/// Seconds keep up to nine fraction digits and milliseconds up to six, so both hold every
/// instant to the nanosecond: an epoch format never loses data.
enum EpochText {
    /// Seconds since the epoch, e.g. `1442377209` or `-1.5`.
    static func seconds(_ instant: Instant) -> String {
        let (sign, whole, nanoseconds) = magnitude(instant)
        let fraction = DateDigits.fraction(nanoseconds, digits: 9)
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// Milliseconds since the epoch, e.g. `1442377209000` or `1442377209000.5`.
    static func milliseconds(_ instant: Instant) -> String {
        let (sign, whole, nanoseconds) = magnitude(instant)
        let millis = whole * 1000 + Int64(nanoseconds / 1_000_000)
        let fraction = DateDigits.fraction(nanoseconds % 1_000_000, digits: 6)
        return sign + String(millis) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// What `.epoch` reads back as `instant`: seconds, unless their absolute value would pass
    /// 2×10¹⁰ and be read as milliseconds (years before 1336 or after 2603).
    static func automatic(_ instant: Instant) -> String {
        let (_, whole, nanoseconds) = magnitude(instant)
        let threshold = Int64(EpochNumber.millisecondThreshold)
        let readAsSeconds = whole < threshold || (whole == threshold && nanoseconds == 0)
        return readAsSeconds ? seconds(instant) : milliseconds(instant)
    }

    /// The sign, whole seconds and nanoseconds of the instant's distance from the epoch, the
    /// sign-and-magnitude form number text uses (`Instant` counts nanoseconds forward even
    /// before 1970, so -1.5 s is -2 s + 500 000 000 ns).
    private static func magnitude(_ instant: Instant) -> (sign: String, seconds: Int64, nanoseconds: Int) {
        let nanoseconds = Int(instant.nanoseconds)
        guard instant.seconds < 0 else { return ("", instant.seconds, nanoseconds) }
        if nanoseconds == 0 { return ("-", -instant.seconds, 0) }
        return ("-", -(instant.seconds + 1), 1_000_000_000 - nanoseconds)
    }
}
