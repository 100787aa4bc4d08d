import Foundation
import MappingEngine
import Testing

/// Shared helpers of the JSON layer's tests: corpus location and parsing shortcuts.
enum JSONTestSupport {
    /// The shared corpus (see `Corpus`), or where it would be.
    static let corpusDirectory: String = Corpus.directory?.path
        ?? EngineFixture.packageRoot.appendingPathComponent("../shared/corpus").standardizedFileURL.path

    /// Directory of JSONTestSuite's parsing tests.
    static let suiteDirectory = corpusDirectory + "/JSONTestSuite/test_parsing"

    /// Whether the JSONTestSuite corpus is present.
    static let suiteAvailable = FileManager.default.fileExists(atPath: suiteDirectory)

    /// Why corpus tests are skipped.
    static let missingSuite = Comment(
        rawValue: "JSONTestSuite corpus not found at \(suiteDirectory); set CONVERTD_CORPUS to the corpus directory")

    /// Sorted names of the suite's files starting with `prefix`; empty when the corpus is absent.
    static func suiteFiles(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteDirectory)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// Bytes of one corpus file.
    static func suiteFile(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: suiteDirectory).appendingPathComponent(name)
        return [UInt8](try Data(contentsOf: url))
    }

    /// Parses `bytes`, returning the error if any.
    static func parseError(_ bytes: [UInt8], maxDepth: Int = 256) -> JSONSyntaxError? {
        let tape = JSONTape()
        return bytes.withUnsafeBufferPointer { input -> JSONSyntaxError? in
            do {
                _ = try JSONParser(maxDepth: maxDepth).parse(input, into: tape)
                return nil
            } catch let error as JSONSyntaxError {
                return error
            } catch {
                return JSONSyntaxError(code: "unexpected", message: "\(error)", offset: -1, line: 0, column: 0)
            }
        }
    }

    /// Parses `json` and runs `body` on the document.
    static func withDocument<R>(
        _ json: String, maxDepth: Int = 256, _ body: (JSONDocument) throws -> R
    ) throws -> R {
        try withDocument(Array(json.utf8), maxDepth: maxDepth, body)
    }

    /// Parses `bytes` and runs `body` on the document.
    static func withDocument<R>(
        _ bytes: [UInt8], maxDepth: Int = 256, _ body: (JSONDocument) throws -> R
    ) throws -> R {
        let tape = JSONTape(capacity: 4)
        return try bytes.withUnsafeBufferPointer { input in
            try body(try JSONParser(maxDepth: maxDepth).parse(input, into: tape))
        }
    }

    /// Parses `bytes` and re-emits the root with `JSONWriter.value`.
    static func minified(_ bytes: [UInt8], maxDepth: Int = 256) throws -> String {
        try withDocument(bytes, maxDepth: maxDepth) { doc in
            var writer = JSONWriter(capacity: 16)
            defer { writer.deallocate() }
            writer.value(doc, 0)
            return String(decoding: writer.makeArray(), as: UTF8.self)
        }
    }
}

/// JSONTestSuite conformance: `y_` accepted, `n_` rejected, `i_` never crashes.
@Suite("JSONTestSuite conformance", .enabled(if: JSONTestSupport.suiteAvailable, JSONTestSupport.missingSuite))
struct JSONConformanceTests {
    @Test("corpus lists the expected number of files")
    func corpusIsComplete() {
        #expect(JSONTestSupport.suiteFiles(prefix: "y_").count == 95)
        #expect(JSONTestSupport.suiteFiles(prefix: "n_").count == 188)
        #expect(JSONTestSupport.suiteFiles(prefix: "i_").count == 35)
    }

    @Test("y_ files are accepted and re-emit stably", arguments: JSONTestSupport.suiteFiles(prefix: "y_"))
    func accepts(file: String) throws {
        let bytes = try JSONTestSupport.suiteFile(file)
        if let error = JSONTestSupport.parseError(bytes) {
            Issue.record("\(file) rejected: \(error)")
            return
        }
        let once = try JSONTestSupport.minified(bytes)
        let twice = try JSONTestSupport.minified(Array(once.utf8))
        #expect(once == twice, "\(file) re-emit is not stable")
    }

    @Test("n_ files are rejected", arguments: JSONTestSupport.suiteFiles(prefix: "n_"))
    func rejects(file: String) throws {
        let bytes = try JSONTestSupport.suiteFile(file)
        let error = JSONTestSupport.parseError(bytes)
        #expect(error != nil, "\(file) accepted")
        if let error {
            #expect(error.offset >= 0 && error.offset <= bytes.count, "\(file): \(error)")
            #expect(["bad_json", "too_deep", "empty_body"].contains(error.code), "\(file): \(error)")
        }
    }

    @Test("i_ files do not crash", arguments: JSONTestSupport.suiteFiles(prefix: "i_"))
    func implementationDefined(file: String) throws {
        let bytes = try JSONTestSupport.suiteFile(file)
        if JSONTestSupport.parseError(bytes) == nil {
            _ = try JSONTestSupport.minified(bytes)
        }
    }
}

/// Parser behaviour: error positions and codes, depth limit, tape shape, strings and UTF-8.
@Suite("JSONParser")
struct JSONParserTests {
    /// One malformed input and the error it must produce.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let json: [UInt8]
        let code: String
        let message: String
        let offset: Int
        let line: Int
        let column: Int

        init(_ json: String, _ code: String, _ message: String, _ offset: Int, _ line: Int, _ column: Int) {
            self.init(Array(json.utf8), code, message, offset, line, column)
        }

        init(_ json: [UInt8], _ code: String, _ message: String, _ offset: Int, _ line: Int, _ column: Int) {
            self.json = json
            self.code = code
            self.message = message
            self.offset = offset
            self.line = line
            self.column = column
        }

        var testDescription: String { String(decoding: json, as: UTF8.self).debugDescription }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase("", "empty_body", "empty input", 0, 1, 1),
        ErrorCase(" \n\t\r ", "empty_body", "input holds only whitespace", 0, 1, 1),
        ErrorCase("{\"a\" 1}", "bad_json", "expected ':' after object key, found character '1'", 5, 1, 6),
        ErrorCase("[1,\n  2,\n  x]", "bad_json", "unexpected character 'x'", 11, 3, 3),
        ErrorCase("[1 2]", "bad_json", "expected ',' or ']', found character '2'", 3, 1, 4),
        ErrorCase("{\"a\":1,}", "bad_json", "expected string key after ',', found character '}'", 7, 1, 8),
        ErrorCase("{1:2}", "bad_json", "expected string key or '}', found character '1'", 1, 1, 2),
        ErrorCase("[1,]", "bad_json", "unexpected character ']'", 3, 1, 4),
        ErrorCase("  \"abc", "bad_json", "unterminated string", 2, 1, 3),
        ErrorCase("[1] x", "bad_json", "trailing data after JSON value", 4, 1, 5),
        ErrorCase("[\n\"\\ud800\"]", "bad_json", "lone surrogate \\ud800", 3, 2, 2),
        ErrorCase("\"\\ud800\\u0041\"", "bad_json", "lone surrogate \\ud800", 1, 1, 2),
        ErrorCase("\"\\uDC00\"", "bad_json", "lone surrogate \\udc00", 1, 1, 2),
        ErrorCase("\"\\ud800", "bad_json", "lone surrogate \\ud800", 1, 1, 2),
        ErrorCase("\"\\u12\"", "bad_json", "invalid \\u escape, expected 4 hex digits", 1, 1, 2),
        ErrorCase("\"\\x\"", "bad_json", "invalid escape '\\x'", 1, 1, 2),
        ErrorCase("\"a\tb\"", "bad_json", "unescaped control character 0x09 in string", 2, 1, 3),
        ErrorCase([0x22, 0x61, 0xFF, 0x22], "bad_json", "invalid UTF-8 byte 0xff", 2, 1, 3),
        ErrorCase([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], "bad_json", "byte order mark not allowed", 0, 1, 1),
        ErrorCase("01", "bad_json", "leading zero in number", 0, 1, 1),
        ErrorCase("-", "bad_json", "unexpected end of input, expected digit after '-'", 1, 1, 2),
        ErrorCase("1.e5", "bad_json", "expected digit after '.', found character 'e'", 2, 1, 3),
        ErrorCase("1e+", "bad_json", "unexpected end of input, expected digit in exponent", 3, 1, 4),
        ErrorCase("[tru]", "bad_json", "invalid literal, expected 'true'", 1, 1, 2),
        ErrorCase("[", "bad_json", "unexpected end of input", 1, 1, 2),
        ErrorCase("{\"a\":1", "bad_json", "unexpected end of input, expected ',' or '}'", 6, 1, 7),
        ErrorCase([0x5B, 0x00, 0x5D], "bad_json", "unexpected byte 0x00", 1, 1, 2),
    ]

    @Test("errors carry code, message, offset, line and column (also next to a key's colon)", arguments: errorCases + colonErrors)
    func errorPosition(_ c: ErrorCase) {
        let error = JSONTestSupport.parseError(c.json)
        #expect(
            error == JSONSyntaxError(code: c.code, message: c.message, offset: c.offset, line: c.line, column: c.column))
    }

    @Test("depth limit: maxDepth containers pass, one more is too_deep")
    func depthLimit() throws {
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(JSONTestSupport.parseError(Array(ok.utf8)) == nil)
        let deep = "[" + ok + "]"
        let error = JSONTestSupport.parseError(Array(deep.utf8))
        #expect(error?.code == "too_deep")
        #expect(error?.message == "nesting deeper than 256")
        #expect(error?.offset == 256)
        #expect(JSONTestSupport.parseError(Array("{\"a\":{\"b\":[1]}}".utf8), maxDepth: 3) == nil)
        #expect(JSONTestSupport.parseError(Array("{\"a\":{\"b\":[[]]}}".utf8), maxDepth: 3)?.code == "too_deep")
        #expect(JSONTestSupport.parseError(Array("1".utf8), maxDepth: 0) == nil)
        #expect(JSONTestSupport.parseError(Array("[]".utf8), maxDepth: 0)?.code == "too_deep")
    }

    @Test("very deep documents parse and re-emit without recursion limits")
    func veryDeep() throws {
        let depth = 100_000
        let text = String(repeating: "[{\"k\":", count: depth) + "1" + String(repeating: "}]", count: depth)
        let out = try JSONTestSupport.minified(Array(text.utf8), maxDepth: 2 * depth)
        #expect(out == text)
    }

    @Test("tape shape: kinds, flags, starts, lengths and subtree ends")
    func tapeShape() throws {
        let json = #"{"a":[1,-2.5e3,"x\n"],"b":{},"c":true,"d":null,"e":false}"#
        try JSONTestSupport.withDocument(json) { doc in
            let expected: [(JSONKind, UInt8, UInt32, UInt32, UInt32)] = [
                (.object, 0, 0, 5, 14),
                (.string, 0, 2, 1, 2),
                (.array, 0, 5, 3, 6),
                (.number, JSONNode.isInteger, 6, 1, 4),
                (.number, JSONNode.isNegative, 8, 6, 5),
                (.string, JSONNode.hasEscapes, 16, 3, 6),
                (.string, 0, 23, 1, 7),
                (.object, 0, 26, 0, 8),
                (.string, 0, 30, 1, 9),
                (.true, 0, 33, 4, 10),
                (.string, 0, 39, 1, 11),
                (.null, 0, 42, 4, 12),
                (.string, 0, 48, 1, 13),
                (.false, 0, 51, 5, 14),
            ]
            #expect(doc.nodes.count == expected.count)
            for (i, e) in expected.enumerated() where i < doc.nodes.count {
                let node = doc[i]
                #expect(node.kind == e.0, "node \(i)")
                #expect(node.flags == e.1, "node \(i)")
                #expect(node.start == e.2, "node \(i)")
                #expect(node.length == e.3, "node \(i)")
                #expect(node.end == e.4, "node \(i)")
            }
            #expect(String(decoding: doc.content(4), as: UTF8.self) == "-2.5e3")
            #expect(String(decoding: doc.content(5), as: UTF8.self) == #"x\n"#)
            #expect(String(decoding: doc.content(9), as: UTF8.self) == "true")
            #expect(doc.content(2).isEmpty)
        }
    }

    @Test(
        "number flags",
        arguments: [
            ("0", JSONNode.isInteger), ("-0", JSONNode.isInteger | JSONNode.isNegative), ("12", JSONNode.isInteger),
            ("1.5", 0), ("1E2", 0), ("-1e-2", JSONNode.isNegative), ("-123", JSONNode.isInteger | JSONNode.isNegative),
        ] as [(String, UInt8)])
    func numberFlags(_ json: String, _ flags: UInt8) throws {
        try JSONTestSupport.withDocument(json) { doc in
            #expect(doc[0].kind == .number)
            #expect(doc[0].flags == flags)
            #expect(String(decoding: doc.content(0), as: UTF8.self) == json)
        }
    }

    @Test(
        "escapes and surrogate pairs decode",
        arguments: [
            (#""\ud83d\ude00""#, "😀"),
            (#""\uD834\uDD1E clef""#, "𝄞 clef"),
            (#""a\/b""#, "a/b"),
            (#""caf\u00e9""#, "café"),
            (#""\"\\\b\f\n\r\t""#, "\"\\\u{8}\u{c}\n\r\t"),
            (#""nul\u0000byte""#, "nul\u{0}byte"),
            (#""long ascii text before the escape \u0041 and after it""#, "long ascii text before the escape A and after it"),
            (#""plain""#, "plain"),
            (#""héllo wörld, ça va très bien""#, "héllo wörld, ça va très bien"),
        ])
    func decodesEscapes(_ json: String, _ expected: String) throws {
        try JSONTestSupport.withDocument(json) { doc in
            #expect(doc.decodedString(0) == expected)
            let viaBuffer = doc.withDecodedString(0) { String(decoding: $0, as: UTF8.self) }
            #expect(viaBuffer == expected)
            var utf8 = expected
            #expect(utf8.withUTF8 { doc.stringEquals(0, $0) })
        }
    }

    @Test(
        "invalid UTF-8 in strings is rejected",
        arguments: [
            ([0xFF], "invalid UTF-8 byte 0xff"),
            ([0x80], "invalid UTF-8 byte 0x80"),
            ([0xC0, 0xAF], "overlong UTF-8 sequence starting with byte 0xc0"),
            ([0xE0, 0x80, 0xAF], "overlong UTF-8 sequence starting with byte 0xe0"),
            ([0xF0, 0x80, 0x80, 0xAF], "overlong UTF-8 sequence starting with byte 0xf0"),
            ([0xED, 0xA0, 0x80], "UTF-8 encoded surrogate starting with byte 0xed"),
            ([0xF4, 0x90, 0x80, 0x80], "UTF-8 sequence above U+10FFFF starting with byte 0xf4"),
            ([0xF5, 0x80, 0x80, 0x80], "UTF-8 sequence above U+10FFFF starting with byte 0xf5"),
            ([0xE2, 0x82], "truncated UTF-8 sequence starting with byte 0xe2"),
            ([0xC3], "truncated UTF-8 sequence starting with byte 0xc3"),
            ([0xFC, 0x80, 0x80, 0x80, 0x80, 0x80], "invalid UTF-8 byte 0xfc"),
        ] as [([UInt8], String)])
    func rejectsInvalidUTF8(_ sequence: [UInt8], _ message: String) {
        // Once inside a short string and once after 8+ ASCII bytes, so both scan paths see it.
        for prefix in [[], Array("0123456789abcdef".utf8)] as [[UInt8]] {
            let json = [0x22] + prefix + sequence + [0x22]
            let error = JSONTestSupport.parseError(json)
            #expect(error?.message == message)
            #expect(error?.offset == 1 + prefix.count)
        }
    }

    @Test("the first special byte is found exactly at every position of a string")
    func stopBytePositions() {
        // Fillers sit right next to the special values, where a sloppy 8-byte scan would misfire.
        let fillers: [[UInt8]] = [[0x21], [0x23], [0x5B], [0x5D], [0x20], [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xC2, 0xA0]]
        let specials: [([UInt8], String, Int)] = [
            ([0x1F], "unescaped control character 0x1f in string", 1),
            ([0x00], "unescaped control character 0x00 in string", 1),
            ([0xFF], "invalid UTF-8 byte 0xff", 1),
            ([0x5C, 0x71], "invalid escape '\\q'", 1),
            ([0x22], "trailing data after JSON value", 2),
        ]
        for length in 0..<24 {
            var prefix: [UInt8] = []
            for k in 0..<length { prefix += fillers[(k * 7 + length) % fillers.count] }
            let suffix = Array(fillers.joined())
            for (special, message, shift) in specials {
                let error = JSONTestSupport.parseError([0x22] + prefix + special + suffix + [0x22])
                #expect(error?.message == message, "prefix \(prefix)")
                #expect(error?.offset == prefix.count + shift, "prefix \(prefix)")
            }
            #expect(JSONTestSupport.parseError([0x22] + prefix + suffix + [0x22]) == nil)
        }
    }

    @Test("strings of every length up to 40 are scanned exactly, as keys and as values")
    func stringLengths() throws {
        for length in 0..<40 {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            try JSONTestSupport.withDocument("{\"\(text)\" : \"\(text)\"}") { doc in
                #expect(doc[0].length == 1 && doc[0].end == 3)
                for i in [1, 2] {
                    #expect(doc[i].kind == .string && doc[i].flags == 0)
                    #expect(String(decoding: doc.content(i), as: UTF8.self) == text)
                }
            }
            // Input ending inside the string at every offset: the error points at its opening quote.
            let open = Array("[\"\(text)".utf8)
            #expect(JSONTestSupport.parseError(open)?.message == "unterminated string")
            #expect(JSONTestSupport.parseError(open)?.offset == 1)
            let key = Array("{\"\(text)".utf8)
            #expect(JSONTestSupport.parseError(key)?.offset == 1)
        }
    }

    @Test("a special byte is found at every offset of a 48-byte ASCII string")
    func stopByteOffsets() throws {
        let specials: [(UInt8, String)] = [
            (0x00, "unescaped control character 0x00 in string"), (0x1F, "unescaped control character 0x1f in string"),
            (0x0A, "unescaped control character 0x0a in string"), (0x80, "invalid UTF-8 byte 0x80"),
            (0xFF, "invalid UTF-8 byte 0xff"), (0xC3, "truncated UTF-8 sequence starting with byte 0xc3"),
        ]
        for offset in 0..<48 {
            for (byte, message) in specials {
                var content = Array(repeating: UInt8(ascii: "x"), count: 48)
                content[offset] = byte
                let error = JSONTestSupport.parseError(Array("{\"k\":\"".utf8) + content + Array("\"}".utf8))
                #expect(error?.message == message, "offset \(offset)")
                #expect(error?.offset == 6 + offset, "offset \(offset)")
            }
            var quoted = Array(repeating: UInt8(ascii: "x"), count: 48)
            quoted[offset] = 0x22
            let doc = Array("[\"".utf8) + quoted + Array("\"]".utf8)
            #expect(JSONTestSupport.parseError(doc)?.offset == 2 + offset + 1)
            if offset < 47 {
                var escaped = Array(repeating: UInt8(ascii: "x"), count: 48)
                escaped[offset] = 0x5C
                escaped[offset + 1] = UInt8(ascii: "n")
                try JSONTestSupport.withDocument(Array("[\"".utf8) + escaped + Array("\"]".utf8)) { doc in
                    #expect(doc[1].flags == JSONNode.hasEscapes && doc[1].length == 48, "offset \(offset)")
                }
            }
        }
    }

    @Test("multi-byte sequences are checked wherever they fall across 8- and 16-byte steps")
    func multibyteAcrossWords() throws {
        let cjk = "感谢你们的一路陪伴，我很幸福❤️——致冰邦"
        for shift in 0..<17 {
            let text = String(repeating: "a", count: shift) + cjk + String(repeating: "b", count: shift)
            try JSONTestSupport.withDocument("{\"text\" : \"\(text)\"}") { doc in
                #expect(doc.decodedString(2) == text)
            }
            // A broken copy of each sequence: its last continuation byte replaced by ASCII.
            for cut in [2, 5, 8] {
                var bytes = Array("[\"".utf8) + Array(String(repeating: "a", count: shift).utf8) + Array(cjk.utf8)
                let lead = 2 + shift + cut - 2
                bytes[lead + 2] = UInt8(ascii: "z")
                let error = JSONTestSupport.parseError(bytes + Array("\"]".utf8))
                #expect(error?.message == "truncated UTF-8 sequence starting with byte 0x\(String(bytes[lead], radix: 16))")
                #expect(error?.offset == lead, "shift \(shift) cut \(cut)")
            }
        }
    }

    @Test(
        "whitespace around a key's colon, after commas and at container ends",
        arguments: [
            #"{"a":1,"b":[2,3]}"#, #"{"a" : 1, "b" : [2, 3]}"#, "{\n  \"a\": 1,\n  \"b\": [\n    2,\n    3\n  ]\n}",
            "{\"a\"  :  1 ,\t\"b\"\r\n:\n[ 2 , 3 ] }", "{\"a\"\n:1,\"b\":\n\n[2,3\n]}",
        ])
    func keyWhitespace(_ json: String) throws {
        try JSONTestSupport.withDocument(json) { doc in
            #expect(doc.nodes.count == 7)
            #expect(doc[0].length == 2 && doc[0].end == 7)
            #expect(doc[4].kind == .array && doc[4].length == 2 && doc[4].end == 7)
            #expect(String(decoding: doc.content(3), as: UTF8.self) == "b")
        }
    }

    static let colonErrors: [ErrorCase] = [
        ErrorCase(#"{"a" "#, "bad_json", "unexpected end of input, expected ':' after object key", 5, 1, 6),
        ErrorCase(#"{"a""#, "bad_json", "unexpected end of input, expected ':' after object key", 4, 1, 5),
        ErrorCase(#"{"a"  1}"#, "bad_json", "expected ':' after object key, found character '1'", 6, 1, 7),
        ErrorCase("{\"a\" \n }", "bad_json", "expected ':' after object key, found character '}'", 7, 2, 2),
        ErrorCase(#"{"a" : "#, "bad_json", "unexpected end of input", 7, 1, 8),
        ErrorCase(#"{"a":"#, "bad_json", "unexpected end of input", 5, 1, 6),
        ErrorCase(#"{"a" :  }"#, "bad_json", "unexpected character '}'", 8, 1, 9),
    ]

    @Test("element counts and subtree ends survive nesting")
    func nestedCounts() throws {
        try JSONTestSupport.withDocument(#"[[1,2],{"a":[3],"b":{}},4,[]]"#) { doc in
            let shape = doc.nodes.map { ($0.kind, $0.length, $0.end) }
            let expected: [(JSONKind, UInt32, UInt32)] = [
                (.array, 4, 12), (.array, 2, 4), (.number, 1, 3), (.number, 1, 4), (.object, 2, 10),
                (.string, 1, 6), (.array, 1, 8), (.number, 1, 8), (.string, 1, 9), (.object, 0, 10),
                (.number, 1, 11), (.array, 0, 12),
            ]
            #expect(shape.count == expected.count)
            for (a, b) in zip(shape, expected) {
                #expect(a.0 == b.0 && a.1 == b.1 && a.2 == b.2)
            }
        }
    }

    @Test("well-formed UTF-8 boundaries are accepted")
    func acceptsValidUTF8() {
        let sequences: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0x7F],
        ]
        for sequence in sequences {
            #expect(JSONTestSupport.parseError([0x22] + sequence + [0x22]) == nil, "\(sequence)")
            #expect(JSONTestSupport.parseError([0x22] + sequence + Array("12345678".utf8) + [0x22]) == nil)
        }
    }

    @Test("a tape is reused across parses and grows for large documents")
    func tapeReuse() throws {
        let tape = JSONTape(capacity: 1)
        let big = Array(("[" + (0..<10_000).map { "\($0)" }.joined(separator: ",") + "]").utf8)
        let small = Array(#"{"x":[true]}"#.utf8)
        try big.withUnsafeBufferPointer { input in
            let doc = try JSONParser().parse(input, into: tape)
            #expect(doc.nodes.count == 10_001)
            #expect(doc[0].length == 10_000)
            #expect(String(decoding: doc.content(10_000), as: UTF8.self) == "9999")
        }
        try small.withUnsafeBufferPointer { input in
            let doc = try JSONParser().parse(input, into: tape)
            #expect(doc.nodes.count == 4)
            #expect(doc[2].kind == .array && doc[3].kind == .true)
        }
    }
}
