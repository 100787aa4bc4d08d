import CEL
import MappingEngine
import Testing

/// Compiles and evaluates CEL source for the runtime's tests: with the checker off unless
/// asked (these tests are about what the evaluator does with any value, `dyn` ones included),
/// `matches` through MappingEngine's `PatternCELCompiler`.
enum RuntimeCase {
    /// The environment of `variables` (name and type), checker off.
    static func environment(_ variables: [(String, CELType)] = [], check: Bool = false) -> CELEnvironment {
        var environment = CELEnvironment(variables: variables.map { CELEnvironment.Variable(name: $0.0, type: $0.1) },
                                         patterns: PatternCELCompiler())
        environment.check = check
        return environment
    }

    /// What `source` evaluates to over `values` (by variable, in order), or its error.
    static func evaluate(_ source: String, _ variables: [(String, CELType)] = [], values: [CELValue] = [],
                         fields: [CELValue?] = [], budget: Int = .max) throws -> Result<CELValue, CELError> {
        let program = try CELProgram(source, in: environment(variables))
        var activation = CELActivation(variables: values, fields: fields, budget: budget)
        do throws(CELError) {
            return .success(try program.evaluate(&activation))
        } catch {
            return .failure(error)
        }
    }

    /// The value of `source`; records an issue and returns nil for an error.
    static func value(_ source: String, _ variables: [(String, CELType)] = [], values: [CELValue] = [],
                      fields: [CELValue?] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> CELValue? {
        switch try evaluate(source, variables, values: values, fields: fields) {
        case .success(let value): return value
        case .failure(let error):
            Issue.record("\(source): \(error.kind.rawValue): \(error.message)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The kind of error `source` raises; nil (and an issue) when it gives a value.
    static func errorKind(_ source: String, _ variables: [(String, CELType)] = [], values: [CELValue] = [],
                          fields: [CELValue?] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> CELError.Kind? {
        switch try evaluate(source, variables, values: values, fields: fields) {
        case .success(let value):
            Issue.record("\(source) gave \(CELTestSupport.render(value)), not an error", sourceLocation: sourceLocation)
            return nil
        case .failure(let error): return error.kind
        }
    }

    /// `source` evaluated, rendered; `error(kind)` for an error.
    static func outcome(_ source: String, _ variables: [(String, CELType)] = [], values: [CELValue] = [],
                        fields: [CELValue?] = []) throws -> String {
        switch try evaluate(source, variables, values: values, fields: fields) {
        case .success(let value): CELTestSupport.render(value)
        case .failure(let error): "error(\(error.kind.rawValue))"
        }
    }
}
