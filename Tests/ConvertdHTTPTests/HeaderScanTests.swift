@testable import ConvertdHTTP
import TestSupport
import Testing

/// The framing rules `HeaderScan` enforces, field by field, without a server.
struct HeaderScanTests {
    /// Lays the fields out as libmicrohttpd does (each line's CR LF turned into two zeros) and
    /// scans them.
    private static func scan(_ fields: [(String, String)], http11: Bool = true) -> (HeaderScan, TransportError?) {
        var buffer: [UInt8] = []
        var spans: [(name: Range<Int>, value: Range<Int>)] = []
        for (name, value) in fields {
            let nameStart = buffer.count
            buffer += Array(name.utf8)
            let nameEnd = buffer.count
            buffer += [0, 0x20]
            let valueStart = buffer.count
            buffer += Array(value.utf8)
            // libmicrohttpd measures a value up to its first zero.
            let valueEnd = valueStart + (Array(value.utf8).firstIndex(of: 0) ?? value.utf8.count)
            buffer += [0, 0]
            spans.append((nameStart..<nameEnd, valueStart..<valueEnd))
        }
        buffer += [0, 0]
        var scan = HeaderScan()
        buffer.withUnsafeBufferPointer { bytes in
            for span in spans {
                scan.add(name: UnsafeBufferPointer(rebasing: bytes[span.name]), value: UnsafeBufferPointer(rebasing: bytes[span.value]))
            }
        }
        return (scan, scan.verdict(http11: http11))
    }

    @Test func anOrdinaryHeadPasses() {
        let (scan, verdict) = HeaderScanTests.scan([("Host", "x"), ("Content-Type", "application/json"), ("Content-Length", "12"),
                                                    ("X-Request-Id", "abc"), ("Expect", "100-continue")])
        #expect(verdict == nil)
        #expect(scan.contentType == "application/json")
        #expect(scan.contentLength == 12)
        #expect(scan.requestID == "abc")
        #expect(scan.expectsContinue)
        #expect(HeaderScanTests.scan([("Host", "x"), ("Transfer-Encoding", "Chunked")]).1 == nil)
        #expect(HeaderScanTests.scan([], http11: false).1 == nil)
    }

    static let refusals: [(fields: [(String, String)], code: String)] = [
        ([("Host", "x"), ("Content-Length", "2"), ("Content-Length", "2")], "bad_framing"),
        ([("Host", "x"), ("Content-Length", "2"), ("Transfer-Encoding", "chunked")], "bad_framing"),
        ([("Host", "x"), ("Transfer-Encoding ", "chunked")], "bad_header"),
        ([("Host", "x"), ("Bad\tName", "v")], "bad_header"),
        ([("Host", "x"), ("X-A", "a\rb")], "bad_header"),
        ([("Host", "x"), ("X-A", "a\u{1}b")], "bad_header"),
        ([("Host", "x"), ("X-A", "a\u{0}b"), ("X-B", "c")], "bad_header"),
        ([("Host", "x"), ("X-A", "a\u{0}b")], "bad_header"),
        ([("Host", "x"), ("Transfer-Encoding", "gzip")], "unsupported_transfer_encoding"),
        ([("Host", "x"), ("Transfer-Encoding", "gzip, chunked")], "unsupported_transfer_encoding"),
        ([("Host", "x"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], "unsupported_transfer_encoding"),
        ([("Content-Length", "0")], "bad_header"),
        ([("Host", "x"), ("Host", "y")], "bad_header"),
    ]

    @Test func theTokenBitSetIsRFC9110sTchar() {
        var low: UInt64 = 0, high: UInt64 = 0
        for byte in RFCByteClasses.tchar {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        #expect(HeaderScan.tokenLow == low)
        #expect(HeaderScan.tokenHigh == high)
    }

    /// Every byte value, as a one-byte field name and inside a field value, is judged as RFC
    /// 9110 says (`RFCByteClasses`, the declaration the engine's tables are held to as well).
    @Test func everyByteIsJudgedAsRFC9110Says() {
        var nameBytes: Set<UInt8> = []
        var valueBytes: Set<UInt8> = []
        for byte in UInt8.min...UInt8.max {
            // Laid out as libmicrohttpd leaves a line: name, a zero for the colon, a space, the value, zeros.
            let asName: [UInt8] = [byte, 0, 0x20, UInt8(ascii: "v"), 0, 0, 0, 0]
            let asValue: [UInt8] = [UInt8(ascii: "n"), 0, 0x20, UInt8(ascii: "a"), byte, UInt8(ascii: "b"), 0, 0, 0, 0]
            if HeaderScanTests.accepts(asName, name: 0..<1, value: 3..<4) { nameBytes.insert(byte) }
            if HeaderScanTests.accepts(asValue, name: 0..<1, value: 3..<6) { valueBytes.insert(byte) }
        }
        #expect(nameBytes == RFCByteClasses.tchar, "\(nameBytes.symmetricDifference(RFCByteClasses.tchar).sorted())")
        #expect(valueBytes == RFCByteClasses.fieldValue, "\(valueBytes.symmetricDifference(RFCByteClasses.fieldValue).sorted())")
    }

    /// Whether one field laid out in `line` passes the scan.
    private static func accepts(_ line: [UInt8], name: Range<Int>, value: Range<Int>) -> Bool {
        var scan = HeaderScan()
        line.withUnsafeBufferPointer { bytes in
            scan.add(name: UnsafeBufferPointer(rebasing: bytes[name]), value: UnsafeBufferPointer(rebasing: bytes[value]))
        }
        return scan.violation == nil
    }

    /// `application/json` is handed over as a literal; every value still reads back as sent.
    @Test(arguments: ["application/json", "Application/JSON", "application/json; charset=utf-8", "application/jsonx",
                      "application/jso", "text/plain", "application/x-ndjson"])
    func theContentTypeReadsBackAsSent(_ value: String) {
        let (scan, verdict) = HeaderScanTests.scan([("Host", "x"), ("Content-Type", value)])
        #expect(verdict == nil)
        #expect(scan.contentType == value)
    }

    @Test(arguments: refusals)
    func ambiguousOrMalformedHeadsAreRefused(_ refusal: (fields: [(String, String)], code: String)) {
        #expect(HeaderScanTests.scan(refusal.fields).1?.code.rawValue == refusal.code, "\(refusal.fields)")
    }
}
