/// Strings as CEL sees them: sequences of code points, equal and ordered by their code points.
/// Swift's own `==` and `<` on `String` use canonical equivalence (`"é" == "e\u{301}"`), which
/// CEL does not; comparing UTF-8 bytes gives code point order, because UTF-8 preserves it.
enum CELText {
    /// Whether `a` and `b` hold the same code points.
    @inline(__always)
    static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && compare(a, b) == 0
    }

    /// -1, 0 or 1 as `a` orders before, with or after `b` by code points.
    static func compare(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in CELBytes.compare(left, right) }
        }
    }

    /// The number of code points in `text`, counted on its UTF-8 bytes.
    static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in CELUTF8Text.scalarCount(bytes, upTo: bytes.count) }
    }
}
