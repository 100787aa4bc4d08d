import CEL
import Testing

/// The object variable `self` of rules: `self.f` reads the activation's fields by index, an
/// absent field is `no_such_key` and not `has()`, bare `self` is a map of the present fields.
@Suite struct CELObjectVariableTests {
    static let order: CELObjectType = {
        let type = CELObjectType(name: "Order")
        type.fields = [
            .init(name: "min", type: .decimal), .init(name: "max", type: .decimal), .init(name: "email", type: .string),
            .init(name: "phone", type: .string), .init(name: "items", type: .list(.map(key: .string, value: .dyn)), maxSize: 100),
        ]
        return type
    }()

    static func outcome(_ source: String, _ fields: [CELValue?], check: Bool = true) throws -> String {
        let environment = RuntimeCase.environment([("self", .object(order))], check: check)
        let program = try CELProgram(source, in: environment)
        var activation = CELActivation(variables: [.null], fields: fields)
        do throws(CELError) {
            return CELTestSupport.render(try program.evaluate(&activation))
        } catch {
            return "error(\(error.kind.rawValue))"
        }
    }

    static func decimal(_ text: String) -> CELValue? {
        CELDecimal(text).map(CELValue.decimal)
    }

    static let items = CELValue.list([
        .map(CELMap(entries: [(.string("qty"), .int(2))])), .map(CELMap(entries: [(.string("qty"), .int(1))])),
    ])

    @Test(arguments: [
        ("self.min <= self.max", "true"), ("self.max - self.min", "decimal(9.51)"), ("self.min > 0", "true"),
        ("has(self.email) || has(self.phone)", "true"), ("has(self.phone)", "false"), ("self.email", "'a@b.c'"),
        ("self.phone", "error(no_such_key)"), ("self.phone == '1' || true", "true"),
        ("self.items.all(i, i.qty > 0)", "true"), ("self.items.map(i, i.qty)", "[2, 1]"), ("size(self.items)", "2"),
        ("self", "{'min': decimal(0.49), 'max': decimal(10.00), 'email': 'a@b.c', 'items': [{'qty': 2}, {'qty': 1}]}"),
        ("self.email.endsWith('.c')", "true"),
    ])
    func readsFieldsByIndex(source: String, expected: String) throws {
        #expect(try Self.outcome(source, [Self.decimal("0.49"), Self.decimal("10.00"), .string("a@b.c"), nil, Self.items]) == expected)
    }

    @Test func anActivationWithFewerFieldsHasTheRestAbsent() throws {
        #expect(try Self.outcome("has(self.items)", [Self.decimal("1")]) == "false")
        #expect(try Self.outcome("self.items", []) == "error(no_such_key)")
    }

    @Test func anUndeclaredFieldIsAnErrorWithoutTheChecker() throws {
        #expect(try Self.outcome("self.nope", [nil, nil, nil, nil, nil], check: false) == "error(no_such_key)")
    }
}
