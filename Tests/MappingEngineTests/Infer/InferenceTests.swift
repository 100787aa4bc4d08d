import Testing
@testable import MappingEngine

/// `convertd infer`'s rules, one at a time: each table row gives the values a property `v` took
/// across samples and the type the schema must declare for it.
@Suite struct InferenceTests {
    typealias Fixture = InferenceFixture

    /// The samples `{"v": value}`, one per value.
    static func samples(_ values: [String]) -> [String] {
        values.map { "{\"v\": \($0)}" }
    }

    @Test(arguments: [
        // Integers widen int64 → uint64 → decimal, and never become a float.
        (["1"], "int64"),
        (["1", "-9223372036854775808", "9223372036854775807"], "int64"),
        (["1", "9223372036854775808"], "uint64"),
        (["18446744073709551615", "0"], "uint64"),
        (["-1", "18446744073709551615"], "decimal"),
        (["18446744073709551616"], "decimal"),
        (["123456789012345678901234567890"], "decimal"),
        // A fraction or an exponent makes a double, unless a double would lose digits.
        (["1.5"], "double"),
        (["1", "2.5"], "double"),
        (["1e3"], "double"),
        (["0.1000000000000000055511151231257827"], "decimal"),
        (["1e400"], "decimal"),
        (["12345678901234567890", "0.5"], "decimal"),
        (["9007199254740993", "0.5"], "decimal"),
        // Booleans; numbers and booleans sent as strings are typed as their value.
        (["true", "false"], "bool"),
        (["\"640\"", "12"], "int64"),
        (["\"18446744073709551615\""], "uint64"),
        (["\"19.90\"", "3"], "double"),
        (["\"true\"", "\"FALSE\"", "true"], "bool"),
        // Strings that only look like numbers stay text: their form matters.
        (["\"007\""], "string"),
        (["\"+1\""], "string"),
        (["\" 1\""], "string"),
        // Kinds that do not mix widen to string, which lax mode converts them all to.
        (["1", "\"x\""], "string"),
        (["true", "1"], "string"),
        (["\"2015-09-16\"", "\"soon\""], "string"),
        (["\"1\"", "\"\""], "string"),
        // Nulls make the type nullable; null words are null for every type but string.
        (["1", "null"], "int64?"),
        (["1", "\"null\""], "int64?"),
        (["true", "\"<null>\""], "bool?"),
        (["\"NULL\""], "string"),
        (["\"text\"", "\"nil\""], "string"),
        (["null"], "any?"),
        // Dates and URLs.
        (["\"Wed Sep 16 12:20:09 +0800 2015\""], "date"),
        (["\"2015-09-16T04:20:09Z\"", "\"2015-09-16\""], "date"),
        (["\"0000-01-01\""], "string"),
        (["\"https://example.com/a?b=1\"", "\"sinaweibo://detail/?id=1\""], "url"),
        (["\"https://example.com\"", "\"\""], "url?"),
        (["\"mailto:ana@example.com\""], "string"),
        (["\"https://api.github.com/users/x/following{/other_user}\""], "string"),
        (["\"note: hello\""], "string"),
        // Containers.
        (["[1, 2]", "[]"], "array<int64>"),
        (["[1, null]"], "array<int64?>"),
        (["[]"], "array<any>"),
        (["[[1], [\"2\"]]"], "array<array<int64>>"),
        (["{\"a\": 1}", "[1]"], "any"),
        (["{\"a\": 1}", "3"], "any"),
        (["[1]", "\"x\"", "null"], "any?"),
        (["{\"a\": 1}", "[]"], "MV"),
        (["{\"a\": 1}", "\"null\""], "MV?"),
    ] as [([String], String)])
    func typesWidenAcrossSamples(values: [String], type: String) throws {
        #expect(try Fixture.type(Self.samples(values)) == type, "\(values)")
    }

    @Test(arguments: [
        (["\"Wed Sep 16 12:20:09 +0800 2015\""], [DateFormat.twitter]),
        (["\"2015-09-16\"", "\"2015-09-16T04:20:09Z\"", "\"2015-09-16 04:20:09.123+08:00\""], [.rfc3339, .dateOnly]),
        (["\"Sun, 06 Nov 1994 08:49:37 GMT\"", "\"/Date(1508305864550+0000)/\""], [.rfc1123, .dotNet]),
    ] as [([String], [DateFormat])])
    func datesDeclareTheFormatsTheSamplesUse(values: [String], formats: [DateFormat]) throws {
        let property = try #require(try Fixture.property(Self.samples(values), "v"))
        #expect(property.type.kind == .date)
        #expect(property.formats == formats)
    }

    @Test func requiredComesFromPresenceInEverySample() throws {
        let model = try #require(try Fixture.registry([#"{"a": 1, "b": 2}"#, #"{"a": 3, "c": null}"#, #"{"c": 4, "a": 5}"#]).models["M"])
        let required = Dictionary(uniqueKeysWithValues: model.properties.map { ($0.name, model.isRequired($0)) })
        #expect(required == ["a": true, "b": false, "c": false])
        // Order of first appearance, across samples.
        #expect(model.properties.map(\.name) == ["a", "b", "c"])
        #expect(model.properties.map(\.type.description) == ["int64", "int64", "int64?"])
    }

    @Test func aKeyRepeatedInOneObjectCountsOnceForRequired() throws {
        let model = try #require(try Fixture.registry([#"{"a": 1, "a": 2}"#, #"{"b": 1}"#]).models["M"])
        #expect(model.properties.map { model.isRequired($0) } == [false, false])
    }

    @Test func nestedObjectsBecomeModelsNamedAfterTheirParentAndKey() throws {
        let registry = try Fixture.registry([#"{"home_address": {"city": "Oslo", "geo": {"lat": 1.5}}, "work-place": {"city": "Bergen"}}"#],
                                            model: "User")
        #expect(registry.definitions["User"]?.properties.map(\.type.description) == ["UserHomeAddress", "UserWorkPlace"])
        #expect(registry.definitions["UserHomeAddress"]?.properties.map(\.type.description) == ["string", "UserHomeAddressGeo"])
        #expect(registry.definitions["UserHomeAddressGeo"]?.properties.map(\.type.description) == ["double"])
        #expect(registry.names.count == 4)
    }

    @Test func identicalShapesShareOneModel() throws {
        let registry = try Fixture.registry([#"{"billing": {"city": "Oslo", "zip": "0150"}, "shipping": {"city": "Bergen", "zip": "0151"}, "other": {"city": 1}}"#])
        #expect(registry.definitions["M"]?.properties.map(\.type.description) == ["MBilling", "MBilling", "MOther"])
        #expect(registry.names == ["M", "MBilling", "MOther"])
    }

    @Test func arraysOfObjectsMergeIntoOneElementModel() throws {
        let registry = try Fixture.registry([#"{"items": [{"id": 1, "name": "a"}, {"id": 2, "size": 3}]}"#, #"{"items": [{"id": "3"}]}"#])
        #expect(registry.definitions["M"]?.properties.first?.type.description == "array<MItems>")
        let items = try #require(registry.models["MItems"])
        #expect(items.properties.map(\.name) == ["id", "name", "size"])
        #expect(items.properties.map { items.isRequired($0) } == [true, false, false])
        #expect(items.properties.map(\.type.description) == ["int64", "string", "int64"])
    }

    @Test func objectsWhoseKeysAreDataBecomeMaps() throws {
        let ids = #"{"v": {"eb8fce65jw1ew466loxu0j20hs0dc755": {"w": 1}, "eb8fce65jw1ew466lue7tj20l80fhjt2": {"w": 2, "h": 3}}}"#
        #expect(try Fixture.type([ids]) == "map<MV>")
        #expect(try Fixture.type([#"{"v": {"2015-09-16": 3, "2015-09-17": 4}}"#]) == "map<int64>")
        #expect(try Fixture.type([#"{"v": {"1": "a"}}"#, #"{"v": {"2": null}}"#]) == "map<string?>")
        // Data keys whose values do not share a shape stay a model.
        #expect(try Fixture.type([#"{"v": {"1": "a", "2": {"x": 1}}}"#]) == "MV")
        // Many keys with one value shape are a map whatever the keys look like.
        let many = (0..<32).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
        #expect(try Fixture.type(["{\"v\": {\(many)}}"]) == "map<int64>")
        let fewer = (0..<31).map { "\"key\($0)\": \($0)" }.joined(separator: ", ")
        #expect(try Fixture.type(["{\"v\": {\(fewer)}}"]) == "MV")
    }

    @Test func keyStylesMapToCamelCaseWithFromOnlyWhereAKeyDoesNotFit() throws {
        let snake = try #require(try Fixture.registry([#"{"user_id": 1, "avatar_url": "x", "userType": 2, "filterID": 3, "id": 4, "hongbao_2014": 0}"#]).definitions["M"])
        #expect(snake.keys == .snakeCase)
        #expect(snake.properties.map(\.name) == ["userId", "avatarUrl", "userType", "filterId", "id", "hongbao2014"])
        #expect(snake.properties.map { $0.from?.map(\.description) } == [nil, nil, ["userType"], ["filterID"], nil, ["hongbao_2014"]])
        let kebab = try #require(try Fixture.registry([#"{"page-count": 1, "first-name": "a", "title": "t"}"#]).definitions["M"])
        #expect(kebab.keys == .kebabCase)
        #expect(kebab.properties.map(\.name) == ["pageCount", "firstName", "title"])
        let pascal = try #require(try Fixture.registry([#"{"UserName": "a", "Id": 1}"#]).definitions["M"])
        #expect(pascal.keys == .pascalCase)
        #expect(pascal.properties.map(\.name) == ["userName", "id"])
        let plain = try #require(try Fixture.registry([#"{"id": 1, "name": "a", "ID": 2}"#]).definitions["M"])
        #expect(plain.keys == nil)
        #expect(plain.properties.map(\.name) == ["id", "name", "id2"])
        #expect(plain.properties.map { $0.from?.map(\.description) } == [nil, nil, ["ID"]])
    }

    @Test func keysThatAreNotNamesAreReadExactly() throws {
        let sample = #"{"isbn.13": 1, "/path": 2, "": 3, "a~b": 4, "user_name": 5, "userName": 6, "名前": "x", "a b": 7}"#
        let registry = try Fixture.registry([sample])
        let model = try #require(registry.definitions["M"])
        #expect(model.properties.map(\.name) == ["isbn.13", "/path", "_", "a~b", "userName", "userName2", "名前", "a b"])
        let output = try #require(Fixture.converted(sample, with: registry))
        #expect(output == .object([
            .init("isbn.13", .number("1")), .init("/path", .number("2")), .init("_", .number("3")), .init("a~b", .number("4")),
            .init("userName", .number("5")), .init("userName2", .number("6")), .init("名前", .string("x")), .init("a b", .number("7")),
        ]))
    }

    @Test func aSmallClosedSetOfStringsIsAGuessedEnumMarkedInAComment() throws {
        let samples = Self.samples(["\"draft\"", "\"published\"", "\"draft\"", "\"draft\""])
        let yaml = try Fixture.schema(samples)
        #expect(yaml.contains("v: { type: string, required: true, enum: [draft, published] }  # guess: enum"))
        let property = try #require(try Fixture.load(yaml).definitions["M"]?.properties.first)
        #expect(property.enumValues == [.string("draft"), .string("published")])
        // JSON has no comments: the guess is the property's description.
        let json = try Fixture.schema(samples, format: .json)
        let fromJSON = try #require(try Fixture.load(json, format: .json).definitions["M"]?.properties.first)
        #expect(fromJSON.enumValues == property.enumValues)
        #expect(fromJSON.description?.hasPrefix("guess: enum") == true)
    }

    @Test(arguments: [
        // Too few observations for the values listed.
        ["\"a\"", "\"b\"", "\"a\""],
        ["\"a\"", "\"b\"", "\"c\"", "\"d\"", "\"a\"", "\"b\"", "\"c\""],
        // Too many distinct values, however often seen.
        (0..<9).flatMap { ["\"v\($0)\"", "\"v\($0)\""] },
        // Too long, blank, or a mix with other kinds.
        ["\"\(String(repeating: "x", count: 33))\"", "\"y\"", "\"y\"", "\"y\""],
        ["\"a\"", "\"a\"", "\"a\"", "\"\""],
        ["\"a\"", "\"a\"", "\"a\"", "1"],
    ])
    func noEnumWithoutEvidence(values: [String]) throws {
        #expect(try Fixture.property(Self.samples(values), "v")?.enumValues == nil)
    }

    @Test func theSameSamplesGiveTheSameBytes() throws {
        let samples = [#"{"b_c": {"x": [1, 2]}, "a": "2015-09-16", "m": {"1": {"q": true}}}"#, #"{"a": null, "z": "https://x.org"}"#]
        for format in SchemaInference.Format.allCases {
            let first = try Fixture.schema(samples, format: format)
            for _ in 0..<3 { #expect(try Fixture.schema(samples, format: format) == first) }
        }
    }

    @Test func arraysAtTheTopGiveOneSamplePerObject() throws {
        var inference = try SchemaInference(model: "M")
        try Fixture.add(Array(#"[{"a": 1}, {"a": 2, "b": 1}, 3, "x"]"#.utf8), to: &inference)
        #expect(inference.sampleCount == 2)
        #expect(inference.skippedCount == 2)
        let model = try #require(try Fixture.load(inference.schema(.yaml)).models["M"])
        #expect(model.properties.map { model.isRequired($0) } == [true, false])
    }

    @Test func ndjsonGivesOneSamplePerLine() throws {
        var inference = try SchemaInference(model: "M")
        try Fixture.add(Array("{\"a\": 1}\r\n\n  \n[{\"a\": \"2\"}]\n".utf8), ndjson: true, to: &inference)
        #expect(inference.sampleCount == 2)
        let error = Fixture.failure { try Fixture.add(Array("{\"a\": 1}\n\n{\"a\": }\n".utf8), ndjson: true, to: &inference) }
        #expect(error?.code == .badJSON)
        #expect(error?.syntax?.line == 3)
        #expect(error?.syntax?.column == 7)
        #expect(error?.syntax?.offset == 16)
        var empty = try SchemaInference(model: "M")
        #expect(Fixture.failure { try Fixture.add(Array(" \n\n".utf8), ndjson: true, to: &empty) }?.code == .emptyBody)
    }

    @Test(arguments: ["", "1a", "a-b", "string", "map", "int", "É"])
    func invalidModelNamesAreRefused(name: String) {
        #expect(Fixture.failure { _ = try SchemaInference(model: name) }?.code == .invalidModelName)
    }

    @Test(arguments: ["[]", "[1, \"x\"]", "3", "null"])
    func inputWithoutAnObjectHasNoSamples(input: String) {
        #expect(Fixture.failure { _ = try Fixture.schema([input]) }?.code == .noSamples)
    }

    @Test func malformedSamplesSayWhere() {
        let error = Fixture.failure { _ = try Fixture.schema(["{\n  \"a\": ]"]) }
        #expect(error?.code == .badJSON)
        #expect(error?.syntax?.line == 2)
        #expect(Fixture.failure { _ = try Fixture.schema([String(repeating: "[", count: 300)]) }?.code == .tooDeep)
        #expect(Fixture.failure { _ = try Fixture.schema([""]) }?.code == .emptyBody)
    }
}
