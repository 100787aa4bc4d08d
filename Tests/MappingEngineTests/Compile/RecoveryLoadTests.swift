import Testing
@testable import MappingEngine

/// SPEC §9: a recovery that would break the output's contract is refused at load, saying why;
/// the policies read as written, a bare YAML `null` included.
@Suite struct RecoveryLoadTests {
    /// The messages of loading one model `M` with `property`; records an issue when it loads.
    static func messages(_ property: String, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        EngineFixture.loadMessages("M:\n  properties:\n    p: \(property)\n", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("{ type: int32, required: true, onError: omit }", "onError: omit cannot leave out a required property"),
        ("{ type: int32, onError: default }", "onError: default needs a 'default'"),
        ("{ type: int32, onError: null }", "onError: null needs a nullable type ('int32?')"),
        ("{ type: int32, onItemError: drop }", "onItemError does not fit type 'int32'"),
        ("{ type: int32, onError: skip }", "'onError' must be one of 'fail', 'default', 'null', 'omit'"),
        ("{ type: \"array<int32>\", onItemError: omit }", "'onItemError' must be one of 'fail', 'drop'"),
        ("{ type: int32, compute: \"1\", onError: omit }", "a 'compute' property is output only: it cannot have 'onError'"),
        ("{ type: int32, default: x, onError: default }", "default \"x\" does not convert"),
    ])
    func aRecoveryThatDoesNotFitIsRefused(property: String, message: String) {
        let found = Self.messages(property)
        #expect(found.contains { $0.contains(message) }, "\(found)")
    }

    @Test func everyPolicyLoadsWhereItFits() throws {
        let engine = try EngineFixture.engine("""
            M:
              required: all
              properties:
                a: { type: int32, default: 1, onError: default }
                b: { type: "int32?", onError: null }
                c: { type: int32, required: false, onError: omit }
                d: { type: "map<int32>", onItemError: drop }
                e: { type: "int32?", required: true, onError: null }
            """)
        let properties = try #require(engine.registry.models["M"]?.properties)
        #expect(properties.map(\.onError) == [.default, .null, .omit, .fail, .null])
        #expect(properties.map(\.onItemError) == [.fail, .fail, .fail, .drop, .fail])
    }
}
