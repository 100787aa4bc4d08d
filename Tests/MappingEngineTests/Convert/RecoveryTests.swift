import Testing
@testable import MappingEngine

/// SPEC §9's recovery: `onError` per property and `onItemError` per container turn a value
/// that fails into a default, a null, an omission or a dropped element, answer a success, and
/// record one warning per recovery with its path, code, input and action; `recover: false`
/// (`?onError=fail`) fails as if nothing were declared.
@Suite struct RecoveryTests {
    static let schema = """
        Product:
          properties:
            id: { type: int64, required: true }
            price: { type: decimal, default: 0, onError: default }
            stock: { type: "int32?", onError: null }
            color: { type: string, enum: [red, blue], onError: omit }
            tags: { type: "array<int32>", onItemError: drop }
            sizes: { type: "set<int32>", onItemError: drop, minItems: 1 }
            prices: { type: "map<int32>", onItemError: drop }
            maker: { type: Maker, onError: omit }
            parts: { type: "array<Part>", onItemError: drop }
            plain: int32
        Maker:
          properties:
            name: { type: string, required: true }
            founded: { type: int32, onError: omit }
        Part:
          properties:
            sku: { type: string, required: true }
            weight: { type: "double?", onError: null }
        """

    /// Converts `json` with `Product`; records an issue and returns nil when it fails.
    static func recovered(_ json: String, options: ConversionOptions = .init(),
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> EngineFixture.Recovered? {
        EngineFixture.recovered(json, "Product", engine: try EngineFixture.engine(schema), options: options, sourceLocation: sourceLocation)
    }

    /// One recovery: the payload, the output expected, and its one warning as `action code path input`.
    struct Row: Sendable, CustomTestStringConvertible {
        let payload: String
        let output: String
        let warning: String
        var testDescription: String { warning }
    }

    static let rows: [Row] = [
        .init(payload: #"{"id": 1, "price": "cheap"}"#, output: #"{"id":1,"price":0}"#,
              warning: #"defaulted invalid_number /price "cheap""#),
        .init(payload: #"{"id": 1, "stock": 1.5}"#, output: #"{"id":1,"price":0,"stock":null}"#,
              warning: "nulled lossy_conversion /stock 1.5"),
        .init(payload: #"{"id": 1, "color": "green", "plain": 2}"#, output: #"{"id":1,"price":0,"plain":2}"#,
              warning: #"omitted enum_mismatch /color "green""#),
        .init(payload: #"{"id": 1, "color": "green"}"#, output: #"{"id":1,"price":0}"#,
              warning: #"omitted enum_mismatch /color "green""#),
        .init(payload: #"{"color": "green", "id": 1}"#, output: #"{"id":1,"price":0}"#,
              warning: #"omitted enum_mismatch /color "green""#),
        .init(payload: #"{"id": 1, "tags": [1, "x", 3]}"#, output: #"{"id":1,"price":0,"tags":[1,3]}"#,
              warning: #"dropped invalid_number /tags/1 "x""#),
        .init(payload: #"{"id": 1, "tags": ["x", 2]}"#, output: #"{"id":1,"price":0,"tags":[2]}"#,
              warning: #"dropped invalid_number /tags/0 "x""#),
        .init(payload: #"{"id": 1, "tags": [1, null]}"#, output: #"{"id":1,"price":0,"tags":[1]}"#,
              warning: "dropped null_not_allowed /tags/1 null"),
        .init(payload: #"{"id": 1, "sizes": [2, 2.5, 2]}"#, output: #"{"id":1,"price":0,"sizes":[2]}"#,
              warning: "dropped lossy_conversion /sizes/1 2.5"),
        .init(payload: #"{"id": 1, "prices": {"a": "15", "b": "no", "c": 2}}"#, output: #"{"id":1,"price":0,"prices":{"a":15,"c":2}}"#,
              warning: #"dropped invalid_number /prices/b "no""#),
        .init(payload: #"{"id": 1, "prices": {"b": "no"}}"#, output: #"{"id":1,"price":0,"prices":{}}"#,
              warning: #"dropped invalid_number /prices/b "no""#),
        .init(payload: #"{"id": 1, "maker": {"founded": 1900}}"#, output: #"{"id":1,"price":0}"#,
              warning: "omitted missing /maker -"),
        .init(payload: #"{"id": 1, "maker": {"name": "Acme", "founded": "old"}}"#, output: #"{"id":1,"price":0,"maker":{"name":"Acme"}}"#,
              warning: #"omitted invalid_number /maker/founded "old""#),
        .init(payload: #"{"id": 1, "parts": [{"sku": "a"}, {"weight": 2}, {"sku": "c", "weight": "heavy"}]}"#,
              output: #"{"id":1,"price":0,"parts":[{"sku":"a"},{"sku":"c","weight":null}]}"#,
              warning: "dropped missing /parts/1 -"),
    ]

    @Test(arguments: rows)
    func aFailedValueIsRecoveredAndWarnedAbout(_ row: Row) throws {
        guard let got = try Self.recovered(row.payload) else { return }
        #expect(got.output == row.output)
        let first = try #require(got.warnings.first)
        let described = "\(first.action.rawValue) \(first.code) \(first.path) \(first.input ?? "-")"
        #expect(described == row.warning)
    }

    @Test func everyRecoveryIsOneWarningAndCountedOnce() throws {
        let payload = #"{"id": 1, "parts": [{"sku": "a"}, {"weight": 2}, {"sku": "c", "weight": "heavy"}]}"#
        guard let got = try Self.recovered(payload) else { return }
        #expect(got.warnings.map { "\($0.action.rawValue)@\($0.path)" } == ["dropped@/parts/1", "nulled@/parts/2/weight"])
        #expect(got.warningCount == 2)
    }

    @Test func aContainerThatIsNotAnArrayIsNoItemErrorAndFails() throws {
        let result = try EngineFixture.engine(Self.schema).convert(Array(#"{"id": 1, "tags": "x"}"#.utf8), model: "Product")
        #expect(EngineFixture.failures(result) == [EngineFixture.Failure(.typeMismatch, "/tags")])
    }

    @Test func aWarningNamesTheFirstErrorBelowTheRecoveredValue() throws {
        guard let got = try Self.recovered(#"{"id": 1, "maker": {"name": [], "founded": "x"}}"#) else { return }
        let warning = try #require(got.warnings.first)
        #expect(got.warnings.count == 1)
        #expect(warning.path == "/maker")
        #expect(warning.code == "type_mismatch")
        #expect(warning.errorPath == "/maker/name")
        #expect(got.output == #"{"id":1,"price":0}"#)
    }

    @Test func recoveryOffFailsWithTheValuesErrors() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let payload = #"{"id": 1, "price": "cheap", "tags": [1, "x"], "color": "green"}"#
        let result = engine.convert(Array(payload.utf8), model: "Product", options: ConversionOptions(recover: false))
        #expect(EngineFixture.failures(result) == [EngineFixture.Failure(.invalidNumber, "/price"), EngineFixture.Failure(.enumMismatch, "/color"),
                                                   EngineFixture.Failure(.invalidNumber, "/tags/1")].sorted())
    }

    @Test func aValueThatConvertsIsNoWarning() throws {
        guard let got = try Self.recovered(#"{"id": 1, "price": "2.50", "tags": [1, "2"], "color": "red"}"#) else { return }
        #expect(got.output == #"{"id":1,"price":2.50,"color":"red","tags":[1,2]}"#)
        #expect(got.warnings.isEmpty)
    }

    @Test func aRecoveryDoesNotHideTheDocumentsOtherErrors() throws {
        let result = try EngineFixture.engine(Self.schema).convert(Array(#"{"price": "cheap", "plain": "x"}"#.utf8), model: "Product")
        #expect(EngineFixture.failures(result) == [EngineFixture.Failure(.missing, "/id"), EngineFixture.Failure(.invalidNumber, "/plain")].sorted())
    }

    @Test func droppingBelowMinItemsFails() throws {
        let result = try EngineFixture.engine(Self.schema).convert(Array(#"{"id": 1, "sizes": ["x"]}"#.utf8), model: "Product")
        #expect(EngineFixture.failures(result) == [EngineFixture.Failure(.tooFewItems, "/sizes")])
    }

    @Test func theCoercionsOfARecoveredValueAreTakenBack() throws {
        // `founded` is coerced from text, then the maker, missing its name, is omitted whole.
        let engine = try EngineFixture.engine(Self.schema)
        let workspace = Workspace()
        let input = Array(#"{"id": "1", "maker": {"founded": "1900"}}"#.utf8)
        let explained = input.withUnsafeBufferPointer { bytes -> (String, [String])? in
            guard case .success(let success) = engine.convert(bytes, model: "Product", options: ConversionOptions(explain: true),
                                                              workspace: workspace) else { return nil }
            return (String(decoding: success.output, as: UTF8.self), success.coercions.map(\.path))
        }
        #expect(explained?.0 == #"{"id":1,"price":0}"#)
        #expect(explained?.1 == ["/id"])
    }

    @Test func warningsAreCappedLikeErrorsAndCountedInAll() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let tags = Array(repeating: #""x""#, count: 7).joined(separator: ",")
        let input = Array(#"{"id": 1, "tags": [\#(tags)]}"#.utf8)
        let workspace = Workspace()
        let counts = input.withUnsafeBufferPointer { bytes -> (Int, Int)? in
            guard case .success(let success) = engine.convert(bytes, model: "Product", options: ConversionOptions(maxErrors: 3),
                                                              workspace: workspace) else { return nil }
            return (success.warnings.count, success.warningCount)
        }
        #expect(counts?.0 == 3)
        #expect(counts?.1 == 7)
    }

    @Test func aRecoveryWithNoErrorsListedStillRecovers() throws {
        // With a cap of 0 no error is listed, yet the recovery needs its value's first one.
        let engine = try EngineFixture.engine(Self.schema)
        let workspace = Workspace()
        let input = Array(#"{"id": 1, "price": "x"}"#.utf8)
        let got = input.withUnsafeBufferPointer { bytes -> (String, RecoveryTally)? in
            guard case .success(let success) = engine.convert(bytes, model: "Product", options: ConversionOptions(maxErrors: 0),
                                                              workspace: workspace) else { return nil }
            return (String(decoding: success.output, as: UTF8.self), success.recoveries)
        }
        #expect(got?.0 == #"{"id":1,"price":0}"#)
        #expect(got?.1.counts == [RecoveryTally.Key(code: RecoveryTally.unlisted, action: RecoveryTally.unlisted): 1])
    }

    @Test func aTopLevelArrayLocatesEachElementsWarnings() throws {
        guard let got = try Self.recovered(#"[{"id": 1}, {"id": 2, "price": "x"}]"#) else { return }
        #expect(got.output == #"[{"id":1,"price":0},{"id":2,"price":0}]"#)
        #expect(got.warnings.map(\.path) == ["/1/price"])
    }
}
