import Testing
import MappingEngine

/// Helpers that run the scalar-text readers on Swift string literals.
enum ScalarFixture {
    /// Calls `body` with the UTF-8 bytes of `text`.
    static func bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The canonical decimal form of `text` as a string, or nil when invalid.
    static func canonicalDecimal(_ text: String, lax: Bool) -> String? {
        bytes(text) { buffer in
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: buffer.count + 2)
            defer { out.deallocate() }
            guard let count = DecimalText.canonical(buffer, lax: lax, to: out) else { return nil }
            return String(decoding: UnsafeBufferPointer(start: out, count: count), as: UTF8.self)
        }
    }

    /// The canonical base64 form of `text` as a string, or nil when invalid.
    static func canonicalBase64(_ text: String) -> String? {
        bytes(text) { buffer in
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: buffer.count + 3)
            defer { out.deallocate() }
            guard let count = Base64Text.canonical(buffer, to: out) else { return nil }
            return String(decoding: UnsafeBufferPointer(start: out, count: count), as: UTF8.self)
        }
    }
}

/// Exact integer reading and width checks.
struct ScalarIntegerTextTests {
    static let fortyDigits = "1234567890123456789012345678901234567890"

    static let strictCases: [(String, IntegerText)] = [
        ("0", .value(negative: false, magnitude: 0)),
        ("-0", .value(negative: false, magnitude: 0)),
        ("-0.0", .value(negative: false, magnitude: 0)),
        ("-0e5", .value(negative: false, magnitude: 0)),
        ("42", .value(negative: false, magnitude: 42)),
        ("-42", .value(negative: true, magnitude: 42)),
        ("9223372036854775807", .value(negative: false, magnitude: UInt64(Int64.max))),
        ("9223372036854775808", .value(negative: false, magnitude: 9_223_372_036_854_775_808)),
        ("-9223372036854775808", .value(negative: true, magnitude: 9_223_372_036_854_775_808)),
        ("-9223372036854775809", .value(negative: true, magnitude: 9_223_372_036_854_775_809)),
        ("18446744073709551615", .value(negative: false, magnitude: UInt64.max)),
        ("18446744073709551616", .outOfRange(negative: false)),
        ("-18446744073709551615", .value(negative: true, magnitude: UInt64.max)),
        ("-18446744073709551616", .outOfRange(negative: true)),
        ("99999999999999999999", .outOfRange(negative: false)),
        ("10000000000000000000", .value(negative: false, magnitude: 10_000_000_000_000_000_000)),
        ("100000000000000000000", .outOfRange(negative: false)),
        (fortyDigits, .outOfRange(negative: false)),
        ("-" + fortyDigits, .outOfRange(negative: true)),
        ("1.5", .fraction),
        ("-1.5", .fraction),
        ("0.5", .fraction),
        ("1.0", .value(negative: false, magnitude: 1)),
        ("1.000000000000000000000000000000", .value(negative: false, magnitude: 1)),
        ("1.000000000000000000000000000001", .fraction),
        ("1e3", .value(negative: false, magnitude: 1000)),
        ("1E3", .value(negative: false, magnitude: 1000)),
        ("1e+3", .value(negative: false, magnitude: 1000)),
        ("12.5e1", .value(negative: false, magnitude: 125)),
        ("1.5e1", .value(negative: false, magnitude: 15)),
        ("100e-2", .value(negative: false, magnitude: 1)),
        ("0.1e1", .value(negative: false, magnitude: 1)),
        ("1e-1", .fraction),
        ("1e19", .value(negative: false, magnitude: 10_000_000_000_000_000_000)),
        ("1e20", .outOfRange(negative: false)),
        ("1e400", .outOfRange(negative: false)),
        ("-1e400", .outOfRange(negative: true)),
        ("0e999999999", .value(negative: false, magnitude: 0)),
        ("0e99999999999999999999999999999", .value(negative: false, magnitude: 0)),
        ("1e-999999", .fraction),
        ("1e999999999999", .outOfRange(negative: false)),
        ("1e99999999999999999999999999999", .outOfRange(negative: false)),
        ("1e-99999999999999999999999999999", .fraction),
        ("1.8446744073709551615e19", .value(negative: false, magnitude: UInt64.max)),
        ("1.8446744073709551616e19", .outOfRange(negative: false)),
        ("184467440737095516150e-1", .value(negative: false, magnitude: UInt64.max)),
        ("0.00000000000000000000000000000000000001e38", .value(negative: false, magnitude: 1)),
        ("123456789012345678900e-2", .value(negative: false, magnitude: 1_234_567_890_123_456_789)),
        ("123456789012345678901e-2", .fraction),
        ("0.000", .value(negative: false, magnitude: 0)),
    ]

    @Test(arguments: strictCases)
    func readsLiterals(_ text: String, _ expected: IntegerText) {
        #expect(ScalarFixture.bytes(text) { IntegerText.read($0, lax: false) } == expected)
        // Every literal is also lax numeric text with the same meaning.
        #expect(ScalarFixture.bytes(text) { IntegerText.read($0, lax: true) } == expected)
    }

    static let laxCases: [(String, IntegerText)] = [
        (" 42 ", .value(negative: false, magnitude: 42)),
        ("+7", .value(negative: false, magnitude: 7)),
        ("007", .value(negative: false, magnitude: 7)),
        ("\t-12\n", .value(negative: true, magnitude: 12)),
        ("+0", .value(negative: false, magnitude: 0)),
        ("-007.000", .value(negative: true, magnitude: 7)),
        (" 1e3 ", .value(negative: false, magnitude: 1000)),
        ("0001e1", .value(negative: false, magnitude: 10)),
        ("00000000000000000000000000018446744073709551615", .value(negative: false, magnitude: UInt64.max)),
        (" +1.5 ", .fraction),
    ]

    @Test func readsLongDigitRunsWithoutOverflow() {
        let zeros = String(repeating: "0", count: 100_000)
        let cases: [(String, IntegerText)] = [
            ("1" + zeros + "e-100000", .value(negative: false, magnitude: 1)),
            ("1" + zeros + "1e-100000", .fraction),
            ("0." + zeros + "1e100001", .value(negative: false, magnitude: 1)),
            ("1" + zeros, .outOfRange(negative: false)),
            ("-0." + zeros, .value(negative: false, magnitude: 0)),
        ]
        for (text, expected) in cases {
            #expect(ScalarFixture.bytes(text) { IntegerText.read($0, lax: false) } == expected)
        }
    }

    @Test(arguments: laxCases)
    func readsLaxText(_ text: String, _ expected: IntegerText) {
        #expect(ScalarFixture.bytes(text) { IntegerText.read($0, lax: true) } == expected)
    }

    @Test(arguments: [
        "", " 1", "1 ", "+1", "01", "00", "-01", "1.", ".5", "-", "0x10", "1_000", "abc", "1e", "1e+",
        "--1", "1.5.5", "NaN", "Infinity", "1,000", "1.e5", "\u{0661}",
    ])
    func rejectsInvalidLiterals(_ text: String) {
        #expect(ScalarFixture.bytes(text) { IntegerText.read($0, lax: false) } == .invalid)
    }

    @Test(arguments: [
        "", "   ", "0x10", "1_000", "abc", ".5", "5.", "-", "+", "1 2", "inf", "nan", "+-1", "1e", "1e-",
        "++1", "1.5e", "0b101", "\u{0661}", "1\u{00A0}",
    ])
    func rejectsInvalidLaxText(_ text: String) {
        #expect(ScalarFixture.bytes(text) { IntegerText.read($0, lax: true) } == .invalid)
    }

    static let widthCases: [(IntegerWidth, Bool, UInt64, Bool)] = [
        (.int8, false, 127, true), (.int8, false, 128, false), (.int8, true, 128, true), (.int8, true, 129, false),
        (.int16, false, 32_767, true), (.int16, false, 32_768, false),
        (.int16, true, 32_768, true), (.int16, true, 32_769, false),
        (.int32, false, 2_147_483_647, true), (.int32, false, 2_147_483_648, false),
        (.int32, true, 2_147_483_648, true), (.int32, true, 2_147_483_649, false),
        (.int64, false, 9_223_372_036_854_775_807, true), (.int64, false, 9_223_372_036_854_775_808, false),
        (.int64, true, 9_223_372_036_854_775_808, true), (.int64, true, 9_223_372_036_854_775_809, false),
        (.int64, true, UInt64.max, false),
        (.uint8, false, 255, true), (.uint8, false, 256, false), (.uint8, true, 1, false),
        (.uint16, false, 65_535, true), (.uint16, false, 65_536, false), (.uint16, true, 1, false),
        (.uint32, false, 4_294_967_295, true), (.uint32, false, 4_294_967_296, false), (.uint32, true, 1, false),
        (.uint64, false, UInt64.max, true), (.uint64, true, 1, false), (.uint64, true, UInt64.max, false),
        (.uint8, true, 0, true), (.int8, true, 0, true), (.uint64, false, 0, true),
    ]

    @Test(arguments: widthCases)
    func checksWidths(_ width: IntegerWidth, _ negative: Bool, _ magnitude: UInt64, _ fits: Bool) {
        #expect(width.fits(negative: negative, magnitude: magnitude) == fits)
    }

    @Test func reportsSignedness() {
        let signed: [IntegerWidth] = [.int8, .int16, .int32, .int64]
        let unsigned: [IntegerWidth] = [.uint8, .uint16, .uint32, .uint64]
        #expect(signed.allSatisfy { $0.isSigned })
        #expect(!unsigned.contains { $0.isSigned })
    }

    @Test func readsMinusOneIntoUnsignedWidths() {
        guard case let .value(negative, magnitude) = ScalarFixture.bytes("-1", { IntegerText.read($0, lax: false) }) else {
            Issue.record("-1 should be a value")
            return
        }
        for width in [IntegerWidth.uint8, .uint16, .uint32, .uint64] {
            #expect(!width.fits(negative: negative, magnitude: magnitude))
        }
    }
}
