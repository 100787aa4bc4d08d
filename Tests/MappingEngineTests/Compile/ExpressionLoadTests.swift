import Testing
@testable import MappingEngine

/// CEL refused at load (SPEC §8): each kind of mistake, named with its expression and column.
@Suite struct ExpressionLoadTests {
    static func mistakes(_ schema: String) -> [SchemaError] {
        do throws(SchemaErrors) {
            _ = try SchemaLoader.load(sources: [(file: "test.yaml", text: schema)])
            return []
        } catch {
            return error.errors
        }
    }

    static func model(rules: [String], properties: String = "min: decimal\n    max: decimal\n    tags: \"array<string>\"") -> String {
        "M:\n  properties:\n    \(properties)\n  rules:\n" + rules.map { "    - \"\($0)\"\n" }.joined()
    }

    @Test(arguments: [
        ("self.min <= ", "syntax_error", 13),
        ("self.min <= self.mx", "unknown_property", 18),
        ("self.min + 'a' > 1", "type_error", 10),
        ("self.tags.all(t, t.size() > 1)", "cost_unbounded", 1),
        ("self.min", "type_error", 1),
    ])
    func eachKindOfMistakeIsNamedWithItsColumn(rule: String, code: String, column: Int) throws {
        let errors = Self.mistakes(Self.model(rules: [rule]))
        let error = try #require(errors.first, "\(rule) loaded")
        let expression = try #require(error.expression)
        #expect(expression.code == code, "\(rule): \(error)")
        #expect(expression.name == "rule 1")
        #expect(expression.source == rule)
        if code != "cost_unbounded" { #expect(expression.column == column, "\(rule): \(error)") }
        #expect(error.description.contains("rule 1, column \(expression.column): \(code)"))
    }

    @Test func aLoopOverABoundedArrayLoadsAndOneOverTheBudgetIsRefused() throws {
        let bounded = "min: decimal\n    max: decimal\n    tags: { type: \"array<string>\", maxItems: 100 }"
        #expect(Self.mistakes(Self.model(rules: ["self.tags.all(t, t != '')"], properties: bounded)).isEmpty)
        let huge = "min: decimal\n    max: decimal\n    tags: { type: \"array<string>\", maxItems: 100000 }"
        let errors = Self.mistakes(Self.model(rules: ["self.tags.all(a, self.tags.all(b, a != b))"], properties: huge))
        #expect(errors.first?.expression?.code == "cost_exceeded", "\(errors)")
    }

    @Test func transformsComputesAndPredicatesAreCheckedToo() {
        let schema = """
            M:
              properties:
                a: { type: string, transform: "self.trim(" }
                b: { type: string, compute: "self.nothing" }
            S:
              discriminator:
                when: [{ if: "has(self.x) &&", model: M }]
              properties:
                x: string
            """
        let names = Set(Self.mistakes(schema).compactMap { $0.expression.map { "\($0.name):\($0.code)" } })
        #expect(names == ["transform:syntax_error", "compute:unknown_property", "when 1:syntax_error"], "\(names)")
    }

    @Test func aComputedPropertyReadsNoInput() {
        let errors = Self.mistakes("M:\n  properties:\n    a: string\n    b: { type: string, compute: \"self.a\", from: x }\n")
        #expect(errors.map(\.message) == ["a 'compute' property is output only: it cannot have 'from'"])
    }

    @Test func aMatchesPatternCompilesAtLoadWithTheLinearEngine() {
        #expect(Self.mistakes(Self.model(rules: ["string(self.min).matches('^[0-9.]+$')"])).isEmpty)
        let errors = Self.mistakes(Self.model(rules: ["string(self.min).matches('(a)\\\\\\\\1')"]))
        #expect(errors.first?.expression?.code == "invalid_pattern", "\(errors)")
    }
}
