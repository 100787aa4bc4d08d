import Testing
@testable import MappingEngine

/// A union with a `date` branch takes the property's `timezone` and `keepOffset` into that
/// branch, as it takes its `formats`; a union without one still refuses them at load.
@Suite struct ZonedDateUnionTests {
    static let berlin = "{ type: \"date | int64\", timezone: Europe/Berlin }"

    @Test(arguments: [
        (berlin, #""2024-07-01T09:30:00""#, #""2024-07-01T07:30:00Z""#),
        (berlin, #""2024-01-15 09:30:00""#, #""2024-01-15T08:30:00Z""#),
        (berlin, #""2024-10-27T02:30:00""#, #""2024-10-27T00:30:00Z""#),
        (berlin, "42", "42"),
        ("{ type: \"array<date> | int64\", timezone: Europe/Berlin }", #"["2024-07-01T09:30:00"]"#, #"["2024-07-01T07:30:00Z"]"#),
        ("{ type: \"date | bool\", keepOffset: true }", #""2015-09-16T12:20:09+08:00""#, #""2015-09-16T12:20:09+08:00""#),
        ("{ type: \"date | int64\", timezone: Europe/Berlin, formats: [\"dd.MM.yyyy HH:mm\"] }", #""01.07.2024 09:30""#,
         #""2024-07-01T07:30:00Z""#),
    ])
    func theDateBranchPlacesLocalTimesInTheZone(property: String, input: String, output: String) throws {
        try EngineFixture.expectAccepted(property, input, output, mode: .strict)
        try EngineFixture.expectAccepted(property, input, output, mode: .lax)
    }

    @Test func aLocalTimeTheZoneSkipsIsInvalidInTheBranchToo() throws {
        try EngineFixture.expectRejected(Self.berlin, #""2024-03-31T02:30:00""#, .invalidDate, mode: .lax)
    }

    @Test func aUnionWithoutADateStillRefusesAZone() {
        let errors = ExpressionLoadTests.mistakes(EngineFixture.singlePropertySchema("{ type: \"string | int64\", timezone: Europe/Berlin }"))
        #expect(errors.contains { $0.message.contains("timezone/keepOffset do not fit type 'string | int64'") }, "\(errors)")
    }
}
