import Testing
@testable import MappingEngine

/// SPEC §9 with §4's streams: a union property converts the same in a streamed array and in an
/// NDJSON line as in the whole document, byte for byte, errors included.
@Suite struct UnionStreamTests {
    static let schema = """
        Post:
          properties:
            author: "string | Author"
            id: "int64 | string"
            tags: "array<Tag> | string"
            scores: "map<int64 | string?>"
        Author:
          properties:
            name: string
        Tag:
          properties:
            label: string
        """

    static let elements = [
        #"{"author":"Ada","id":1,"tags":"a"}"#,
        #"{"author":{"name":"Ada"},"id":"x-1","tags":[{"label":"a"},{"label":"b"}],"scores":{"a":1,"b":"x","c":null}}"#,
        #"{"author":{"name":"Ada"},"id":18446744073709551616}"#,
        #"{"author":true,"tags":[1]}"#,
        #"{"id":"\u00e9t\u00e9 ✓","scores":{"k":"nil"}}"#,
    ]

    @Test(arguments: ConversionOptions.Mode.allCases)
    func aStreamedArrayGivesWhatTheWholeDocumentGives(_ mode: ConversionOptions.Mode) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let options = ConversionOptions(mode: mode)
        let body = Array(("[" + Self.elements.joined(separator: ",") + "]").utf8)
        let whole = engine.convert(body, model: "Post", options: options)
        guard case .failure(let expected) = whole else {
            Issue.record("expected the faulty elements to fail, got \(EngineFixture.describe(whole))")
            return
        }
        #expect(expected.map(\.path) == ["/2/id", "/3/author", "/3/tags/0"])
        for size in [1, 7, body.count] {
            guard case .failed(let errors) = try StreamFixture.array(body, "Post", engine, options: options, size: size).outcome else {
                Issue.record("chunks of \(size): expected failure")
                continue
            }
            #expect(errors == expected, "chunks of \(size)")
        }
        // The elements that convert give the same bytes streamed as whole.
        let good = Array(("[" + Self.elements[0...1].joined(separator: ",") + "]").utf8)
        guard case .success(let bytes, _, _) = engine.convert(good, model: "Post", options: options) else {
            Issue.record("the good elements do not convert")
            return
        }
        let streamed = try StreamFixture.array(good, "Post", engine, options: options, size: 1)
        guard case .converted = streamed.outcome else {
            Issue.record("the streamed good elements do not convert")
            return
        }
        #expect(String(decoding: streamed.bytes, as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: ConversionOptions.Mode.allCases)
    func eachNDJSONLineGivesWhatItsDocumentGives(_ mode: ConversionOptions.Mode) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let options = ConversionOptions(mode: mode)
        let lines = Array(Self.elements[0...1])
        let got = try StreamFixture.ndjson(lines, "Post", engine, options: options)
        #expect(String(decoding: got.bytes, as: UTF8.self)
                == String(decoding: try StreamFixture.ndjsonExpected(lines, "Post", engine, options: options), as: UTF8.self))
    }
}
