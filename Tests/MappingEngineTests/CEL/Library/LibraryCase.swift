import CEL
import Testing

/// One call of a library function, made the way the evaluator makes it (by name, style and
/// arity through `CELLibrary.standard`), so the extensions are tested without the parser.
struct LibraryCase: Sendable, CustomTestStringConvertible {
    /// The call as CEL writes it: the test's name.
    var expression: String
    var function: String
    var style: CELFunction.Style
    var arguments: [CELValue]
    /// The result as `CELTestSupport.render` writes it, or `error(kind)`.
    var expected: String

    var testDescription: String { expression }

    /// `receiver.function(arguments…)`.
    static func method(_ expression: String, _ function: String, _ arguments: CELValue..., is expected: String) -> LibraryCase {
        LibraryCase(expression: expression, function: function, style: .receiver, arguments: arguments, expected: expected)
    }

    /// `function(arguments…)`, namespaced ones (`math.abs`) included.
    static func global(_ expression: String, _ function: String, _ arguments: CELValue..., is expected: String) -> LibraryCase {
        LibraryCase(expression: expression, function: function, style: .global, arguments: arguments, expected: expected)
    }

    /// What the call gives, or nil when the library has no such function.
    func evaluate() -> Result<CELValue, CELError>? {
        guard let function = CELLibrary.standard.function(function, style, arity: arguments.count) else { return nil }
        do throws(CELError) {
            switch function.body {
            case .unary(let body): return .success(try body(arguments[0]))
            case .binary(let body): return .success(try body(arguments[0], arguments[1]))
            case .ternary(let body): return .success(try body(arguments[0], arguments[1], arguments[2]))
            case .variadic(let body): return .success(try body(arguments))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The call's value, or nil for an error.
    func value() -> CELValue? {
        try? evaluate()?.get()
    }

    /// What the call gives, rendered: `error(kind)` for an error, `unregistered` when the
    /// library has no such function.
    func outcome() -> String {
        switch evaluate() {
        case .success(let value): CELTestSupport.render(value)
        case .failure(let error): "error(\(error.kind.rawValue))"
        case nil: "unregistered"
        }
    }
}
