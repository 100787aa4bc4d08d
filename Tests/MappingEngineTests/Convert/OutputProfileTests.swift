import Foundation
import Testing
@testable import MappingEngine

/// Output options and profiles (SPEC §10): every option's output, the precedence of a request's
/// profile over a property's and a model's `output:`, and error paths in output names.
@Suite struct OutputProfileTests {
    static let schema = """
        $profiles:
          mobile: { int64: string, date: epoch-ms, keys: camelCase, nulls: omit }
          web: { date: http, keys: kebab-case }
        Order:
          output: { decimal: string }
          properties:
            order_id: uint64
            total: decimal
            placed_at: date
            note: string?
            big: int64
            small: int32
            paid_at: { type: date, output: { date: epoch-s } }
            tags: array<int64>
        """
    static let input = #"{"order_id":"18446744073709551615","total":"12.50","placed_at":"2024-07-01T09:30:00.25+02:00","note":null,"big":-9223372036854775808,"small":5,"paid_at":"1969-12-31T23:59:59.75Z","tags":[1,"2"]}"#

    /// The output of `json` through `model` under `profile`, or its errors as `code@path<source`.
    static func convert(_ engine: Engine, _ json: String, _ model: String, profile: String?) throws -> String {
        let compiled = try engine.model(named: model, profile: profile).get()
        let workspace = Workspace()
        return Array(json.utf8).withUnsafeBufferPointer { input in
            switch engine.convert(input, model: compiled, workspace: workspace) {
            case .success(let success): String(decoding: success.output, as: UTF8.self)
            case .failure(let errors): errors.map { "\($0.code.rawValue)@\($0.path)<\($0.source ?? "")" }.joined(separator: " ")
            default: "not converted"
            }
        }
    }

    @Test func withoutAProfileTheSchemasOwnOutputBlocksApply() throws {
        let engine = try EngineFixture.engine(Self.schema)
        #expect(try Self.convert(engine, Self.input, "Order", profile: nil) == #"{"order_id":18446744073709551615,"total":"12.50","placed_at":"2024-07-01T07:30:00.25Z","note":null,"big":-9223372036854775808,"small":5,"paid_at":-0.25,"tags":[1,2]}"#)
    }

    @Test func theJSProfileWritesEverySixtyFourBitIntegerAndDecimalAsAString() throws {
        let engine = try EngineFixture.engine(Self.schema)
        #expect(try Self.convert(engine, Self.input, "Order", profile: "js") == #"{"order_id":"18446744073709551615","total":"12.50","placed_at":"2024-07-01T07:30:00.25Z","note":null,"big":"-9223372036854775808","small":5,"paid_at":-0.25,"tags":["1","2"]}"#)
    }

    /// The profile wins over a property's and a model's `output:` for the options it sets; what
    /// it leaves unset stays as the schema says (`total` keeps the model's `decimal: string`).
    @Test func aRequestsProfileWinsOverThePropertyAndTheModelForTheOptionsItSets() throws {
        let engine = try EngineFixture.engine(Self.schema)
        #expect(try Self.convert(engine, Self.input, "Order", profile: "mobile") == #"{"orderId":18446744073709551615,"total":"12.50","placedAt":1719819000250,"big":"-9223372036854775808","small":5,"paidAt":-250,"tags":["1","2"]}"#)
        #expect(try Self.convert(engine, Self.input, "Order", profile: "web") == #"{"order-id":18446744073709551615,"total":"12.50","placed-at":"Mon, 01 Jul 2024 07:30:00 GMT","note":null,"big":-9223372036854775808,"small":5,"paid-at":"Wed, 31 Dec 1969 23:59:59 GMT","tags":[1,2]}"#)
    }

    @Test func errorPathsFollowTheOutputNamesAndSourcesTheInput() throws {
        let engine = try EngineFixture.engine(Self.schema)
        #expect(try Self.convert(engine, #"{"order_id":"x","placed_at":"2024-01-01"}"#, "Order", profile: "mobile") == "invalid_number@/orderId</order_id")
    }

    /// A quoted integer that fails leaves no opening quote behind: the member is taken back
    /// whole, and a recovery writes what it writes.
    @Test func aQuotedIntegerThatFailsLeavesNoQuoteBehind() throws {
        let engine = try EngineFixture.engine("""
            Row: { properties: { id: int64, spare: { type: "int64?", onError: null }, gone: { type: int64, onError: omit }, n: int64 } }
            """)
        #expect(try Self.convert(engine, #"{"id":"x"}"#, "Row", profile: "js") == "invalid_number@/id<")
        #expect(try Self.convert(engine, #"{"id":1,"spare":"x","gone":"y","n":-2}"#, "Row", profile: "js") == #"{"id":"1","spare":null,"n":"-2"}"#)
    }

    @Test func anUnknownProfileOrModelIsSaidApart() throws {
        let engine = try EngineFixture.engine(Self.schema)
        #expect(throws: ModelLookupError.unknownProfile("tablet")) { try engine.model(named: "Order", profile: "tablet").get() }
        #expect(throws: ModelLookupError.unknownModel("Shelf")) { try engine.model(named: "Shelf", profile: "js").get() }
        #expect(engine.profiles.map(\.name) == ["js", "mobile", "web"])
    }

    @Test(arguments: [
        ("rfc3339", #""2024-07-01T07:30:00.25Z""#),
        ("rfc3339-offset", #""2024-07-01T09:30:00.25+02:00""#),
        ("epoch-s", "1719819000.25"),
        ("epoch-ms", "1719819000250"),
        ("http", #""Mon, 01 Jul 2024 07:30:00 GMT""#),
    ])
    func eachDateForm(form: String, expected: String) throws {
        let engine = try EngineFixture.engine("""
            Event: { output: { date: \(form) }, properties: { at: date, day: localDate } }
            """)
        #expect(try Self.convert(engine, #"{"at":"2024-07-01T09:30:00.25+02:00","day":"2024-07-01"}"#, "Event", profile: nil)
                == #"{"at":\#(expected),"day":"2024-07-01"}"#)
    }

    @Test(arguments: [
        ("1970-01-01T00:00:00Z", "0", "0"),
        ("1969-12-31T23:59:59Z", "-1", "-1000"),
        ("1969-12-31T23:59:59.999999999Z", "-0.000000001", "-0.000001"),
        ("2001-09-09T01:46:40.5Z", "1000000000.5", "1000000000500"),
        ("0001-01-01T00:00:00Z", "-62135596800", "-62135596800000"),
        ("1969-12-31T23:59:58.75Z", "-1.25", "-1250"),
        ("1969-12-31T23:59:59.0005Z", "-0.9995", "-999.5"),
        ("9999-12-31T23:59:59.999999999Z", "253402300799.999999999", "253402300799999.999999"),
        ("2024-02-29T12:00:00.000000001Z", "1709208000.000000001", "1709208000000.000001"),
    ])
    func epochFormsKeepEveryDigitOfTheFraction(date: String, seconds: String, millis: String) throws {
        let engine = try EngineFixture.engine("""
            S: { output: { date: epoch-s }, properties: { at: date } }
            M: { output: { date: epoch-ms }, properties: { at: date } }
            """)
        #expect(try Self.convert(engine, #"{"at":"\#(date)"}"#, "S", profile: nil) == #"{"at":\#(seconds)}"#)
        #expect(try Self.convert(engine, #"{"at":"\#(date)"}"#, "M", profile: nil) == #"{"at":\#(millis)}"#)
    }

    /// IMF-fixdate at the calendar's ends, a leap day and before 1970: the weekday, the
    /// zero-padded day and year, the time of day counted back from midnight.
    @Test(arguments: [
        ("0001-01-01T00:00:00Z", #""Mon, 01 Jan 0001 00:00:00 GMT""#),
        ("9999-12-31T23:59:59.999Z", #""Fri, 31 Dec 9999 23:59:59 GMT""#),
        ("2024-02-29T08:05:09Z", #""Thu, 29 Feb 2024 08:05:09 GMT""#),
        ("1969-12-31T23:59:59.5Z", #""Wed, 31 Dec 1969 23:59:59 GMT""#),
    ])
    func httpDatesAtTheEdges(date: String, expected: String) throws {
        let engine = try EngineFixture.engine("H: { output: { date: http }, properties: { at: date } }")
        #expect(try Self.convert(engine, #"{"at":"\#(date)"}"#, "H", profile: nil) == #"{"at":\#(expected)}"#)
    }

    /// An input without an offset is placed in the property's `timezone` (else UTC) and keeps that offset.
    @Test func rfc3339OffsetWritesALocalTimeInThePropertysZone() throws {
        let engine = try EngineFixture.engine("""
            E: { output: { date: rfc3339-offset }, properties: { at: { type: date, timezone: Europe/Berlin }, utc: date } }
            """)
        #expect(try Self.convert(engine, #"{"at":"2024-07-01 09:30:00","utc":"2024-07-01 09:30:00"}"#, "E", profile: nil)
                == #"{"at":"2024-07-01T09:30:00+02:00","utc":"2024-07-01T09:30:00Z"}"#)
    }

    @Test func nullsOmitLeavesOutNullValuesAndNullDefaults() throws {
        let engine = try EngineFixture.engine("""
            N:
              output: { nulls: omit }
              properties:
                a: string?
                b: { type: string?, default: null }
                c: { type: string, default: x }
                d: { type: string?, output: { nulls: keep } }
            """)
        #expect(try Self.convert(engine, #"{"a":null,"d":null}"#, "N", profile: nil) == #"{"c":"x","d":null}"#)
        #expect(try Self.convert(engine, #"{"a":"1"}"#, "N", profile: nil) == #"{"a":"1","c":"x"}"#)
    }

    /// A quoted number's checks run on the number: bounds and enum still hold.
    @Test func checksRunOnTheNumberInsideTheQuotes() throws {
        let engine = try EngineFixture.engine("""
            C: { properties: { id: { type: int64, maximum: 10, enum: [1, 5] }, n: { type: int64, default: 7 } } }
            """)
        #expect(try Self.convert(engine, #"{"id":5}"#, "C", profile: "js") == #"{"id":"5","n":"7"}"#)
        #expect(try Self.convert(engine, #"{"id":11}"#, "C", profile: "js") == "enum_mismatch@/id<")
    }

    /// Integers inside arrays, sets and maps are quoted by the element's own call, and one that
    /// fails leaves no quote behind: its error is at its index or key, a dropped one is left out.
    @Test func quotedElementsFailAndDropWhole() throws {
        let engine = try EngineFixture.engine("""
            L:
              properties:
                ids: array<uint64>
                seen: set<int64>
                by: map<int64>
                kept: { type: array<uint64>, onItemError: drop }
                tier: { type: uint64, maximum: 9 }
            """)
        #expect(try Self.convert(engine, #"{"ids":[18446744073709551615,"7"],"seen":[1,1,-2],"by":{"a":-9223372036854775808},"kept":[1,"x",2],"tier":3}"#,
                                 "L", profile: "js")
                == #"{"ids":["18446744073709551615","7"],"seen":["1","-2"],"by":{"a":"-9223372036854775808"},"kept":["1","2"],"tier":"3"}"#)
        #expect(try Self.convert(engine, #"{"ids":[1,-1],"by":{"a":"x"},"tier":10}"#, "L", profile: "js")
                == "out_of_range@/ids/1< invalid_number@/by/a< above_maximum@/tier<")
        // Without the profile the same elements are numbers.
        #expect(try Self.convert(engine, #"{"ids":[1,"7"],"tier":3}"#, "L", profile: nil) == #"{"ids":[1,7],"tier":3}"#)
    }

    /// A nested model writes by its own `output:` and the request's profile.
    @Test func aNestedModelWritesByItsOwnBlock() throws {
        let engine = try EngineFixture.engine("""
            Outer: { output: { keys: camelCase }, properties: { inner_part: Inner } }
            Inner: { properties: { some_id: uint64 } }
            """)
        #expect(try Self.convert(engine, #"{"inner_part":{"some_id":1}}"#, "Outer", profile: nil) == #"{"innerPart":{"some_id":1}}"#)
        #expect(try Self.convert(engine, #"{"inner_part":{"some_id":1}}"#, "Outer", profile: "js") == #"{"innerPart":{"some_id":"1"}}"#)
    }
}
