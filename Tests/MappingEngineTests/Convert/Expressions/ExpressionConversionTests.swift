import Foundation
import Spooling
import Testing
@testable import MappingEngine

/// Rules, computed members, transforms and predicates (SPEC §8) through the whole engine.
@Suite struct ExpressionConversionTests {
    static let schema = """
        Order:
          properties:
            min: decimal
            max: decimal
            price: { type: decimal, transform: "type(self) == string ? self.replace('€', '').trim().replace(',', '.') : self" }
            code: { type: string, transform: "self.trim().upperAscii()" }
            email: string
            phone: string
            first: string
            fullName: { type: string, compute: "self.first + ' ' + self.last" }
            last: string
            items: { type: "array<Line>", maxItems: 100 }
          rules:
            - rule: "self.min <= self.max"
              path: /max
              code: min_above_max
              message: "max must not be below min"
            - rule: "has(self.email) || has(self.phone)"
              message: "email or phone is required"
            - "self.items.all(i, i.qty > 0)"
        Line:
          properties:
            qty: int32
        Kept:
          unknownKeys: keep
          properties:
            a: string
            b: string
            ab: { type: string, compute: "self.a + self.b" }
            c: string
            last: { type: int64, compute: "has(self.c) ? 3 : 2" }
          rules:
            - { rule: "has(self.a) || has(self.c)", code: needs_a_or_c }
        Outer:
          properties:
            inner: Inner
            list: { type: "array<Inner>", maxItems: 10 }
          rules:
            - { rule: "self.list.all(i, i.n < self.inner.n)", path: /list, code: not_below }
        Inner:
          properties:
            n: int32
          rules: ["self.n >= 0"]
        Sum:
          properties:
            a: decimal
            b: decimal
            c: decimal
          rules: ["self.a + self.b == self.c"]
        Shape:
          discriminator:
            when:
              - { if: "has(self.radius)", model: Circle }
              - { if: "has(self.w) && has(self.h)", model: Rect }
          properties:
            label: string
        Circle:
          properties:
            radius: double
        Rect:
          properties:
            w: double
            h: double
        Fallen:
          discriminator:
            when: [{ if: "has(self.radius)", model: Circle }]
            fallback: Rect
          properties:
            label: string
        """

    static let engine: Engine = {
        do { return try EngineFixture.engine(schema) } catch { fatalError("the fixture schema does not load: \(error)") }
    }()

    static func convert(_ json: String, _ model: String = "Order", explain: Bool = false, budget: Int = ConversionOptions.defaultRuleBudget)
        -> Engine.OwnedResult {
        engine.convert(Array(json.utf8), model: model, options: ConversionOptions(explain: explain, ruleBudget: budget))
    }

    static func text(_ result: Engine.OwnedResult) -> String? {
        guard case .success(let bytes, _, _) = result else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aTransformRunsOnTheRawValueBeforeTheTypeConverts() {
        let result = Self.convert(#"{"price": "19,90 €", "code": "  ab-1 ", "email": "a@b"}"#)
        #expect(Self.text(result) == #"{"price":19.90,"code":"AB-1","email":"a@b"}"#, "\(EngineFixture.describe(result))")
    }

    @Test func aTransformOfANumberKeepsItsDigits() {
        let result = Self.convert(#"{"price": 12345678901234567890.123456789, "email": "a@b"}"#)
        #expect(Self.text(result) == #"{"price":12345678901234567890.123456789,"email":"a@b"}"#, "\(EngineFixture.describe(result))")
    }

    @Test func aComputedMemberTakesItsDeclaredPlace() {
        let result = Self.convert(#"{"first": "Ada", "last": "Lovelace", "phone": "1"}"#)
        #expect(Self.text(result) == #"{"phone":"1","first":"Ada","fullName":"Ada Lovelace","last":"Lovelace"}"#,
                "\(EngineFixture.describe(result))")
    }

    @Test func aComputedMemberReadingAnAbsentPropertyIsLeftOut() {
        let result = Self.convert(#"{"first": "Ada", "phone": "1"}"#)
        #expect(Self.text(result) == #"{"phone":"1","first":"Ada"}"#, "\(EngineFixture.describe(result))")
    }

    @Test func aFailedRuleIsAnErrorWithItsPathCodeMessageAndRule() throws {
        guard case .failure(let errors) = Self.convert(#"{"min": 5, "max": 1, "email": "a@b"}"#) else {
            Issue.record("expected a failure")
            return
        }
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.path == "/max")
        #expect(error.code == .ruleFailed)
        #expect(error.codeText == "min_above_max")
        #expect(error.message == "max must not be below min")
        #expect(error.rule == "self.min <= self.max")
    }

    @Test func everyRuleThatFailsIsReportedBesideTheOtherErrors() throws {
        guard case .failure(let errors) = Self.convert(#"{"min": 5, "max": 1, "items": [{"qty": 1}, {"qty": 0}, {"qty": "x"}]}"#) else {
            Issue.record("expected a failure")
            return
        }
        let listed = Set(errors.map { "\($0.codeText)@\($0.path)" })
        // The items rule reads a property that failed: it is not evaluated.
        #expect(listed == ["min_above_max@/max", "rule_failed@", "invalid_number@/items/2/qty"], "\(listed)")
    }

    @Test func computedMembersGoBeforeKeptKeysAndAfterAbsentOnes() {
        #expect(Self.text(Self.convert(#"{"a": "x", "b": "y", "zz": 1}"#, "Kept")) == #"{"a":"x","b":"y","ab":"xy","last":2,"zz":1}"#)
        #expect(Self.text(Self.convert(#"{"c": "z", "a": "x", "b": "y"}"#, "Kept")) == #"{"a":"x","b":"y","ab":"xy","c":"z","last":3}"#)
        #expect(Self.text(Self.convert(#"{"b": "y", "c": "z"}"#, "Kept")) == #"{"b":"y","c":"z","last":3}"#)
    }

    @Test func aNullPropertyIsNotHas() throws {
        guard case .failure(let errors) = Self.convert(#"{"a": null, "b": "y", "c": null}"#, "Kept") else {
            Issue.record("expected needs_a_or_c")
            return
        }
        #expect(errors.map(\.codeText) == ["needs_a_or_c"])
    }

    @Test func nestedModelsRunTheirOwnRulesFirstAndTheOuterRuleSeesThem() throws {
        #expect(Self.text(Self.convert(#"{"inner": {"n": 5}, "list": [{"n": 1}, {"n": 2}]}"#, "Outer"))
                == #"{"inner":{"n":5},"list":[{"n":1},{"n":2}]}"#)
        guard case .failure(let errors) = Self.convert(#"{"inner": {"n": 1}, "list": [{"n": -1}, {"n": 3}]}"#, "Outer") else {
            Issue.record("expected failures")
            return
        }
        let listed = errors.map { "\($0.codeText)@\($0.path)" }
        // The element's own rule fails at its index; the outer rule reads `list`, which did not
        // convert, so it is not evaluated.
        #expect(listed == ["rule_failed@/list/0"], "\(listed)")
        guard case .failure(let outer) = Self.convert(#"{"inner": {"n": 1}, "list": [{"n": 0}, {"n": 3}]}"#, "Outer") else {
            Issue.record("expected not_below")
            return
        }
        #expect(outer.map { "\($0.codeText)@\($0.path)" } == ["not_below@/list"])
    }

    @Test func aRuleTestingAPropertyThatFailedIsNotEvaluated() throws {
        // `email` was sent but is not a string: the contact rule must not call it missing.
        guard case .failure(let errors) = Self.convert(#"{"email": ["a@b"]}"#) else {
            Issue.record("expected the type mismatch")
            return
        }
        #expect(errors.map { "\($0.codeText)@\($0.path)" } == ["type_mismatch@/email"])
    }

    @Test func decimalsAreExactInRules() {
        #expect(Self.text(Self.convert(#"{"a": 0.1, "b": 0.2, "c": 0.3}"#, "Sum")) == #"{"a":0.1,"b":0.2,"c":0.3}"#)
        guard case .failure(let errors) = Self.convert(#"{"a": 0.1, "b": 0.2, "c": 0.30000000000000004}"#, "Sum") else {
            Issue.record("0.1 + 0.2 is not 0.30000000000000004 in decimals")
            return
        }
        #expect(errors.map(\.code) == [.ruleFailed])
    }

    @Test func predicatesPickTheModel() {
        #expect(Self.text(Self.convert(#"{"radius": 2, "w": 1}"#, "Shape")) == #"{"radius":2.0}"#)
        #expect(Self.text(Self.convert(#"{"w": 2, "h": 3}"#, "Shape")) == #"{"w":2.0,"h":3.0}"#)
        #expect(Self.text(Self.convert(#"{"radius": 1}"#, "Fallen")) == #"{"radius":1.0}"#)
        #expect(Self.text(Self.convert(#"{"w": 1, "h": 1}"#, "Fallen")) == #"{"w":1.0,"h":1.0}"#)
        guard case .failure(let errors) = Self.convert(#"{"w": 2}"#, "Shape") else {
            Issue.record("expected no_matching_model")
            return
        }
        #expect(errors.map(\.code) == [.noMatchingModel])
        #expect(errors.first?.message.contains("has(self.radius) → Circle") == true)
        #expect(errors.first?.message.contains("has(self.w) && has(self.h) → Rect") == true)
    }

    @Test func explainListsATransformThatChangedTheValue() {
        guard case .success(_, let coercions, _) = Self.convert(#"{"code": " ab", "price": 3, "email": "x"}"#, explain: true) else {
            Issue.record("expected success")
            return
        }
        #expect(coercions.map(\.rule) == ["transform"])
        #expect(coercions.first?.path == "/code")
    }

    @Test func theBudgetStopsAnExpressionThatRunsTooLong() {
        let items = (0..<100).map { _ in #"{"qty": 1}"# }.joined(separator: ",")
        guard case .failure(let errors) = Self.convert(#"{"email": "x", "items": [\#(items)]}"#, budget: 50) else {
            Issue.record("expected rule_cost_exceeded")
            return
        }
        #expect(errors.map(\.code).contains(.ruleCostExceeded))
    }

    /// The whole array converted at once, and streamed in pieces of `size` bytes: success text or errors.
    static func wholeAndStreamed(_ body: String, size: Int) throws -> (whole: String, streamed: String) {
        let whole: String
        switch Self.engine.convert(Array(body.utf8), model: "Order") {
        case .success(let bytes, _, _): whole = String(decoding: bytes, as: UTF8.self)
        case .failure(let errors): whole = "\(errors)"
        default: whole = "other"
        }
        let spool = Spool()
        let conversion = ArrayConversion(model: try #require(Self.engine.model(named: "Order")), output: spool)
        let workspace = Workspace()
        let bytes = Array(body.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + size)
            bytes[offset..<end].withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
            offset = end
        }
        switch conversion.finish(workspace: workspace) {
        case .converted: return (whole, String(decoding: spool.take().readAll(), as: UTF8.self))
        case .failed(let errors): return (whole, "\(errors)")
        case .malformed: return (whole, "malformed")
        }
    }

    @Test(arguments: [1, 7, 4096])
    func aStreamedArrayGivesTheWholeDocumentsAnswer(size: Int) throws {
        let converts = #"[{"price": "1,5", "email": "a"}, {"first": "A", "last": "B", "phone": "1"}, {"w": 1, "email": "b"}]"#
        let (whole, streamed) = try Self.wholeAndStreamed(converts, size: size)
        #expect(whole.hasPrefix("[{"), "\(whole)")
        #expect(whole == streamed)
        let fails = #"[{"min": 3, "max": 1, "email": "a"}, {"price": "x,1"}, {"items": [{"qty": 0}], "phone": "1"}]"#
        let (wholeErrors, streamedErrors) = try Self.wholeAndStreamed(fails, size: size)
        #expect(wholeErrors.contains("min_above_max"), "\(wholeErrors)")
        #expect(wholeErrors == streamedErrors)
    }
}
