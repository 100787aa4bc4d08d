/// The order of two numbers by their text, `-?digits(.digits)?` as convertd writes integers
/// and decimals (optionally in quotes, as a profile writes them): by value, so `1.50` equals
/// `1.5` and `-0` equals `0`, without reading either into a number.
enum NumberOrder {
    /// The most significant digits compared: what a decimal held inline has (38).
    static let maxDigits = 38

    /// -1, 0 or 1 as `a` is less than, equal to or greater than `b`; nil when either is not
    /// such text or has more than `maxDigits` digits (a fraction's leading zeros count).
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
        // Most numbers have few digits: as integers of 18 digits at most, scaled to the same
        // number of fraction digits, they compare as integers.
        if let x = Short(a), let y = Short(b) {
            let shift = x.scale - y.scale
            if shift == 0 { return x.value < y.value ? -1 : (x.value == y.value ? 0 : 1) }
            if let (p, q) = shift > 0 ? Short.aligned(y.value, shift, x.value) : Short.aligned(x.value, -shift, y.value).map({ ($1, $0) }) {
                return p < q ? -1 : (p == q ? 0 : 1)
            }
        }
        var x = Parts(), y = Parts()
        guard x.read(a), y.read(b) else { return nil }
        let signX = x.isZero ? 0 : (x.negative ? -1 : 1)
        let signY = y.isZero ? 0 : (y.negative ? -1 : 1)
        if signX != signY { return signX < signY ? -1 : 1 }
        if signX == 0 { return 0 }
        let magnitude = compareMagnitudes(x, y)
        return x.negative ? -magnitude : magnitude
    }

    /// A number of at most 18 digits as an integer and its count of fraction digits.
    private struct Short {
        let value: Int64
        let scale: Int

        @inline(__always)
        init?(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard var text = buffer.baseAddress, buffer.count <= 20 else { return nil }
            var end = text + buffer.count
            if buffer.count >= 2, text[0] == UInt8(ascii: "\""), end[-1] == UInt8(ascii: "\"") {
                text += 1
                end -= 1
            }
            let negative = text < end && text[0] == UInt8(ascii: "-")
            if negative { text += 1 }
            var value: Int64 = 0
            var digits = 0
            var point: UnsafePointer<UInt8>?
            while text < end {
                let digit = text[0] &- 0x30
                if digit < 10 {
                    value = value &* 10 &+ Int64(digit)
                    digits &+= 1
                } else if text[0] == UInt8(ascii: "."), point == nil, digits > 0 {
                    point = text
                } else {
                    return nil
                }
                text += 1
            }
            guard digits > 0, digits <= 18, point.map({ $0 + 1 < end }) ?? true else { return nil }
            self.value = negative ? -value : value
            scale = point.map { end - $0 - 1 } ?? 0
        }

        /// `small` with `shift` more fraction digits, after `other`; nil when it overflows.
        @inline(__always)
        static func aligned(_ small: Int64, _ shift: Int, _ other: Int64) -> (Int64, Int64)? {
            guard shift <= 18 else { return nil }
            var power: Int64 = 1
            for _ in 0..<shift { power &*= 10 }
            let (scaled, overflow) = small.multipliedReportingOverflow(by: power)
            return overflow ? nil : (other, scaled)
        }
    }

    /// Where a number's parts are in its text: the integer digits past their leading zeros
    /// (none for `0`), and the fraction digits.
    private struct Parts {
        var text: UnsafePointer<UInt8>?
        var negative = false
        var integerStart = 0
        var integerEnd = 0
        var fractionStart = 0
        var fractionEnd = 0
        var isZero = true

        /// Reads `buffer`'s parts; false when it is not such text.
        @inline(__always)
        mutating func read(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let text = buffer.baseAddress else { return false }
            self.text = text
            var index = 0
            var end = buffer.count
            if end >= 2, text[0] == UInt8(ascii: "\""), text[end - 1] == UInt8(ascii: "\"") {
                index = 1
                end -= 1
            }
            if index < end, text[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            let digits = index
            while index < end, text[index] == UInt8(ascii: "0") { index += 1 }
            integerStart = index
            while index < end, text[index] &- 0x30 < 10 { index += 1 }
            integerEnd = index
            guard integerEnd > digits else { return false }
            isZero = integerEnd == integerStart
            fractionStart = index
            fractionEnd = index
            if index < end {
                guard text[index] == UInt8(ascii: ".") else { return false }
                index += 1
                fractionStart = index
                while index < end, text[index] &- 0x30 < 10 {
                    if text[index] != UInt8(ascii: "0") { isZero = false }
                    index += 1
                }
                guard index > fractionStart, index == end else { return false }
                fractionEnd = index
            }
            return integerEnd - integerStart + fractionEnd - fractionStart <= NumberOrder.maxDigits
        }
    }

    /// The order of two magnitudes: more integer digits is larger, then digit by digit, the
    /// shorter fraction read as ending in zeros.
    private static func compareMagnitudes(_ x: Parts, _ y: Parts) -> Int {
        let xText = x.text.unsafelyUnwrapped, yText = y.text.unsafelyUnwrapped
        let length = x.integerEnd - x.integerStart
        if length != y.integerEnd - y.integerStart { return length < y.integerEnd - y.integerStart ? -1 : 1 }
        for offset in 0..<length {
            let p = xText[x.integerStart + offset], q = yText[y.integerStart + offset]
            if p != q { return p < q ? -1 : 1 }
        }
        let xCount = x.fractionEnd - x.fractionStart, yCount = y.fractionEnd - y.fractionStart
        for offset in 0..<max(xCount, yCount) {
            let p = offset < xCount ? xText[x.fractionStart + offset] : UInt8(ascii: "0")
            let q = offset < yCount ? yText[y.fractionStart + offset] : UInt8(ascii: "0")
            if p != q { return p < q ? -1 : 1 }
        }
        return 0
    }
}
