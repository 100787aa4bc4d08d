import Testing
@testable import MappingEngine

/// `/reverse` of `date` properties: each value goes out in the first of the property's
/// `formats` that holds it exactly (RFC 3339 without `formats`), in UTC, inside containers and
/// nullable types too; what it writes converts back to the same document.
@Suite struct ReverseDateTests {
    static let schema = """
        D:
          properties:
            plain: date
            maybe: "date?"
            printed: { type: date, formats: ["dd.MM.yyyy"] }
            printedOrEpoch: { type: date, formats: ["dd.MM.yyyy", epoch_millis] }
            stamped: { type: "array<date?>", formats: ["yyyy-MM-dd HH:mm:ss"] }
            byName: { type: "map<date>", formats: [rfc1123] }
            unique: { type: "set<date>", formats: [dotnet] }
            tweeted: { type: date, formats: [twitter, epoch] }
            nested: { type: "array<array<date>>", formats: [date] }
        """

    /// (property, its normalized value, the upstream value `reverse` writes).
    static let written: [(String, String, String)] = [
        ("plain", #""2015-09-16T04:20:09Z""#, #""2015-09-16T04:20:09Z""#),
        ("maybe", "null", "null"),
        ("maybe", #""2015-09-16T04:20:09Z""#, #""2015-09-16T04:20:09Z""#),
        ("printed", #""1965-06-01T00:00:00Z""#, #""01.06.1965""#),
        ("printedOrEpoch", #""1965-06-01T00:00:00Z""#, #""01.06.1965""#),
        ("printedOrEpoch", #""2015-09-16T04:20:09.123Z""#, "1442377209123"),
        ("stamped", #"["2015-09-16T04:20:09Z",null]"#, #"["2015-09-16 04:20:09",null]"#),
        ("byName", #"{"a":"1994-11-06T08:49:37Z"}"#, #"{"a":"Sun, 06 Nov 1994 08:49:37 GMT"}"#),
        ("unique", #"["2017-10-18T05:51:04.55Z"]"#, #"["/Date(1508305864550)/"]"#),
        ("tweeted", #""2015-09-16T04:20:09Z""#, #""Wed Sep 16 04:20:09 +0000 2015""#),
        ("nested", #"[["2015-09-16T00:00:00Z"],[]]"#, #"[["2015-09-16"],[]]"#),
    ]

    @Test(arguments: written)
    func datesGoOutInTheirFirstExactFormat(property: String, normalized: String, upstream: String) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let document = "{\"\(property)\":\(normalized)}"
        guard let reversed = try ReverseAndExportTests.reversed(engine, Array(document.utf8), "D") else { return }
        #expect(reversed == .object([.init(property, try EngineFixture.json(upstream))]))
        // Conversion reads back the normalized document, strict mode included: epochs go out as
        // numbers.
        for mode in [ConversionOptions.Mode.lax, .strict] {
            let result = engine.convert(reversed.jsonBytes, model: "D", options: ConversionOptions(mode: mode))
            #expect(EngineFixture.output(result) == (try EngineFixture.json(document)), "[\(mode)] \(reversed.jsonText)")
        }
    }

    @Test func anOffsetInTheNormalizedDocumentGoesOutAsUTC() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let document = #"{"plain":"2015-09-16T12:20:09.5+08:00","tweeted":"2015-09-16 12:20:09+0800"}"#
        guard let reversed = try ReverseAndExportTests.reversed(engine, Array(document.utf8), "D") else { return }
        #expect(reversed == (try EngineFixture.json(#"{"plain":"2015-09-16T04:20:09.5Z","tweeted":"Wed Sep 16 04:20:09 +0000 2015"}"#)))
    }

    /// (property, normalized value, error code, path): what `reverse` refuses rather than writes.
    static let refused: [(String, String, ErrorCode, String)] = [
        // dd.MM.yyyy has no time of day, and the property lists nothing else: never truncated.
        ("printed", #""2015-09-16T04:20:09Z""#, .lossyConversion, "/printed"),
        ("stamped", #"["2015-09-16T04:20:09Z","2015-09-16T04:20:09.5Z"]"#, .lossyConversion, "/stamped/1"),
        ("byName", #"{"ok":"1994-11-06T08:49:37Z","late":"1994-11-06T08:49:37.25Z"}"#, .lossyConversion, "/byName/late"),
        ("unique", #"["2017-10-18T05:51:04.5501Z"]"#, .lossyConversion, "/unique/0"),
        ("nested", #"[[],["2015-09-16T00:00:00Z","2015-09-16T00:00:01Z"]]"#, .lossyConversion, "/nested/1/1"),
        ("plain", #""16.09.2015""#, .invalidDate, "/plain"),
        ("plain", "1442377209", .typeMismatch, "/plain"),
        ("maybe", "true", .typeMismatch, "/maybe"),
    ]

    @Test(arguments: refused)
    func datesThatCannotGoOutExactlyAreErrors(property: String, normalized: String, code: ErrorCode, path: String) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let result = engine.reverse(Array("{\"\(property)\":\(normalized)}".utf8), model: "D")
        guard case .failure(let errors) = result else {
            Testing.Issue.record("expected failure, got \(result)")
            return
        }
        #expect(errors.map { EngineFixture.Failure($0.code, $0.path) } == [.init(code, path)])
    }
}
