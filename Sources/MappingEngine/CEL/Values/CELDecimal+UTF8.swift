extension CELDecimal {
    /// A decimal from JSON number text in UTF-8, as `init?(_:)` reads it, without allocating
    /// for up to 19 significant digits and no exponent: how the engine reads a converted
    /// `decimal` back for a rule. Anything else takes the general path.
    public init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = text.count
        let negative = count > 0 && text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        // Up to 19 digits in a UInt64, which is cheaper to multiply than an Int128.
        var significand: UInt64 = 0
        var digits = 0
        var scale = 0
        var sawDigit = false
        var inFraction = false
        while index < count {
            let byte = text[index]
            if CELDecimal.isDigit(byte) {
                sawDigit = true
                // Leading zeros add no digit; past 19 the general path takes over.
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
            // An exponent is rare in converted output: the general path reads it.
            self.init(String(decoding: text, as: UTF8.self))
            return
        }
        self.init(negative ? -Int128(significand) : Int128(significand), exponent: -scale)
    }
}
