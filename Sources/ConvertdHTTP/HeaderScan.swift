import Glibc

/// One pass over a request's header fields, as libmicrohttpd parsed them: it picks out the
/// fields the service reads and enforces RFC 9112's framing rules, which libmicrohttpd 0.9.75
/// applies leniently (the first of two `Content-Length`s wins, `Transfer-Encoding` beside
/// `Content-Length` is honoured, a name with white space before its colon is kept). Behind a
/// gateway a lenient reading is request smuggling: the gateway and convertd would disagree on
/// where a request ends.
struct HeaderScan {
    var contentType: String?
    var contentLength: Int?
    var requestID: String?
    /// The `Authorization` header, for the admin API; never logged.
    var authorization: String?
    /// The W3C `traceparent` header.
    var traceParent: String?
    var expectsContinue = false
    /// Header fields seen.
    private(set) var fields = 0
    /// The first rule the head breaks.
    private(set) var violation: TransportError? {
        didSet { broken = true }
    }
    /// Whether `violation` is set: tested for every field, where testing the optional itself
    /// copied the error out each time.
    private var broken = false
    private var contentLengths = 0
    private var transferEncodings: [String] = []
    private var hosts = 0
    /// Where the previous field's value ends in libmicrohttpd's read buffer.
    private var valueEnd: UnsafePointer<UInt8>?

    /// Takes the next field, in the order of the head, as it lies in libmicrohttpd's read buffer.
    mutating func add(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        fields += 1
        guard !broken else { return }
        if let end = valueEnd, let start = name.baseAddress, HeaderScan.hidesBytes(from: end, to: start) {
            violation = .badHeader("a header value has a NUL byte")
            return
        }
        valueEnd = value.baseAddress.map { $0 + value.count }
        guard !name.isEmpty, HeaderScan.isToken(name) else {
            violation = .badHeader("header name '\(HeaderScan.printable(name))' has white space or a character a name cannot have")
            return
        }
        guard HeaderScan.isFieldValue(value) else {
            violation = .badHeader("header '\(HeaderScan.printable(name))' has a control character in its value")
            return
        }
        switch name.count {
        case 4 where HeaderScan.named(name, "host"):
            hosts += 1
        case 6 where HeaderScan.named(name, "expect"):
            expectsContinue = HeaderScan.named(HeaderScan.trimmed(value), "100-continue")
        case 11 where HeaderScan.named(name, "traceparent"):
            traceParent = String(decoding: value, as: UTF8.self)
        case 12 where HeaderScan.named(name, "content-type"):
            contentType = HeaderScan.mediaType(value)
        case 12 where HeaderScan.named(name, "x-request-id"):
            requestID = String(decoding: value, as: UTF8.self)
        case 13 where HeaderScan.named(name, "authorization"):
            authorization = String(decoding: value, as: UTF8.self)
        case 14 where HeaderScan.named(name, "content-length"):
            contentLengths += 1
            contentLength = HeaderScan.decimal(HeaderScan.trimmed(value))
        case 17 where HeaderScan.named(name, "transfer-encoding"):
            transferEncodings.append(String(decoding: HeaderScan.trimmed(value), as: UTF8.self))
        default:
            break
        }
    }

    /// The rule the head breaks, if any, once every field has been added.
    func verdict(http11: Bool) -> TransportError? {
        if broken { return violation }
        // The last line ends where the empty line that ends the head begins: one or two zeros on.
        if let end = valueEnd, end[0] != 0 || end[1] != 0 { return .badHeader("a header value has a NUL byte") }
        if contentLengths > 1 { return .badFraming("the request has \(contentLengths) Content-Length headers") }
        if !transferEncodings.isEmpty && contentLengths > 0 {
            return .badFraming("the request has both Transfer-Encoding and Content-Length")
        }
        // RFC 9112 §6.1: an HTTP/1.0 recipient cannot know the coding, so the framing is faulty.
        if !transferEncodings.isEmpty && !http11 {
            return .badFraming("an HTTP/1.0 request cannot be sent with Transfer-Encoding; send a Content-Length")
        }
        if !transferEncodings.isEmpty {
            let codings = transferEncodings.joined(separator: ", ")
            if codings.lowercased() != "chunked" { return .unsupportedTransferEncoding(codings) }
        }
        if hosts > 1 { return .badHeader("a request may have one Host header; it has \(hosts)") }
        if http11 && hosts == 0 { return .badHeader("an HTTP/1.1 request needs a Host header") }
        return nil
    }

    /// Whether bytes hide between one field's value and the next field's name. libmicrohttpd
    /// parses each line in place, turning its CR LF (or bare LF) into zeros, and measures a
    /// value up to its first zero; a NUL inside a value cuts it there (`chunked\0junk` reads
    /// as `chunked`), and what followed it is left before the next line. Fields not laid out
    /// one after the other (a folded value is moved) are not judged.
    private static func hidesBytes(from end: UnsafePointer<UInt8>, to next: UnsafePointer<UInt8>) -> Bool {
        let gap = end.distance(to: next)
        guard gap > 0, gap <= 64 else { return false }
        return UnsafeBufferPointer(start: end, count: gap).contains { $0 != 0 }
    }

    /// A `Content-Type` value as a string: `application/json`, which nearly every request
    /// sends, is the literal itself, with no allocation or UTF-8 check.
    private static func mediaType(_ value: UnsafeBufferPointer<UInt8>) -> String {
        let json: StaticString = "application/json"
        if value.count == json.utf8CodeUnitCount, let base = value.baseAddress, memcmp(base, json.utf8Start, value.count) == 0 {
            return "application/json"
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// RFC 9110's `tchar`, the bytes a field name is made of, as a set of bits over 0–127
    /// (bit `b` of `tokenLow` is byte `b`, of `tokenHigh` byte `64 + b`): one test per byte, as
    /// every header of every request passes through here. The constants are
    /// `!#$%&'*+-.^_`|~`, digits and letters (`HeaderScanTests` rebuilds them from that list).
    static let tokenLow: UInt64 = 0x03FF_6CFA_0000_0000
    static let tokenHigh: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    private static func isToken(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in name {
            let set = byte < 64 ? tokenLow : tokenHigh
            if byte >= 128 || (set >> UInt64(byte & 63)) & 1 == 0 { return false }
        }
        return true
    }

    /// Field values are visible characters, spaces and tabs (RFC 9110 §5.5): CR, LF and NUL
    /// inside a value are how one header line is made to read as two.
    private static func isFieldValue(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in value where (byte < 0x20 && byte != 0x09) || byte == 0x7F { return false }
        return true
    }

    /// Whether `bytes` spell the lowercase ASCII `name`, in any case. Names are tokens, so
    /// folding with `| 0x20` maps only letters onto each other.
    private static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount, let base = bytes.baseAddress else { return false }
        let expected = name.utf8Start
        var difference: UInt8 = 0
        for index in 0..<bytes.count { difference |= (base[index] | 0x20) ^ expected[index] }
        return difference == 0
    }

    /// The value of a run of decimal digits, `Int.max` past 18 of them (far over any limit);
    /// nil for anything else (libmicrohttpd has refused that already).
    private static func decimal(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value <= 99_999_999_999_999_999 ? value * 10 + Int(byte - UInt8(ascii: "0")) : Int.max
        }
        return value
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A name for a message: its visible bytes, others as `?`, at most 40.
    private static func printable(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.prefix(40).map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
