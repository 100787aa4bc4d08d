/// `hostname`: a DNS name under RFC 1123's rules, lower-cased (`API.Example.COM` → `api.example.com`).
enum HostnameText {
    /// A name's length limit (RFC 1035, without the root's trailing dot).
    static let maxLength = 253

    /// Writes the lower-cased name. Labels of 1–63 letters, digits and `-`, not starting or
    /// ending with `-`; the last label not all digits (so an IPv4 address is not a hostname).
    /// Lax also takes the root's trailing dot (`example.com.`), which it drops. Internationalized
    /// names are taken in their ASCII form (`xn--…`); Unicode labels are refused.
    static func write(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        var count = text.count
        if lax, count > 1, text[count - 1] == UInt8(ascii: ".") { count -= 1 }
        let name = UnsafeBufferPointer(rebasing: text[..<count])
        guard validate(name) else { return nil }
        var output = FormatOutput(out)
        for byte in name { output.byte(ScalarASCII.lowercased(byte)) }
        return output.count
    }

    /// Whether `name` is a hostname as `write` describes, without a trailing dot.
    static func validate(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !name.isEmpty, name.count <= maxLength else { return false }
        var labelStart = 0
        var allDigits = true
        for index in 0...name.count {
            if index == name.count || name[index] == UInt8(ascii: ".") {
                let length = index - labelStart
                guard length >= 1, length <= 63, name[labelStart] != UInt8(ascii: "-"),
                      name[index - 1] != UInt8(ascii: "-") else { return false }
                if index == name.count { return !allDigits }
                labelStart = index + 1
                allDigits = true
                continue
            }
            let byte = name[index]
            if ScalarASCII.isDigit(byte) { continue }
            allDigits = false
            guard ScalarASCII.isLetter(byte) || byte == UInt8(ascii: "-") else { return false }
        }
        return false
    }
}
