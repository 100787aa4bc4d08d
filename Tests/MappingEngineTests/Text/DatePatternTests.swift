import Testing
@testable import MappingEngine

/// `formats` entries: names, ICU-style patterns, and the errors for entries that are neither.
@Suite struct DatePatternTests {
    static let names: [(String, DateFormat)] = [
        ("rfc3339", .rfc3339), ("iso8601", .rfc3339), ("ISO8601", .rfc3339), ("date", .dateOnly),
        ("twitter", .twitter), ("rfc1123", .rfc1123), ("dotnet", .dotNet), ("epoch", .epoch),
        ("epoch_seconds", .epochSeconds), ("epoch_millis", .epochMillis),
    ]

    @Test(arguments: names)
    func namedFormats(entry: String, expected: DateFormat) throws {
        #expect(try DateFormat(parsing: entry) == expected)
    }

    static let patterns: [(String, String, String?)] = [
        ("dd.MM.yyyy", "16.09.2015", "2015-09-16T00:00:00Z"),
        ("dd.MM.yyyy", "1.2.2015", "2015-02-01T00:00:00Z"),
        ("dd.MM.yyyy", " 16.09.2015 ", "2015-09-16T00:00:00Z"),
        ("dd.MM.yyyy", "31.02.2015", nil),
        ("dd.MM.yyyy", "16.09.15", nil),
        ("dd.MM.yyyy", "16.09.2015x", nil),
        ("dd.MM.yyyy", "2015-09-16", nil),
        ("yyyy/MM/dd HH:mm", "2015/09/16 12:20", "2015-09-16T12:20:00Z"),
        ("yyyy/MM/dd HH:mm", "2015/09/16 24:20", nil),
        ("yyyy/MM/dd HH:mm", "2015/09/16 12:20:09", nil),
        ("MMM d, yyyy h:mm a", "Sep 16, 2015 12:20 PM", "2015-09-16T12:20:00Z"),
        ("MMM d, yyyy h:mm a", "Sep 16, 2015 12:20 AM", "2015-09-16T00:20:00Z"),
        ("MMM d, yyyy h:mm a", "Sep 6, 2015 1:05 pm", "2015-09-06T13:05:00Z"),
        ("MMM d, yyyy h:mm a", "September 16, 2015 1:05 AM", "2015-09-16T01:05:00Z"),
        ("MMM d, yyyy h:mm a", "Sep 16, 2015 13:05 PM", nil),
        ("MMM d, yyyy h:mm a", "Sep 16, 2015 0:05 AM", nil),
        ("MMM d, yyyy h:mm a", "Sep 16, 2015 1:05", nil),
        ("MMM d, yyyy h:mm a", "Sop 16, 2015 1:05 PM", nil),
        ("yyyyMMdd'T'HHmmss", "20150916T122009", "2015-09-16T12:20:09Z"),
        ("yyyyMMdd'T'HHmmss", "2015916T122009", nil),
        ("yyyyMMdd'T'HHmmss", "20150916t122009", nil),
        ("yyyyMMddHHmmssSSS", "20150916122009123", "2015-09-16T12:20:09.123Z"),
        ("yyyyMMdd", "20150916", "2015-09-16T00:00:00Z"),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2015-09-16T12:20:09.123+0800", "2015-09-16T04:20:09.123Z"),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2015-09-16T04:20:09.123Z", "2015-09-16T04:20:09.123Z"),
        ("yyyy-MM-dd'T'HH:mm:ssXXX", "2015-09-16T12:20:09+08:00", "2015-09-16T04:20:09Z"),
        ("yyyy-MM-dd'T'HH:mm:ssZZZZZ", "2015-09-16T04:20:09Z", "2015-09-16T04:20:09Z"),
        ("yyyy-MM-dd'T'HH:mm:ssX", "2015-09-16T12:20:09+08", "2015-09-16T04:20:09Z"),
        ("yyyy-MM-dd HH:mm:ss.SSSSSS", "2015-09-16 12:20:09.123456", "2015-09-16T12:20:09.123456Z"),
        ("yyyy-MM-dd HH:mm:ss.SSS", "2015-09-16 12:20:09.1234", "2015-09-16T12:20:09.1234Z"),
        ("yyyy-MM-dd HH:mm:ss.S", "2015-09-16 12:20:09.1234567890", nil),
        ("EEE MMM dd HH:mm:ss Z yyyy", "Wed Sep 16 12:20:09 +0800 2015", "2015-09-16T04:20:09Z"),
        ("EEEE, MMMM d, yyyy", "Wednesday, September 16, 2015", "2015-09-16T00:00:00Z"),
        ("EEEE, MMMM d, yyyy", "Wed, Sep 16, 2015", "2015-09-16T00:00:00Z"),
        ("yy-MM-dd", "15-09-16", "2015-09-16T00:00:00Z"),
        ("yy-MM-dd", "68-12-31", "2068-12-31T00:00:00Z"),
        ("yy-MM-dd", "69-01-01", "1969-01-01T00:00:00Z"),
        ("yy-MM-dd", "2015-09-16", nil),
        ("''yyyy''", "'2015'", "2015-01-01T00:00:00Z"),
        ("'on' yyyy 'at' H'h'", "on 2015 at 7h", "2015-01-01T07:00:00Z"),
        ("MMM yyyy", "feb 2016", "2016-02-01T00:00:00Z"),
        ("d/M/y", "16/9/2015", "2015-09-16T00:00:00Z"),
        ("yyyy年MM月dd日", "2015年09月16日", "2015-09-16T00:00:00Z"),
        ("yyyy-MM-dd", "0000-01-01", nil),
    ]

    @Test(arguments: patterns)
    func customPatterns(pattern: String, input: String, expected: String?) throws {
        let format = try DateFormat(parsing: pattern)
        #expect(DateTestSupport.parse(input, formats: [format]) == expected)
    }

    @Test func customFormatsReplaceTheDefaults() throws {
        let formats = [try DateFormat(parsing: "dd.MM.yyyy")]
        #expect(DateTestSupport.parse("2015-09-16T04:20:09Z", formats: formats) == nil)
        #expect(DateTestSupport.parse("1442377209", formats: formats) == nil)
    }

    @Test func formatsAreTriedInOrder() throws {
        let millisFirst = [try DateFormat(parsing: "epoch_millis"), try DateFormat(parsing: "epoch")]
        #expect(DateTestSupport.parse("1442377209", formats: millisFirst) == "1970-01-17T16:39:37.209Z")
        let compact = [try DateFormat(parsing: "yyyyMMdd"), try DateFormat(parsing: "epoch")]
        #expect(DateTestSupport.parse("20150916", formats: compact) == "2015-09-16T00:00:00Z")
        #expect(DateTestSupport.parse("2015091600", formats: compact) == "2033-11-08T19:40:00Z")
    }

    static let invalidEntries: [String] = [
        "", "unix", "epoch_nanos", "RFC-3339", "yyyy-MM-DD", "YYYY-MM-dd", "yyyy-MM-dd'T",
        "yyy", "yyyyy", "MMMMM", "ddd", "HHH", "ZZZZ", "XXXXXX", "EEEEE", "aaaa", "SSSSSSSSSS",
        "qqq", "HH:mm", "MM/dd", "yyyy yyyy", "yyyy-MM-dd HH:mm:ss zzz", "yyyy-MM-dd HH:mm kk",
        "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSSZ",
    ]

    @Test(arguments: invalidEntries)
    func invalidEntriesAreRejected(entry: String) {
        #expect {
            _ = try DateFormat(parsing: entry)
        } throws: { error in
            guard let error = error as? DateFormatError else { return false }
            return !error.message.isEmpty && error.message.contains("\"\(entry)\"")
        }
    }

    @Test func errorMessagesExplainCommonMistakes() {
        #expect(message(for: "yyyy-MM-DD")?.contains("use 'd'") == true)
        #expect(message(for: "YYYY-MM-dd")?.contains("use 'y'") == true)
        #expect(message(for: "unix")?.contains("epoch_seconds") == true)
        #expect(message(for: "yyyy-MM-dd'T")?.contains("never closed") == true)
        #expect(message(for: "HH:mm")?.contains("no year") == true)
    }

    /// The message `DateFormat(parsing:)` throws for `entry`, or nil when it is accepted.
    private func message(for entry: String) -> String? {
        do {
            _ = try DateFormat(parsing: entry)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func patternsCompareBySource() throws {
        #expect(try DatePattern("dd.MM.yyyy") == DatePattern("dd.MM.yyyy"))
        #expect(try DatePattern("dd.MM.yyyy") != DatePattern("d.M.yyyy"))
        #expect(try DatePattern("dd.MM.yyyy").description == "dd.MM.yyyy")
    }
}
