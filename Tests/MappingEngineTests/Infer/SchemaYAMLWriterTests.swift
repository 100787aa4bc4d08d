import Testing
@testable import MappingEngine

/// The inferred schema's YAML reads back as the tree it was written from, whatever the keys and
/// strings hold: YAML's indicators, reserved words, numbers, quotes, controls, non-ASCII.
@Suite struct SchemaYAMLWriterTests {
    static let awkward = [
        "yes", "No", "null", "~", "true", "y", "1", "1.5", "-x", "#x", "a: b", "a #b", "[a]", "{b}", "&anchor", "*alias", "!tag",
        "%dir", "@at", "`tick`", "'single'", "\"double\"", "|", ">", "back\\slash", "line\nbreak", "tab\tx", "\u{7}", "\u{7F}",
        "\u{85}", "\u{2028}", "\u{FEFF}", "\u{FEFF}bom", "日本語", "🙂", " lead", "trail ", "a,b", "?", "-", ":", "",
    ]

    /// Every awkward string but the one starting with a byte order mark, which YAML readers drop.
    @Test(arguments: awkward.filter { $0.unicodeScalars.first != "\u{FEFF}" })
    func scalarsReadBackAsWritten(text: String) throws {
        let tree = JSONValue.object([.init(text, .array([.string(text)]))])
        let yaml = SchemaYAMLWriter.text(of: tree, header: ["header"], comments: [:])
        #expect(try YAMLReader.read(yaml) == tree, "\(yaml)")
    }

    @Test func awkwardKeysAndEnumValuesSurviveTheInferredFile() throws {
        // Two objects of at most 21 keys, fewer than make a map.
        func object(_ keys: ArraySlice<String>) -> String {
            "{" + keys.enumerated().map { "\(JSONValue.string($0.element).jsonText): \($0.offset)" }.joined(separator: ",") + "}"
        }
        let words = ["yes", "a: b", "#x", "日本"]
        let objects = "\"o\": \(object(Self.awkward.prefix(21))), \"p\": \(object(Self.awkward.dropFirst(21)))"
        let samples = (0..<8).map { "{\"e\": \(JSONValue.string(words[$0 % 4]).jsonText), \(objects)}" }
        let yaml = try InferenceFixture.schema(samples)
        let json = try InferenceFixture.schema(samples, format: .json)
        let fromYAML = try YAMLReader.read(yaml)
        let fromJSON = try JSONValue(parsing: json)
        #expect(fromYAML == Self.withoutDescriptions(fromJSON), "\(yaml)")
        let registry = try InferenceFixture.load(yaml)
        #expect(registry.definitions["M"]?.properties.first?.enumValues == words.map(JSONValue.string))
        #expect(InferenceFixture.conversionErrors(registry, model: "M", samples: samples.map { Array($0.utf8) }).isEmpty)
    }

    /// YAML reads a key written as it is only up to 1024 characters (found by `make fuzz`: a
    /// payload's 1,100-character key made an inferred file that did not load).
    @Test(arguments: [1023, 1024, 1100, 5000])
    func keysOfAnyLengthReadBackAsWritten(length: Int) throws {
        let long = String(repeating: "k%", count: length / 2) + (length % 2 == 1 ? "x" : "")
        let tree = JSONValue.object([.init(long, .object([
            .init("properties", .object([.init(long, .object([.init("type", .string("int64")), .init("from", .string(long))]))])),
        ]))])
        let yaml = SchemaYAMLWriter.text(of: tree, header: [], comments: [long: [long: "a guess"]])
        #expect(try YAMLReader.read(yaml) == tree, "\(yaml.prefix(300))")
        let samples = ["{\(JSONValue.string(long + "_a").jsonText): 1}", "{\(JSONValue.string(long + "_a").jsonText): 2}"]
        let registry = try InferenceFixture.load(try InferenceFixture.schema(samples))
        #expect(InferenceFixture.conversionErrors(registry, model: "M", samples: samples.map { Array($0.utf8) }).isEmpty)
    }

    @Test func commentsFollowTheirPropertyOnOneLine() throws {
        let tree = JSONValue.object([.init("M", .object([.init("properties", .object([.init("a", .string("int64"))]))]))])
        let yaml = SchemaYAMLWriter.text(of: tree, header: ["one", "two"], comments: ["M": ["a": "note\nwith a break"]])
        #expect(yaml == "# one\n# two\n\nM:\n  properties:\n    a: int64  # note with a break\n")
    }

    /// `value` with every `description` option removed, as the YAML writes those as comments.
    static func withoutDescriptions(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            let kept = members.filter { $0.key != "description" }.map { JSONValue.Member($0.key, withoutDescriptions($0.value)) }
            // A property left with its type alone is written in the shorthand.
            if kept.count == 1, kept[0].key == "type", members.count == 2 { return kept[0].value }
            return .object(kept)
        case .array(let items):
            return .array(items.map(withoutDescriptions))
        default:
            return value
        }
    }
}
