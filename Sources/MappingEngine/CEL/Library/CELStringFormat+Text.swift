/// How `%s` writes each kind of value (strings.md's `s` row, as cel-go writes it): doubles in
/// their shortest exact form without an exponent, durations as seconds, timestamps in RFC 3339
/// UTC, bytes as UTF-8 text, decimals with their digits as written (`12.50`), lists and maps
/// with their elements written the same way.
extension CELStringFormat {
    static func appendText(of value: CELValue, to result: inout String) throws(CELError) {
        switch value {
        case .null: result += "null"
        case .bool(let flag): result += flag ? "true" : "false"
        case .int(let number): result += String(number)
        case .uint(let number): result += String(number)
        case .double(let number): result += shortestText(of: number)
        case .string(let text): result += text
        case .bytes(let bytes): appendLossyUTF8(bytes, to: &result)
        case .type(let name): result += name
        case .duration(let duration):
            result += shortestText(of: Double(duration.seconds) + Double(duration.nanos) / 1e9)
            result += "s"
        case .timestamp(let timestamp): result += CELTimeText.string(timestamp)
        case .list(let elements):
            result += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { result += ", " }
                try appendText(of: element, to: &result)
            }
            result += "]"
        case .map(let map):
            // Entries in the byte order of their keys' text, as cel-go sorts them.
            var entries: [(key: String, value: String)] = []
            entries.reserveCapacity(map.entries.count)
            for entry in map.entries {
                var key = "", value = ""
                try appendText(of: entry.key, to: &key)
                try appendText(of: entry.value, to: &value)
                entries.append((key, value))
            }
            entries.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            result += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { result += ", " }
                result += entry.key
                result += ": "
                result += entry.value
            }
            result += "}"
        case .decimal(let decimal): result += decimal.description
        }
    }

    /// The shortest digits that read back as `number`, written without an exponent (Go's
    /// `FormatFloat(number, 'f', -1, 64)`): `3.14`, `1`, `100000000000000000000`, `0.00001`;
    /// `NaN`, `Infinity` and `-Infinity` as CEL names them.
    static func shortestText(of number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        // Swift's description has the shortest digits that read back, with an exponent
        // outside 1e-4 ..< 1e16.
        return CELDecimalDigits(number.description)?.plain ?? number.description
    }

    /// `bytes` as UTF-8 text, each run of invalid sequences written as one U+FFFD (strings.md).
    private static func appendLossyUTF8(_ bytes: [UInt8], to result: inout String) {
        if let text = String(validating: bytes, as: UTF8.self) {
            result += text
            return
        }
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var afterInvalid = false
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                result.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                afterInvalid = false
            case .error:
                if !afterInvalid { result.unicodeScalars.append("\u{FFFD}") }
                afterInvalid = true
            case .emptyInput:
                return
            }
        }
    }
}
