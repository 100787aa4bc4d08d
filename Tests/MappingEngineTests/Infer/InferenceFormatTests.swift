import Testing
@testable import MappingEngine

/// SPEC §10: `convertd infer` proposes the format types for UUIDs, durations, IP addresses and
/// calendar dates written in the format's standard form.
@Suite struct InferenceFormatTests {
    private typealias Fixture = InferenceFixture

    @Test(arguments: [
        (["\"1920-10-08\"", "\"2024-02-29\""], "localDate"),
        (["\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"", "\"F81D4FAE-7DEC-11D0-A765-00A0C91E6BF7\""], "uuid"),
        (["\"PT1H30M\"", "\"P1D\""], "duration"),
        (["\"192.0.2.1\"", "\"10.0.0.1\""], "ipv4"),
        (["\"2001:db8::1\""], "ipv6"),
        (["\"192.0.2.1\"", "\"2001:db8::1\""], "ip"),
        (["\"192.0.2.1\"", "null"], "ipv4?"),
        // A calendar date beside date-times is a date that takes both.
        (["\"1920-10-08\"", "\"2015-09-16T04:20:09Z\""], "date"),
        // Beside other text, or another format, a format is text.
        (["\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"", "\"soon\""], "string"),
        (["\"192.0.2.1\"", "\"PT1H\""], "string"),
        (["\"{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}\""], "string"),
    ] as [([String], String)])
    func formatsAreProposed(values: [String], type: String) throws {
        #expect(try Fixture.type(InferenceTests.samples(values)) == type, "\(values)")
    }
}
