import Testing
@testable import MappingEngine

/// SPEC §9: `/reverse` of an object a discriminator's `fallback` converted. The output keeps no
/// tag of its own; a fallback property that reads the tag's key has kept the original tag, and
/// reverse writes it back where it was. Without one the object is written as it is (internal);
/// an external or adjacent tag cannot be written at all, which is `unknown_discriminator`.
@Suite struct FallbackReverseTests {
    static let schema = """
        Shape:
          discriminator: { from: kind, mapping: { circle: Circle }, fallback: Other }
          properties:
            label: string
        Plain:
          discriminator: { from: kind, mapping: { circle: Circle }, fallback: Blob }
          properties:
            label: string
        Layer:
          discriminator: { style: external, mapping: { circle: Circle }, fallback: Blob }
          properties: {}
        Stamp:
          discriminator: { style: adjacent, from: type, content: data, mapping: { circle: Circle }, fallback: Blob }
          properties: {}
        Circle:
          properties:
            radius: double
        Other:
          properties:
            kind: string
            label: string
        Blob:
          properties:
            size: int32
        """

    /// What `reverse` gives for `normalized`: the upstream text, or the errors as `code@path`.
    static func reversed(_ normalized: String, _ model: String) throws -> String {
        switch try EngineFixture.engine(schema).reverse(Array(normalized.utf8), model: model) {
        case .success(let bytes): String(decoding: bytes, as: UTF8.self)
        case .failure(let errors): errors.map { "\($0.code.rawValue)@\($0.path)" }.joined(separator: " ")
        case .malformed(let error): "malformed \(error)"
        case .unknownModel(let name): "unknown \(name)"
        }
    }

    @Test func aFallbackPropertyThatReadsTheTagWritesItBack() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let input = #"{"kind":"star","label":"s"}"#
        let converted = try #require(EngineFixture.output(engine.convert(Array(input.utf8), model: "Shape")))
        #expect(converted == (try EngineFixture.json(input)))
        #expect(try Self.reversed(#"{"kind":"star","label":"s"}"#, "Shape") == input)
    }

    @Test func aFallbackWithoutTheTagIsWrittenAsItIs() throws {
        #expect(try Self.reversed(#"{"size":3}"#, "Plain") == #"{"size":3}"#)
    }

    @Test(arguments: ["Layer", "Stamp"])
    func anExternalOrAdjacentFallbackHasNoTagToWrite(_ model: String) throws {
        #expect(try Self.reversed(#"{"size":3}"#, model) == "unknown_discriminator@")
    }

    @Test func aMappedModelStillWritesItsTag() throws {
        #expect(try Self.reversed(#"{"radius":1.0}"#, "Layer") == #"{"circle":{"radius":1.0}}"#)
        #expect(try Self.reversed(#"{"radius":1.0}"#, "Stamp") == #"{"type":"circle","data":{"radius":1.0}}"#)
    }
}
