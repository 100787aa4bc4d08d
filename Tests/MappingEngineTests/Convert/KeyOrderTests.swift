import Testing
@testable import MappingEngine

/// Key-order prediction (`KeyOrders`): objects of a model whose keys come in the previous
/// object's order, in another order, with keys missing, repeated, escaped or unknown, and past
/// the predicted positions, convert exactly as they would with nothing remembered.
@Suite struct KeyOrderTests {
    static let schema = """
    P:
      properties:
        a: int32
        b: string
        c: { type: int32, default: 7 }
        d: bool
        e: { type: string, from: a }
    L:
      properties:
        items: "array<P>"
    W:
      properties:
    \((0..<40).map { "    k\($0): int32" }.joined(separator: "\n"))
    WL:
      properties:
        items: "array<W>"
    """

    static let items = [
        (#"{"a":1,"b":"x","d":true}"#, #"{"a":1,"b":"x","c":7,"d":true,"e":"1"}"#),
        (#"{"a":2,"b":"y","d":false}"#, #"{"a":2,"b":"y","c":7,"d":false,"e":"2"}"#),
        (#"{"b":"z","a":3,"d":true}"#, #"{"a":3,"b":"z","c":7,"d":true,"e":"3"}"#),
        (#"{"a":4,"d":true}"#, #"{"a":4,"c":7,"d":true,"e":"4"}"#),
        (#"{"a":5,"a":6,"b":"w"}"#, #"{"a":6,"b":"w","c":7,"e":"6"}"#),
        (#"{"\u0061":8,"b":"v"}"#, #"{"a":8,"b":"v","c":7,"e":"8"}"#),
        (#"{"x":1,"a":9}"#, #"{"a":9,"c":7,"e":"9"}"#),
        (#"{"aa":1,"b":"u"}"#, #"{"b":"u","c":7}"#),
        (#"{}"#, #"{"c":7}"#),
        (#"{"a":1,"b":"x","d":true}"#, #"{"a":1,"b":"x","c":7,"d":true,"e":"1"}"#),
    ]

    static func text(_ result: Engine.OwnedResult) -> String? {
        guard case .success(let bytes, _, _) = result else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func objectsOfAnArrayConvertWhateverTheirKeyOrder() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let input = #"{"items":["# + Self.items.map(\.0).joined(separator: ",") + "]}"
        let expected = #"{"items":["# + Self.items.map(\.1).joined(separator: ",") + "]}"
        #expect(Self.text(engine.convert(Array(input.utf8), model: "L")) == expected)
    }

    @Test func aReusedWorkspaceConvertsEachPayloadAsAFreshOneDoes() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let workspace = Workspace()
        for (input, expected) in Self.items + Self.items.reversed() {
            let output = Array(input.utf8).withUnsafeBufferPointer { bytes -> String? in
                guard case .success(let success) = engine.convert(bytes, model: "P", workspace: workspace) else { return nil }
                return String(decoding: success.output, as: UTF8.self)
            }
            #expect(output == expected, "\(input)")
        }
    }

    @Test func keysPastThePredictedPositionsAreLookedUp() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let forward = (0..<40).map { #""k\#($0)":\#($0)"# }
        let backward = (0..<40).reversed().map { #""k\#($0)":\#($0 + 100)"# }
        let input = #"{"items":[{"# + forward.joined(separator: ",") + "},{" + backward.joined(separator: ",") + "}]}"
        let first = "{" + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        let second = "{" + (0..<40).map { #""k\#($0)":\#($0 + 100)"# }.joined(separator: ",") + "}"
        #expect(Self.text(engine.convert(Array(input.utf8), model: "WL")) == #"{"items":["# + first + "," + second + "]}")
    }
}
