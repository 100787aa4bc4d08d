import CEL
import MappingEngine

/// Runs one conformance test through `CELProgram` as a schema's rule would be run: declared
/// variables (`typeEnv`, and `dyn` for a binding with no declaration), the checker unless the
/// test turns it off, and `matches` through `PatternCELCompiler`.
enum ConformanceRunner {
    enum Outcome {
        case passed
        /// Why, in one line.
        case failed(String)
    }

    static func run(_ test: ConformanceTest) -> Outcome {
        do {
            return try outcome(test)
        } catch {
            return .failed("harness: \(error)")
        }
    }

    private static func outcome(_ test: ConformanceTest) throws -> Outcome {
        guard test.container.isEmpty else { return .failed("harness: names resolve in container \(test.container)") }
        var variables: [CELEnvironment.Variable] = []
        for declaration in test.typeEnv ?? [] {
            guard let ident = declaration.ident else { return .failed("harness: declares a function, \(declaration.name)") }
            variables.append(.init(name: declaration.name, type: try ConformanceType.decode(ident.type)))
        }
        for name in test.bindings.keys.sorted() where !variables.contains(where: { $0.name == name }) {
            variables.append(.init(name: name, type: .dyn))
        }
        var environment = CELEnvironment(variables: variables, patterns: PatternCELCompiler())
        environment.check = !test.disableCheck
        let expectedError = test.expect["error"]?.string
        let expectedValue = try test.expect["value"].map(ConformanceValue.decode)
        let expectedType = try test.expect["deducedType"].map(ConformanceType.decode)

        let program: CELProgram
        do {
            program = try CELProgram(test.expr, in: environment)
        } catch {
            if expectedError != nil { return .passed }
            return .failed("compile: \(error.kind.rawValue) at \(error.column): \(error.message)")
        }
        if let expectedType, program.type != expectedType {
            return .failed("deduced type \(program.type), want \(expectedType)")
        }
        if test.checkOnly { return .passed }

        var values: [CELValue] = []
        for variable in variables {
            guard let binding = test.bindings[variable.name] else { return .failed("harness: \(variable.name) is declared, not bound") }
            values.append(try ConformanceValue.decode(binding))
        }
        var activation = CELActivation(variables: values)
        let result: CELValue
        do {
            result = try program.evaluate(&activation)
        } catch {
            if expectedError != nil { return .passed }
            return .failed("eval: \(error.kind.rawValue): \(error.message)")
        }
        if let expectedError { return .failed("got \(ConformanceValue.text(result)), want error \"\(expectedError)\"") }
        if let expectedValue, !ConformanceValue.same(result, expectedValue) {
            return .failed("got \(ConformanceValue.text(result)), want \(ConformanceValue.text(expectedValue))")
        }
        return .passed
    }
}
