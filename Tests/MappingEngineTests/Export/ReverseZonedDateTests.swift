import Testing
@testable import MappingEngine

/// `/reverse` of a `date` with a `timezone`: a form without an offset is written in the zone's
/// wall time, since conversion reads it there, so the upstream text converts back to the same
/// instant, across daylight-saving changes too. The second pass through the hour after daylight
/// saving ends has a wall time that reads back as the first pass: only a form with an offset
/// holds it.
@Suite struct ReverseZonedDateTests {
    static let schema = """
        Z:
          properties:
            local: { type: date, timezone: Europe/Berlin, formats: ["dd.MM.yyyy HH:mm"] }
            localOrIso: { type: date, timezone: Europe/Berlin, formats: ["dd.MM.yyyy HH:mm", rfc3339] }
            day: { type: date, timezone: Europe/Berlin, formats: [date] }
            zoned: { type: date, timezone: Europe/Berlin, formats: ["yyyy-MM-dd HH:mm Z"] }
            plain: { type: date, timezone: Europe/Berlin }
            either: { type: "date | int64", timezone: Europe/Berlin, formats: ["yyyy-MM-dd HH:mm"] }
        """

    /// (property, its normalized value, the upstream value `reverse` writes).
    static let written: [(String, String, String)] = [
        ("local", #""2024-07-01T07:30:00Z""#, #""01.07.2024 09:30""#),
        ("local", #""2024-01-15T08:30:00Z""#, #""15.01.2024 09:30""#),
        // Around the spring gap (02:00 → 03:00 on 2024-03-31).
        ("local", #""2024-03-31T00:30:00Z""#, #""31.03.2024 01:30""#),
        ("local", #""2024-03-31T01:30:00Z""#, #""31.03.2024 03:30""#),
        // The first pass through 02:30 on 2024-10-27 (still +02:00).
        ("local", #""2024-10-27T00:30:00Z""#, #""27.10.2024 02:30""#),
        // The second pass (+01:00) needs the offset form.
        ("localOrIso", #""2024-10-27T01:30:00Z""#, #""2024-10-27T01:30:00Z""#),
        ("localOrIso", #""2024-10-27T02:30:00Z""#, #""27.10.2024 03:30""#),
        ("day", #""2024-06-30T22:00:00Z""#, #""2024-07-01""#),
        ("zoned", #""2024-07-01T07:30:00Z""#, #""2024-07-01 07:30 +0000""#),
        ("plain", #""2024-07-01T07:30:00Z""#, #""2024-07-01T07:30:00Z""#),
        ("either", #""2024-07-01T07:30:00Z""#, #""2024-07-01 09:30""#),
        ("either", "42", "42"),
    ]

    @Test(arguments: written)
    func localFormsAreWrittenInTheZonesWallTime(property: String, normalized: String, upstream: String) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let document = "{\"\(property)\":\(normalized)}"
        guard let reversed = try ReverseAndExportTests.reversed(engine, Array(document.utf8), "Z") else { return }
        #expect(reversed == .object([.init(property, try EngineFixture.json(upstream))]))
        let result = engine.convert(reversed.jsonBytes, model: "Z", options: ConversionOptions(mode: .strict))
        #expect(EngineFixture.output(result) == (try EngineFixture.json(document)), "\(reversed.jsonText)")
    }

    /// Every quarter hour of both nights Berlin changes its clocks: what `reverse` writes converts
    /// back to the instant it was given, or is refused as `lossy_conversion` when the property's
    /// only form cannot name it (the second pass through 02:00–02:59 in October).
    @Test(arguments: [1_711_843_200, 1_729_987_200])  // 2024-03-31T00:00:00Z, 2024-10-27T00:00:00Z
    func everyInstantAcrossADaylightSavingChangeRoundTrips(midnight: Int64) throws {
        let engine = try EngineFixture.engine(Self.schema)
        for quarter in 0..<16 {
            let instant = Instant(seconds: midnight - 3600 + Int64(quarter) * 900, nanoseconds: 0)
            let normalized = try #require(DateWriter.literal(instant, in: .rfc3339))
            guard case .string(let text) = normalized else { continue }
            let secondPass = midnight == 1_729_987_200 && instant.seconds >= midnight + 3600 && instant.seconds < midnight + 7200
            for property in ["local", "localOrIso"] {
                let document = "{\"\(property)\":\"\(text)\"}"
                switch engine.reverse(Array(document.utf8), model: "Z") {
                case .success(let bytes):
                    #expect(!(secondPass && property == "local"), "\(property) \(text) → \(String(decoding: bytes, as: UTF8.self))")
                    let back = engine.convert(bytes, model: "Z", options: ConversionOptions(mode: .strict))
                    #expect(EngineFixture.output(back) == (try EngineFixture.json(document)), "\(String(decoding: bytes, as: UTF8.self))")
                case .failure(let errors):
                    #expect(secondPass && property == "local", "\(property) \(text): \(errors)")
                    #expect(errors.map(\.code) == [.lossyConversion])
                default:
                    Testing.Issue.record("\(property) \(text): not reversed")
                }
            }
        }
    }
}
