/// Lax boolean and null-word recognition.
public enum BoolText {
    /// `true false yes no on off 1 0 t f y n` in any case, ASCII whitespace trimmed → the value; else nil.
    public static func read(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        let range = ScalarASCII.trimmedRange(text)
        switch range.count {
        case 1:
            switch ScalarASCII.lowercased(text[range.lowerBound]) {
            case UInt8(ascii: "1"), UInt8(ascii: "t"), UInt8(ascii: "y"): return true
            case UInt8(ascii: "0"), UInt8(ascii: "f"), UInt8(ascii: "n"): return false
            default: return nil
            }
        case 2:
            if ScalarASCII.equalsIgnoringCase(text, range, "on") { return true }
            if ScalarASCII.equalsIgnoringCase(text, range, "no") { return false }
            return nil
        case 3:
            if ScalarASCII.equalsIgnoringCase(text, range, "yes") { return true }
            if ScalarASCII.equalsIgnoringCase(text, range, "off") { return false }
            return nil
        case 4:
            return ScalarASCII.equalsIgnoringCase(text, range, "true") ? true : nil
        case 5:
            return ScalarASCII.equalsIgnoringCase(text, range, "false") ? false : nil
        default:
            return nil
        }
    }

    /// Whether trimmed `text` is a lax null word: `null`, `nil`, `<null>` or `(null)` in any case.
    public static func isNullWord(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = ScalarASCII.trimmedRange(text)
        return ScalarASCII.equalsIgnoringCase(text, range, "null")
            || ScalarASCII.equalsIgnoringCase(text, range, "nil")
            || ScalarASCII.equalsIgnoringCase(text, range, "<null>")
            || ScalarASCII.equalsIgnoringCase(text, range, "(null)")
    }
}
