extension JSONDocument {
    /// The JSON text of a string node whose value is cut to at most `limit` characters.
    ///
    /// Cutting the string's JSON text instead would leave it without its closing quote, so a
    /// long string would be quoted in an error's `input` as text starting with `"` while a short
    /// one is quoted as itself (issue 23).
    func cutString(_ i: Int, limit: Int) -> String {
        withDecodedString(i) { bytes in
            // A character is at least one byte, so this many bytes hold `limit` characters
            // unless grapheme clusters are unusually long, in which case the value is shorter.
            let budget = limit.multipliedReportingOverflow(by: 4).overflow ? Int.max : limit * 4 + 8
            var usable = min(bytes.count, budget)
            if usable < bytes.count {
                // Drop a UTF-8 sequence the budget may have cut in half.
                while usable > 0 && bytes[usable - 1] & 0xC0 == 0x80 { usable -= 1 }
                if usable > 0 && bytes[usable - 1] >= 0xC0 { usable -= 1 }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<usable]), as: UTF8.self)
            return JSONValue.string(text.count <= limit ? text : String(text.prefix(limit))).jsonText
        }
    }
}
