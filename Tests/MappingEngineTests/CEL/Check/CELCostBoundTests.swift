import Testing
@testable import CEL

/// The static bound covers what the evaluator charges: each rule runs over the largest document
/// its schema allows (every list at `maxItems`, every bounded string at `maxLength` in 4-byte
/// characters, decimals of the most digits), and what it spent of its budget is at most its cost.
@Suite struct CELCostBoundTests {
    static let rules = [
        "self.items.all(i, i.qty > 0)",
        "self.items.exists(i, i.name == self.code)",
        "self.items.all(i, i.name.contains('😀x') || i.name.startsWith(self.code))",
        "self.items.map(i, i.name + i.name).size() > 0",
        "self.items.filter(i, i.qty > 1).map(i, i.parts.map(p, p.label.upperAscii())).size() >= 0",
        "self.items.all(i, i.parts.all(p, p.weight > 0.0 && p.label.size() < 100))",
        "self.code.split('').all(c, c != 'q')",
        "self.items.exists_one(i, i.name.endsWith('x'))",
        "self.min + self.max > self.price",
        "self.code + self.code + self.code == self.code",
        "self.items.all(i, string(i.qty) != i.name)",
        "self.items.map(i, i.parts.size()).all(n, n <= 20)",
        "self.items.transformList(k, i, k + i.qty).all(n, n > 0)",
        "self.items.all(i, i.name in [self.code, 'a', 'b'])",
    ]

    @Test(arguments: rules)
    func theBoundCoversTheChargeOnTheLargestDocument(_ source: String) throws {
        let order = CheckFixtures.order(itemsMax: 40, partsMax: 8)
        let program = try CELProgram(source, in: CheckFixtures.rule(order, maxCost: 100_000_000))
        let start = 1 << 40
        var activation = CELActivation(fields: Self.largest(order), budget: start)
        _ = try program.evaluate(&activation)
        let spent = UInt64(start - activation.budget)
        #expect(spent <= program.cost, "\(source): spent \(spent), bound \(program.cost)")
        #expect(spent > 0)
    }

    /// The largest value each field of `object` may hold, by the field's `maxSize`.
    static func largest(_ object: CELObjectType) -> [CELValue?] {
        object.fields.map { largest($0.type, maxSize: $0.maxSize) }
    }

    private static func largest(_ type: CELType, maxSize: Int?) -> CELValue {
        switch type {
        case .string:
            return .string(String(repeating: "😀", count: maxSize ?? 3))
        case .int:
            return .int(7)
        case .double:
            return .double(1.5)
        case .decimal:
            return .decimal(CELDecimal(String(repeating: "4", count: CELDecimal.maxDigits))!)
        case .list(let element):
            return .list(Array(repeating: largest(element, maxSize: nil), count: maxSize ?? 2))
        case .object(let object):
            // Nested models are maps of their present fields; `next` (recursive) is left out.
            let entries = object.fields.filter { $0.type != .object(object) }.map { field in
                (key: CELValue.string(field.name), value: largest(field.type, maxSize: field.maxSize))
            }
            return .map(CELMap(entries: entries))
        default:
            return .null
        }
    }
}
