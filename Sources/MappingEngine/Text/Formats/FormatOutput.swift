/// A forward writer into room a caller reserved: what the format writers share.
struct FormatOutput {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    @inline(__always)
    mutating func byte(_ b: UInt8) {
        base[count] = b
        count += 1
    }

    mutating func bytes(_ text: UnsafeBufferPointer<UInt8>) {
        for b in text { byte(b) }
    }

    /// `value` in decimal, without leading zeros.
    mutating func decimal(_ value: UInt64) {
        var digits: (UInt64, Int) = (1, 1)
        while value / digits.0 >= 10 {
            digits.0 *= 10
            digits.1 += 1
        }
        var rest = value
        var unit = digits.0
        for _ in 0..<digits.1 {
            byte(UInt8(truncatingIfNeeded: rest / unit) &+ 0x30)
            rest %= unit
            unit /= 10
        }
    }

    /// `value` as exactly `width` decimal digits, zero-padded.
    mutating func digits(_ value: Int, width: Int) {
        var position = count + width - 1
        var rest = value
        while position >= count {
            base[position] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
            position -= 1
        }
        count += width
    }

    /// `.` and the nanoseconds' digits without trailing zeros; nothing when they are zero.
    mutating func fraction(_ nanoseconds: Int) {
        guard nanoseconds != 0 else { return }
        var value = nanoseconds
        var width = 9
        while value % 10 == 0 {
            value /= 10
            width -= 1
        }
        byte(UInt8(ascii: "."))
        digits(value, width: width)
    }
}
