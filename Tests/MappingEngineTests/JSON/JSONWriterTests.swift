@testable import MappingEngine
import Testing

/// `JSONWriter` output and `JSONPrettyPrinter` formatting.
@Suite("JSONWriter")
struct JSONWriterTests {
    /// Runs `body` on a fresh writer and returns what it wrote.
    static func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(capacity: 1)
        defer { writer.deallocate() }
        body(&writer)
        return String(decoding: writer.makeArray(), as: UTF8.self)
    }

    @Test(
        "parse then value() gives the minified canonical text",
        arguments: [
            (" { \"a\" : [ 1 , -2.5E+3 , true , false , null ] , \"b\" : { } , \"c\" : [ ] } ",
             #"{"a":[1,-2.5E+3,true,false,null],"b":{},"c":[]}"#),
            (#"  "\u0061\/\"\\\b\f\n\r\t\u001F\u007f\u00e9\ud83d\ude00" "#, #""a/\"\\\b\f\n\r\t\u001f"# + "\u{7f}é😀\""),
            (#"[[[[]]],{"":{"":""}}]"#, #"[[[[]]],{"":{"":""}}]"#),
            ("\n[\r\n1\t]\n", "[1]"),
            ("0", "0"),
            (#""\u0022\u005c\u0008""#, #""\"\\\b""#),
            (#"{"k\u0000ey":"v"}"#, #"{"k\u0000ey":"v"}"#),
            (#"["plain string longer than eight bytes","with \"quote\" inside"]"#,
             #"["plain string longer than eight bytes","with \"quote\" inside"]"#),
        ] as [(String, String)])
    func roundTrip(_ input: String, _ expected: String) throws {
        #expect(try JSONTestSupport.minified(Array(input.utf8)) == expected)
    }

    @Test("integer formatting")
    func integers() {
        #expect(Self.written { $0.int64(Int64.min) } == "-9223372036854775808")
        #expect(Self.written { $0.int64(Int64.max) } == "9223372036854775807")
        #expect(Self.written { $0.uint64(UInt64.max) } == "18446744073709551615")
        let samples: [Int64] = [0, 7, -7, 9, 10, 99, 100, 101, 999, 1000, 65535, -1_000_000, 1_234_567_890_123]
        for v in samples {
            #expect(Self.written { $0.int64(v) } == String(v))
        }
        var x: UInt64 = 1
        for _ in 0..<20 {
            #expect(Self.written { $0.uint64(x) } == String(x))
            #expect(Self.written { $0.uint64(x - 1) } == String(x - 1))
            x = x &* 10
        }
    }

    @Test("double and float formatting is shortest round-trip JSON")
    func floatingPoint() throws {
        let doubles: [Double] = [1, 0.1, -0.0, 1e-5, .leastNonzeroMagnitude, 1.7976931348623157e308, 123456.789, 1e16]
        for v in doubles {
            let text = Self.written { $0.double(v) }
            #expect(Double(text) == v, "\(text)")
            #expect(try JSONTestSupport.minified(Array(text.utf8)) == text)
        }
        #expect(Self.written { $0.double(1) } == "1.0")
        #expect(Self.written { $0.double(1e-5) } == "1e-05")
        #expect(Self.written { $0.double(.infinity) } == "null")
        #expect(Self.written { $0.double(.nan) } == "null")
        #expect(Self.written { $0.float(0.1) } == "0.1")
        #expect(Self.written { $0.float(-.infinity) } == "null")
    }

    @Test(
        "string escaping is canonical",
        arguments: [
            ("", #""""#),
            ("plain", #""plain""#),
            ("a\"b\\c", #""a\"b\\c""#),
            ("\u{8}\u{c}\n\r\t", #""\b\f\n\r\t""#),
            ("\u{0}\u{1}\u{1f}\u{7f}", #""\u0000\u0001\u001f"# + "\u{7f}\""),
            ("é😀/", "\"é😀/\""),
            ("sixteen bytes!!!\"", #""sixteen bytes!!!\"""#),
            ("0123456789abcdef\n0123456789abcdef", #""0123456789abcdef\n0123456789abcdef""#),
        ] as [(String, String)])
    func stringEscaping(_ input: String, _ expected: String) {
        #expect(Self.written { $0.string(input) } == expected)
    }

    @Test("escape-heavy text grows the buffer correctly")
    func escapeHeavy() {
        let text = String(repeating: "\u{1}\"", count: 500)
        let expected = "\"" + String(repeating: #"\u0001\""#, count: 500) + "\""
        #expect(Self.written { $0.string(text) } == expected)
    }

    @Test("byte copies of every length up to 80 (word, 16-byte-step and memmove paths)")
    func copiesOfEveryLength() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_.~!$&'()*+,;=:@/?".utf8)
        for n in 0...80 {
            let text = Array(alphabet[0..<n])
            let copied = Self.written { writer in
                writer.byte(UInt8(ascii: "<"))
                text.withUnsafeBufferPointer { writer.bytes($0) }
                writer.byte(UInt8(ascii: ">"))
            }
            #expect(copied == "<" + String(decoding: text, as: UTF8.self) + ">", "length \(n)")
            // The same text as a string node, at the very end of its input.
            let json = Array(("[\"" + String(decoding: text, as: UTF8.self) + "\"]").utf8)
            let tape = JSONTape()
            let value = try json.withUnsafeBufferPointer { input in
                let document = try JSONParser().parse(input, into: tape)
                return Self.written { $0.value(document, 0) }
            }
            #expect(value == "[\"" + String(decoding: text, as: UTF8.self) + "\"]", "length \(n)")
        }
    }

    @Test("raw access, reset, reuse after deallocate")
    func rawAccess() {
        var writer = JSONWriter(capacity: 2)
        writer.ascii("ab")
        writer.reserve(3)
        writer.tail[0] = UInt8(ascii: "c")
        writer.tail[1] = UInt8(ascii: "d")
        writer.advance(by: 2)
        writer.byte(UInt8(ascii: "e"))
        let bytes: [UInt8] = Array("fgh".utf8)
        bytes.withUnsafeBufferPointer { writer.bytes($0) }
        #expect(writer.count == 8)
        #expect(writer.withBytes { String(decoding: $0, as: UTF8.self) } == "abcdefgh")
        writer.reset()
        #expect(writer.count == 0)
        writer.ascii("x")
        #expect(writer.makeArray() == [UInt8(ascii: "x")])
        writer.deallocate()
        #expect(writer.makeArray() == [])
        writer.ascii("again")
        #expect(writer.makeArray() == Array("again".utf8))
        writer.deallocate()
        writer.deallocate()
    }

    @Test("a lent writer keeps the bytes and the lender holds no memory until it takes them back")
    func lending() {
        var lender = JSONWriter(capacity: 4)
        lender.ascii("ab")
        var borrower = lender.take()
        #expect(lender.count == 0 && lender.capacity == 0)
        borrower.ascii("cdefgh")
        lender = borrower.take()
        #expect(borrower.count == 0 && borrower.capacity == 0)
        #expect(lender.makeArray() == Array("abcdefgh".utf8))
        // Neither holds the other's memory: freeing both frees the buffer once.
        borrower.deallocate()
        lender.deallocate()
    }

    @Test("pretty printer re-indents and leaves strings untouched")
    func prettyPrinter() {
        let minified = #"{"a":[1,2],"b":{},"c":"x, y: {z} [\"]","d":[{"e":null}],"f":[]}"#
        let expected = """
            {
              "a": [
                1,
                2
              ],
              "b": {},
              "c": "x, y: {z} [\\"]",
              "d": [
                {
                  "e": null
                }
              ],
              "f": []
            }
            """
        let out = Array(minified.utf8).withUnsafeBufferPointer { JSONPrettyPrinter.format($0) }
        #expect(String(decoding: out, as: UTF8.self) == expected)
        let four = Array("[1,[ ]]".utf8).withUnsafeBufferPointer { JSONPrettyPrinter.format($0, indent: 4) }
        #expect(String(decoding: four, as: UTF8.self) == "[\n    1,\n    []\n]")
        #expect(JSONPrettyPrinter.format(UnsafeBufferPointer(start: nil, count: 0)) == [])
    }
}
