import Testing
@testable import MappingEngine

/// SPEC §9's discriminator extras — `fallback` for unmapped tags, `caseInsensitive`, `style:
/// external` and `style: adjacent` — at the top level, inside arrays and inside maps; and the
/// tag's own key, which is never an unknown key (issue 23, first bug).
@Suite struct DiscriminatorStyleTests {
    typealias F = EngineFixture.Failure

    /// The issue's schema: the declarer rejects unknown keys and no property reads the tag.
    static let issueSchema = #"""
        {"S":{"unknownKeys":"reject","discriminator":{"from":"kind","mapping":{"c":"C"}},"properties":{"label":{"type":"string"}}},
         "C":{"extends":"S","properties":{"r":{"type":"double"}}}}
        """#

    static let shapes = """
        Internal:
          discriminator: { from: kind, mapping: { circle: Circle, rect: Rect }, fallback: Other, caseInsensitive: true }
          properties: { label: string }
        External:
          discriminator: { style: external, mapping: { circle: Circle, rect: Rect }, fallback: Other }
          properties: { label: string }
        Adjacent:
          unknownKeys: reject
          discriminator: { style: adjacent, from: type, content: data, mapping: { circle: Circle, rect: Rect } }
          properties: { label: string }
        Circle:
          unknownKeys: reject
          properties: { radius: double }
        Rect:
          properties: { w: double, h: double }
        Other:
          unknownKeys: keep
          properties: { label: string }
        Drawing:
          properties:
            layers: "array<External>"
            stamps: "map<Adjacent>"
            shapes: "array<Internal>"
        """

    /// Whether `json` converts with `model` to `expected` (members in any order, numbers by value).
    private func converts(_ json: String, _ model: String, to expected: String, _ schema: String = shapes,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        guard let output = EngineFixture.output(try EngineFixture.convert(json, model, schema: schema), sourceLocation: sourceLocation) else {
            return false
        }
        return EngineFixture.canonical(output, numeric: true) == EngineFixture.canonical(try EngineFixture.json(expected), numeric: true)
    }

    private func failures(_ json: String, _ model: String, _ schema: String = shapes) throws -> [F]? {
        EngineFixture.failures(try EngineFixture.convert(json, model, schema: schema))
    }

    @Test func theIssuesTaggedPayloadConvertsUnderReject() throws {
        #expect(try converts(#"{"kind":"c","r":1}"#, "S", to: #"{"r":1}"#, Self.issueSchema))
        // A key that is not the tag is still refused.
        #expect(try failures(#"{"kind":"c","r":1,"x":2}"#, "S", Self.issueSchema) == [F(.unknownKey, "/x")])
    }

    @Test func reverseWritesATagThatConvertTakes() throws {
        let engine = try EngineFixture.engine(Self.issueSchema)
        guard case .success(let upstream) = engine.reverse(Array(#"{"r":1.0}"#.utf8), model: "S") else {
            Issue.record("reverse failed")
            return
        }
        #expect(try EngineFixture.json(String(decoding: upstream, as: UTF8.self)) == EngineFixture.json(#"{"kind":"c","r":1.0}"#))
        #expect(EngineFixture.output(engine.convert(upstream, model: "S")) == (try EngineFixture.json(#"{"r":1.0}"#)))
    }

    @Test func theTagIsNeitherReportedNorKeptButANestedKeyOfTheSameNameIs() throws {
        let schema = """
            S:
              discriminator: { from: kind, mapping: { k: K, r: R } }
              properties: { id: int }
            K:
              unknownKeys: keep
              properties: { inner: N }
            R:
              unknownKeys: report
              properties: { id: int }
            N:
              unknownKeys: reject
              properties: { a: int }
            """
        #expect(try converts(#"{"kind":"k","inner":{"a":1},"extra":true}"#, "S", to: #"{"inner":{"a":1},"extra":true}"#, schema))
        #expect(try failures(#"{"kind":"k","inner":{"a":1,"kind":"k"}}"#, "S", schema) == [F(.unknownKey, "/inner/kind")])
        let engine = try EngineFixture.engine(schema)
        guard case .success(_, _, let unknown) = engine.convert(Array(#"{"kind":"r","id":1,"x":2}"#.utf8), model: "S") else {
            Issue.record("expected success")
            return
        }
        #expect(unknown.map(\.path) == ["/x"])
    }

    @Test func anUnmappedTagTakesTheFallbackWhichKeepsWhatItDeclaresAndUnderKeepTheRest() throws {
        #expect(try converts(#"{"kind":"hexagon","label":"h","sides":6}"#, "Internal", to: #"{"label":"h","sides":6}"#))
        #expect(try converts(#"{"hexagon":{"label":"h","sides":6}}"#, "External", to: #"{"label":"h","sides":6}"#))
        // Without a fallback an unmapped tag is an error at the tag.
        #expect(try failures(#"{"type":"hexagon","data":{}}"#, "Adjacent") == [F(.unknownDiscriminator, "/type")])
    }

    @Test(arguments: [#"{"kind":"CIRCLE","radius":1}"#, #"{"kind":"Circle","radius":1}"#, #"{"kind":"circle","radius":1}"#])
    func aCaseInsensitiveTagMatchesInAnyCase(_ payload: String) throws {
        #expect(try converts(payload, "Internal", to: #"{"radius":1}"#))
    }

    @Test func aCaseSensitiveTagDoesNot() throws {
        #expect(try failures(#"{"type":"CIRCLE","data":{"radius":1}}"#, "Adjacent") == [F(.unknownDiscriminator, "/type")])
    }

    @Test func anExternalTagIsTheObjectsOneKey() throws {
        #expect(try converts(#"{"circle":{"radius":1}}"#, "External", to: #"{"radius":1}"#))
        #expect(try converts(#"{"rect":{"w":2,"h":3}}"#, "External", to: #"{"w":2,"h":3}"#))
        // Errors in the content are found under the tag's key, and point into the output.
        let result = try EngineFixture.convert(#"{"circle":{"radius":"x"}}"#, "External", schema: Self.shapes)
        guard case .failure(let errors) = result else {
            Issue.record("expected failure")
            return
        }
        #expect(errors.map { "\($0.code.rawValue)@\($0.path)<\($0.source ?? "")" } == ["invalid_number@/radius</circle/radius"])
        #expect(try failures(#"{"circle":{"radius":1},"rect":{}}"#, "External") == [F(.typeMismatch, "")])
        #expect(try failures(#"{}"#, "External") == [F(.typeMismatch, "")])
        #expect(try failures(#"{"circle":3}"#, "External") == [F(.typeMismatch, "")])
    }

    @Test func anAdjacentTagSitsBesideItsContent() throws {
        #expect(try converts(#"{"type":"circle","data":{"radius":1}}"#, "Adjacent", to: #"{"radius":1}"#))
        // A missing or null tag keeps the declarer, which converts the content.
        #expect(try converts(#"{"data":{"label":"plain"}}"#, "Adjacent", to: #"{"label":"plain"}"#))
        #expect(try converts(#"{"type":null,"data":{"label":"plain"}}"#, "Adjacent", to: #"{"label":"plain"}"#))
        #expect(try failures(#"{"type":"circle"}"#, "Adjacent") == [F(.missing, "")])
        // The wrapper's other keys meet the declarer's policy (reject), the content's the picked model's.
        #expect(try failures(#"{"type":"circle","data":{"radius":1},"x":1}"#, "Adjacent") == [F(.unknownKey, "/x")])
        #expect(try failures(#"{"type":"circle","data":{"radius":1,"y":2}}"#, "Adjacent") == [F(.unknownKey, "/y")])
    }

    @Test func everyStyleWorksInsideArraysAndMaps() throws {
        let payload = #"""
            {"layers":[{"circle":{"radius":1}},{"Blob":{"label":"b","n":1}}],
             "stamps":{"a":{"type":"rect","data":{"w":1,"h":2}},"b":{"data":{"label":"l"}}},
             "shapes":[{"kind":"RECT","w":3,"h":4},{"label":"none"}]}
            """#
        #expect(try converts(payload, "Drawing", to: #"""
            {"layers":[{"radius":1},{"label":"b","n":1}],"stamps":{"a":{"w":1,"h":2},"b":{"label":"l"}},
             "shapes":[{"w":3,"h":4},{"label":"none"}]}
            """#))
        #expect(try failures(#"{"layers":[{"circle":{"radius":1}},{"circle":{"radius":"x"}}]}"#, "Drawing") == [F(.invalidNumber, "/layers/1/radius")])
    }

    @Test func reverseRebuildsExternalAndAdjacentShapes() throws {
        let engine = try EngineFixture.engine(Self.shapes)
        for (model, payload) in [("External", #"{"circle":{"radius":1}}"#), ("Adjacent", #"{"type":"rect","data":{"w":1,"h":2}}"#),
                                 ("Adjacent", #"{"data":{"label":"l"}}"#),
                                 ("Drawing", #"{"layers":[{"rect":{"w":1,"h":2}}],"stamps":{"a":{"type":"circle","data":{"radius":1}}}}"#)] {
            guard case .success(let output, _, _) = engine.convert(Array(payload.utf8), model: model),
                  case .success(let upstream) = engine.reverse(output, model: model) else {
                Issue.record("\(model) ← \(payload) did not go round")
                continue
            }
            let written = try EngineFixture.json(String(decoding: upstream, as: UTF8.self))
            #expect(EngineFixture.canonical(written, numeric: true) == EngineFixture.canonical(try EngineFixture.json(payload), numeric: true), "\(model)")
        }
    }

    @Test(arguments: [
        ("discriminator: { style: inside, from: k, mapping: { a: A } }", "'discriminator.style' must be one of"),
        ("discriminator: { style: external, from: k, mapping: { a: A } }", "'discriminator.from' does not apply"),
        ("discriminator: { style: adjacent, from: k, mapping: { a: A } }", "needs 'discriminator.content'"),
        ("discriminator: { style: adjacent, from: k, content: k, mapping: { a: A } }", "must not be the key the tag is read from"),
        ("discriminator: { from: k, content: d, mapping: { a: A } }", "applies to 'style: adjacent' only"),
        ("discriminator: { from: k, caseInsensitive: true, mapping: { a: A, A: A } }", "the same ignoring case"),
        ("discriminator: { from: k, caseInsensitive: yes please, mapping: { a: A } }", "must be true or false"),
        ("discriminator: { when: [{ if: 'true', model: A }], style: external }", "is an option of a tag"),
    ])
    func aMisusedOptionIsRefusedAtLoad(_ options: String, _ message: String) throws {
        let schema = "M:\n  \(options)\n  properties: { id: int }\nA:\n  properties: { id: int }\n"
        do {
            _ = try EngineFixture.engine(schema)
            Issue.record("loaded: \(options)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
