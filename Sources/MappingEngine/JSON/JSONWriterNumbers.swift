/// Numbers in their shortest JSON text: integers by digit pairs, floating point as Swift
/// prints it.
extension JSONWriter {
    /// Appends the decimal digits of `v`.
    @inlinable
    public mutating func uint64(_ v: UInt64) {
        reserve(20)
        let out = storage + used
        if v < 10 {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: v)
            used &+= 1
            return
        }
        // Count the digits first (divisions by constants become multiplications), then write
        // two digits per step backwards from the end, taking pairs from a 200-byte static table.
        var digits = 1
        var t = v
        while t >= 10_000 {
            t /= 10_000
            digits &+= 4
        }
        if t >= 100 {
            t /= 100
            digits &+= 2
        }
        if t >= 10 {
            digits &+= 1
        }
        let pairs: StaticString = """
            00010203040506070809101112131415161718192021222324252627282930313233343536373839\
            40414243444546474849505152535455565758596061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899
            """
        let table = pairs.utf8Start
        var q = out + digits
        var x = v
        while x >= 100 {
            let r = Int(truncatingIfNeeded: x % 100) &* 2
            x /= 100
            q -= 2
            q[0] = table[r]
            q[1] = table[r &+ 1]
        }
        if x >= 10 {
            let r = Int(truncatingIfNeeded: x) &* 2
            out[0] = table[r]
            out[1] = table[r &+ 1]
        } else {
            out[0] = 0x30 &+ UInt8(truncatingIfNeeded: x)
        }
        used &+= digits
    }

    /// Appends `v` in decimal, with a leading `-` when negative.
    @inlinable
    public mutating func int64(_ v: Int64) {
        if v < 0 {
            byte(UInt8(ascii: "-"))
        }
        uint64(v.magnitude)
    }

    /// Appends the shortest text that reads back as `v` (for example `1.0`, `1e-05`); a
    /// non-finite value, which JSON cannot represent, is written as `null`.
    public mutating func double(_ v: Double) { shortest(v) }

    /// Appends the shortest text that reads back as `v`; a non-finite value is written as `null`.
    public mutating func float(_ v: Float) { shortest(v) }

    private mutating func shortest<F: BinaryFloatingPoint & CustomStringConvertible>(_ v: F) {
        guard v.isFinite else {
            ascii("null")
            return
        }
        var text = v.description
        text.withUTF8 { bytes($0) }
    }
}
