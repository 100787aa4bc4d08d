import Testing
@testable import MappingEngine

/// SPEC §10: a `date` with `timezone` places local times in an IANA zone (a time the zone skips
/// is `invalid_date`, one it shows twice is the earlier instant), and `keepOffset` writes each
/// instant with the offset it came with.
@Suite struct ZonedDateTests {
    static let berlin = "{ type: date, timezone: Europe/Berlin }"

    @Test(arguments: [
        // Summer (+02:00) and winter (+01:00), with `T` or a space, and a date alone (local midnight).
        (berlin, #""2024-07-01T09:30:00""#, #""2024-07-01T07:30:00Z""#),
        (berlin, #""2024-01-15 09:30:00""#, #""2024-01-15T08:30:00Z""#),
        (berlin, #""2024-07-01""#, #""2024-06-30T22:00:00Z""#),
        // An input's own offset wins over the zone.
        (berlin, #""2024-07-01T09:30:00Z""#, #""2024-07-01T09:30:00Z""#),
        (berlin, #""2024-07-01T09:30:00-05:00""#, #""2024-07-01T14:30:00Z""#),
        // 02:30 on the night daylight saving ends comes twice: the first (still +02:00) is taken.
        (berlin, #""2024-10-27T02:30:00""#, #""2024-10-27T00:30:00Z""#),
        (berlin, #""2024-10-27T03:00:00""#, #""2024-10-27T02:00:00Z""#),
        // Epoch numbers are instants already.
        (berlin, "0", #""1970-01-01T00:00:00Z""#),
        ("{ type: date, timezone: America/New_York }", #""2024-07-01T09:30:00""#, #""2024-07-01T13:30:00Z""#),
        ("{ type: date, timezone: UTC }", #""2024-07-01T09:30:00""#, #""2024-07-01T09:30:00Z""#),
        ("{ type: date, timezone: Europe/Berlin, formats: [\"dd.MM.yyyy HH:mm\"] }", #""01.07.2024 09:30""#, #""2024-07-01T07:30:00Z""#),
        // keepOffset: the input's offset, the zone's for local times, the zone's at an epoch instant.
        ("{ type: date, keepOffset: true }", #""2015-09-16T12:20:09+08:00""#, #""2015-09-16T12:20:09+08:00""#),
        ("{ type: date, keepOffset: true }", #""2015-09-16T12:20:09.5-03:30""#, #""2015-09-16T12:20:09.5-03:30""#),
        ("{ type: date, keepOffset: true }", #""2015-09-16T12:20:09""#, #""2015-09-16T12:20:09Z""#),
        ("{ type: date, timezone: Europe/Berlin, keepOffset: true }", #""2024-07-01T09:30:00""#, #""2024-07-01T09:30:00+02:00""#),
        ("{ type: date, timezone: Europe/Berlin, keepOffset: true }", "0", #""1970-01-01T01:00:00+01:00""#),
    ])
    func localTimesArePlacedInTheZone(property: String, input: String, output: String) throws {
        try EngineFixture.expectAccepted(property, input, output, mode: .lax)
    }

    @Test func aLocalTimeTheZoneSkipsIsInvalid() throws {
        // Clocks in Berlin go from 02:00 to 03:00 on 2024-03-31.
        try EngineFixture.expectRejected(Self.berlin, #""2024-03-31T02:30:00""#, .invalidDate, mode: .lax)
        try EngineFixture.expectRejected(Self.berlin, #""2024-03-31T02:00:00""#, .invalidDate, mode: .strict)
        try EngineFixture.expectAccepted(Self.berlin, #""2024-03-31T03:00:00""#, #""2024-03-31T01:00:00Z""#, mode: .lax)
    }

    @Test(arguments: [
        ("{ type: date, timezone: Europe/Berlinn }", "timezone 'Europe/Berlinn'"),
        ("{ type: date, timezone: CET }", "timezone 'CET'"),
        ("{ type: string, timezone: Europe/Berlin }", "timezone/keepOffset do not fit type 'string'"),
        ("{ type: localDate, keepOffset: true }", "timezone/keepOffset do not fit type 'localDate'"),
    ])
    func zonesAreCheckedAtLoad(property: String, message: String) {
        let errors = ExpressionLoadTests.mistakes(EngineFixture.singlePropertySchema(property))
        #expect(errors.contains { $0.message.contains(message) }, "\(errors)")
    }

    @Test func theZoneTableAgreesWithFoundationAcrossTheYears() throws {
        let rules = try #require(ZoneRules(identifier: "Australia/Lord_Howe"))
        // A half-hour daylight saving shift, in the southern summer.
        #expect(rules.offset(atUTC: 1_704_067_200) == 11 * 3600)  // 2024-01-01
        #expect(rules.offset(atUTC: 1_719_792_000) == 10 * 3600 + 1800)  // 2024-07-01
        // Past the table's end, Foundation answers.
        #expect(rules.offset(atUTC: 7_258_118_400 + 86_400 * 180) == 10 * 3600 + 1800)
    }
}
