import CEL
import Testing

/// Timestamps and durations: RFC 3339 and Go duration text in and out, calendar accessors in
/// UTC, IANA zones and fixed offsets, duration accessors, range errors.
@Suite struct CELTimeTests {
    static let instant = "timestamp('2023-12-25T07:30:15.250Z')"

    @Test(arguments: [
        ("getFullYear()", "2023"), ("getMonth()", "11"), ("getDate()", "25"), ("getDayOfMonth()", "24"),
        ("getDayOfWeek()", "1"), ("getDayOfYear()", "358"), ("getHours()", "7"), ("getMinutes()", "30"),
        ("getSeconds()", "15"), ("getMilliseconds()", "250"),
        ("getDate('America/Los_Angeles')", "24"), ("getHours('America/Los_Angeles')", "23"), ("getDayOfWeek('America/Los_Angeles')", "0"),
        ("getHours('Asia/Kolkata')", "13"), ("getMinutes('Asia/Kolkata')", "0"), ("getHours('+05:30')", "13"),
        ("getMinutes('+05:30')", "0"), ("getHours('-08:00')", "23"), ("getDate('-08:00')", "24"), ("getHours('02:00')", "9"),
        ("getMinutes('-00:30')", "0"), ("getHours('-00:30')", "7"), ("getHours('UTC')", "7"), ("getFullYear('Pacific/Kiritimati')", "2023"),
        ("getDayOfYear('Pacific/Kiritimati')", "358"), ("getHours('Europe/Paris')", "8"),
    ])
    func readsCalendarFields(accessor: String, expected: String) throws {
        #expect(try RuntimeCase.outcome("\(Self.instant).\(accessor)") == expected)
    }

    @Test func followsDaylightSavingTime() throws {
        #expect(try RuntimeCase.outcome("timestamp('2023-07-01T12:00:00Z').getHours('Europe/Paris')") == "14")
        #expect(try RuntimeCase.outcome("timestamp('2023-01-01T12:00:00Z').getHours('Europe/Paris')") == "13")
    }

    @Test(arguments: ["getHours('Mars/Olympus_Mons')", "getHours('+5')", "getHours('+05:75')", "getHours('x:00')"])
    func refusesUnknownZones(accessor: String) throws {
        #expect(try RuntimeCase.errorKind("\(Self.instant).\(accessor)") == .invalidArgument)
    }

    @Test(arguments: [
        ("timestamp('2009-02-13T23:31:30Z')", "2009-02-13T23:31:30Z"), ("timestamp('2009-02-13T23:31:30.5+01:00')", "2009-02-13T22:31:30.5Z"),
        ("timestamp('0001-01-01T00:00:00Z')", "0001-01-01T00:00:00Z"), ("timestamp('9999-12-31T23:59:59.999999999Z')", "9999-12-31T23:59:59.999999999Z"),
        ("timestamp('2024-02-29T00:00:00-00:30')", "2024-02-29T00:30:00Z"), ("timestamp(1234567890)", "2009-02-13T23:31:30Z"),
        ("timestamp(-1)", "1969-12-31T23:59:59Z"), ("int(timestamp('1969-12-31T23:59:59Z'))", "-1"),
        ("duration('1h2m3.5s')", "3723.5s"), ("duration('-1.5h')", "-5400s"), ("duration('0')", "0s"), ("duration('1ms1us1ns')", "0.001001001s"),
        ("duration('2562047h47m16.854775807s')", "9223372036.854775807s"), ("duration('-2562047h47m16.854775808s')", "-9223372036.854775808s"),
        ("duration('1.5µs')", "0.0000015s"), ("string(duration('1m1ms'))", "'60.001s'"),
        ("duration('3h30m').getHours()", "3"), ("duration('3h30m').getMinutes()", "210"), ("duration('-90s').getMinutes()", "-1"),
        ("duration('1.234s').getMilliseconds()", "234"), ("duration('61.5s').getSeconds()", "61"),
    ])
    func readsAndWritesText(expression: String, expected: String) throws {
        #expect(try RuntimeCase.outcome(expression) == expected)
    }

    @Test(arguments: [
        ("timestamp('2009-02-30T00:00:00Z')", CELError.Kind.invalidArgument), ("timestamp('2009-02-13 23:31:30Z')", .invalidArgument),
        ("timestamp('2009-02-13T23:31:30')", .invalidArgument), ("timestamp('2009-02-13T24:00:00Z')", .invalidArgument),
        ("timestamp('10000-01-01T00:00:00Z')", .invalidArgument), ("timestamp('0000-12-31T23:59:59Z')", .overflow),
        ("timestamp(253402300800)", .overflow), ("timestamp(-62135596801)", .overflow),
        ("duration('1')", .invalidArgument), ("duration('1d')", .invalidArgument), ("duration('')", .invalidArgument),
        ("duration('1.s.')", .invalidArgument), ("duration('2562048h')", .overflow), ("duration('9223372036854775808ns')", .overflow),
    ])
    func refusesBadText(expression: String, kind: CELError.Kind) throws {
        #expect(try RuntimeCase.errorKind(expression) == kind)
    }
}
