extension CELDecimal {
    /// A decimal from JSON number text in UTF-8, as `init?(_:)` reads it, without allocating
    /// for up to 19 significant digits and no exponent: how the engine reads a converted
    /// `decimal` back for a rule. Anything else takes the general path.
    public init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        guard count > 0 else { return nil }
        let bytes = text.baseAddress.unsafelyUnwrapped
        let negative = bytes[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        // Up to 19 digits in a UInt64, which is cheaper to multiply than an Int128: text of at
        // most 19 bytes cannot hold more.
        guard count <= 19 else {
            self.init(longUTF8: text, negative: negative)
            return
        }
        var significand: UInt64 = 0
        var point = -1
        while index < count {
            let digit = bytes[index] &- 0x30
            if digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
            } else if bytes[index] == UInt8(ascii: "."), point < 0 {
                point = index
            } else {
                break
            }
            index += 1
        }
        // A digit before the end, and the end reached (an exponent takes the general path).
        let digitCount = index - (negative ? 1 : 0) - (point >= 0 ? 1 : 0)
        guard digitCount > 0 else { return nil }
        guard index == count else {
            guard bytes[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            self.init(String(decoding: text, as: UTF8.self))
            return
        }
        let scale = point >= 0 ? count - point - 1 : 0
        self.init(significand: .small(negative ? -Int128(significand) : Int128(significand)), exponent: Int32(-scale))
    }

    /// `init?(utf8:)` for text of more than 19 bytes: the same reading, with the general path
    /// past 19 significant digits (leading zeros are none).
    private init?(longUTF8 text: UnsafeBufferPointer<UInt8>, negative: Bool) {
        var index = negative ? 1 : 0
        let count = text.count
        var significand: UInt64 = 0
        var digits = 0
        var scale = 0
        var sawDigit = false
        var inFraction = false
        while index < count {
            let byte = text[index]
            if CELDecimal.isDigit(byte) {
                sawDigit = true
                if significand != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 19 else {
                    self.init(String(decoding: text, as: UTF8.self))
                    return
                }
                significand = significand &* 10 &+ UInt64(byte &- 0x30)
                if inFraction { scale += 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        if index < count {
            guard text[index] | 0x20 == UInt8(ascii: "e") else { return nil }
            self.init(String(decoding: text, as: UTF8.self))
            return
        }
        self.init(negative ? -Int128(significand) : Int128(significand), exponent: -scale)
    }
}
