@testable import CEL

/// The models the checker and cost tests run over: SPEC §8's `Order`, whose `items` are `Line`s,
/// which have `Part`s. Each test builds its own, so `maxItems` can differ per test.
enum CheckFixtures {
    /// `Order` with its fields in this order (their indices are what `fieldsRead` reports).
    static let orderFields = ["min", "max", "email", "phone", "first", "last", "code", "items", "tags", "price"]

    /// An `Order` whose `items` may declare `maxItems` and whose `Line.parts` may declare theirs.
    static func order(itemsMax: Int? = 1000, partsMax: Int? = 20, tagsMax: Int? = nil) -> CELObjectType {
        let part = CELObjectType(name: "Part")
        part.fields = [
            .init(name: "weight", type: .double),
            .init(name: "label", type: .string, maxSize: 30),
        ]
        let line = CELObjectType(name: "Line")
        line.fields = [
            .init(name: "qty", type: .int),
            .init(name: "name", type: .string, maxSize: 50),
            .init(name: "sku", type: .string),
            .init(name: "parts", type: .list(.object(part)), maxSize: partsMax),
            .init(name: "notes", type: .list(.string)),
            .init(name: "next", type: .object(line)),
        ]
        let order = CELObjectType(name: "Order")
        order.fields = [
            .init(name: "min", type: .decimal),
            .init(name: "max", type: .decimal),
            .init(name: "email", type: .string),
            .init(name: "phone", type: .string),
            .init(name: "first", type: .string),
            .init(name: "last", type: .string),
            .init(name: "code", type: .string, maxSize: 10),
            .init(name: "items", type: .list(.object(line)), maxSize: itemsMax),
            .init(name: "tags", type: .list(.string), maxSize: tagsMax),
            .init(name: "price", type: .decimal),
        ]
        return order
    }

    /// The environment of a rule over `object`, with the limit the engine compiles rules under
    /// (or none).
    static func rule(_ object: CELObjectType = order(), maxCost: UInt64? = nil) -> CELEnvironment {
        var environment = CELEnvironment(variables: [.init(name: "self", type: .object(object))])
        environment.maxCost = maxCost
        return environment
    }

    /// An environment of plain variables.
    static func variables(_ declared: [(String, CELType)]) -> CELEnvironment {
        CELEnvironment(variables: declared.map { CELEnvironment.Variable(name: $0.0, type: $0.1) })
    }

    static func check(_ source: String, in environment: CELEnvironment = variables([])) throws -> CELChecked {
        try CELChecker.check(CELParser.parse(source, limits: CELLimits()), in: environment)
    }

    /// The checker's refusal of `source`, or nil when it accepts it.
    static func refusal(_ source: String, in environment: CELEnvironment = variables([])) throws -> CELCompileError? {
        let expr = try CELParser.parse(source, limits: CELLimits())
        do throws(CELCompileError) {
            _ = try CELChecker.check(expr, in: environment)
            return nil
        } catch {
            return error
        }
    }

    /// The static cost of `source`, checked first as `CELProgram` does.
    static func cost(_ source: String, in environment: CELEnvironment) throws -> UInt64 {
        let expr = try CELParser.parse(source, limits: CELLimits())
        let checked = try CELChecker.check(expr, in: environment)
        return try CELCostEstimator.estimate(expr, checked: checked, in: environment)
    }

    /// The estimator's refusal of `source`, or nil when it bounds it.
    static func costRefusal(_ source: String, in environment: CELEnvironment) throws -> CELCompileError? {
        let expr = try CELParser.parse(source, limits: CELLimits())
        let checked = try CELChecker.check(expr, in: environment)
        do throws(CELCompileError) {
            _ = try CELCostEstimator.estimate(expr, checked: checked, in: environment)
            return nil
        } catch {
            return error
        }
    }
}
