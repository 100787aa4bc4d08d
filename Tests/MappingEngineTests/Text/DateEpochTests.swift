import Testing
@testable import MappingEngine

/// Epoch numbers given as JSON number literals: exact, never through a Double.
@Suite struct DateEpochTests {
    static let accepted: [(String, String)] = [
        ("1442377209", "2015-09-16T04:20:09Z"),
        ("-5", "1969-12-31T23:59:55Z"),
        ("0", "1970-01-01T00:00:00Z"),
        ("-0", "1970-01-01T00:00:00Z"),
        ("1442377209.25", "2015-09-16T04:20:09.25Z"),
        ("1442377209.123456789", "2015-09-16T04:20:09.123456789Z"),
        ("1442377209.100000000000", "2015-09-16T04:20:09.1Z"),
        ("1.4e9", "2014-05-13T16:53:20Z"),
        ("1.4E+9", "2014-05-13T16:53:20Z"),
        ("14423772095e-1", "2015-09-16T04:20:09.5Z"),
        ("1442377209500e-3", "2015-09-16T04:20:09.5Z"),
        ("1e-9", "1970-01-01T00:00:00.000000001Z"),
        ("0e-999", "1970-01-01T00:00:00Z"),
        ("0.000000001", "1970-01-01T00:00:00.000000001Z"),
        ("-0.5", "1969-12-31T23:59:59.5Z"),
        ("-1.25", "1969-12-31T23:59:58.75Z"),
        ("1442377209500", "2015-09-16T04:20:09.5Z"),
        ("20000000000", "2603-10-11T11:33:20Z"),
        ("2e10", "2603-10-11T11:33:20Z"),
        ("20000000000.5", "1970-08-20T11:33:20.0005Z"),
        ("20000000001", "1970-08-20T11:33:20.001Z"),
        ("-20000000000", "1336-03-23T12:26:40Z"),
        ("-20000000001", "1969-05-14T12:26:39.999Z"),
        ("-1508305864550", "1922-03-16T18:08:55.45Z"),
        ("2.5e14", "9892-03-08T12:26:40Z"),
        ("253402300799999", "9999-12-31T23:59:59.999Z"),
        ("-62135596800000", "0001-01-01T00:00:00Z"),
    ]

    @Test(arguments: accepted)
    func accepts(literal: String, expected: String) {
        #expect(DateTestSupport.parseEpoch(literal) == expected)
    }

    static let rejected: [String] = [
        "", "-", "1.", ".5", "+5", "1e", "1e+", "abc", "1 ", " 1", "1x", "--1",
        "1e-10", "0.0000000001", "1442377209.1234567891", "1e400", "-1e400",
        "99999999999999999999999", "253402300800000", "-62135596801000", "2.6e14",
        "20000000000.0000000001",
    ]

    @Test(arguments: rejected)
    func rejects(literal: String) {
        #expect(DateTestSupport.parseEpoch(literal) == nil)
    }

    static let units: [(String, [DateFormat], String?)] = [
        ("1442377209500", [.epochSeconds], nil),
        ("1442377209", [.epochMillis], "1970-01-17T16:39:37.209Z"),
        ("1442377209500", [.epochMillis], "2015-09-16T04:20:09.5Z"),
        ("1442377209500", [.epochSeconds, .epochMillis], "2015-09-16T04:20:09.5Z"),
        ("30000000000", [.epochSeconds], "2920-08-30T05:20:00Z"),
        ("1442377209500.123456", [.epochMillis], "2015-09-16T04:20:09.500123456Z"),
        ("1442377209500.1234567", [.epochMillis], nil),
        ("1442377209", [.rfc3339, .twitter], nil),
        ("1442377209", [], nil),
    ]

    @Test(arguments: units)
    func appliesOnlyEpochFormats(literal: String, formats: [DateFormat], expected: String?) {
        #expect(DateTestSupport.parseEpoch(literal, formats: formats) == expected)
    }

    @Test(arguments: units)
    func numericStringsFollowTheSameUnits(literal: String, formats: [DateFormat], expected: String?) {
        #expect(DateTestSupport.parse(literal, formats: formats) == expected)
    }
}
