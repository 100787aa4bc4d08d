/// One example payload of a model (SPEC §11): an input, and optionally what converting it must
/// give, either the normalized document or the errors. Declared under `examples:` in the schema
/// file or as files in a `<Model>.examples/` folder beside it; replayed through a candidate
/// version and run by `convertd test`.
public struct ModelExample: Sendable, Hashable {
    /// Unique within the model: `example N` (1-based) when the schema does not name it, the
    /// file's name without `.json` for an example file.
    public var name: String
    /// The payload, as JSON.
    public var input: JSONValue
    /// What converting `input` must give; nil: it must convert, whatever the document.
    public var expected: Expected?

    public init(name: String, input: JSONValue, expected: Expected? = nil) {
        self.name = name
        self.input = input
        self.expected = expected
    }

    /// What an example expects.
    public enum Expected: Sendable, Hashable {
        /// The normalized document; objects compare whatever the order of their members.
        case output(JSONValue)
        /// The errors, by path and code, in any order.
        case errors([ExpectedError])
    }

    /// One error an example expects, as the conversion reports it.
    public struct ExpectedError: Sendable, Hashable, Comparable {
        /// JSON Pointer into the output document.
        public var path: String
        /// The error code clients see (a rule's own `code` when it has one).
        public var code: String

        public init(path: String, code: String) {
            self.path = path
            self.code = code
        }

        public static func < (a: ExpectedError, b: ExpectedError) -> Bool {
            (a.path, a.code) < (b.path, b.code)
        }

        /// `{"path":…,"code":…}`.
        public var json: JSONValue { .object([.init("path", .string(path)), .init("code", .string(code))]) }
    }

    /// Longest example name, in bytes: names are printed one per line by `convertd test`.
    public static let maxNameBytes = 128

    /// Whether `name` may name an example: not empty, at most `maxNameBytes`, no control characters.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maxNameBytes && name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
    }
}

/// Reads the parts of an example that a schema's `examples:` entry and an example file share.
enum ExampleReader {
    /// The expected errors `value` lists, a non-empty list of `{ path, code }`; or what is wrong with it.
    static func errors(_ value: JSONValue) -> Result<[ModelExample.ExpectedError], ExampleProblem> {
        let entry = "{ path: <JSON Pointer>, code: <snake_case code> }"
        guard case .array(let items) = value, !items.isEmpty else { return .failure(ExampleProblem("must be a non-empty list of \(entry)")) }
        var errors: [ModelExample.ExpectedError] = []
        for (index, item) in items.enumerated() {
            let number = index + 1
            guard case .object(let members) = item, case .string(let path)? = item["path"], case .string(let code)? = item["code"] else {
                return .failure(ExampleProblem("entry \(number) must be \(entry)"))
            }
            if let extra = members.first(where: { $0.key != "path" && $0.key != "code" }) {
                return .failure(ExampleProblem("entry \(number) has unknown option '\(extra.key)'"))
            }
            guard path.isEmpty || path.hasPrefix("/") else {
                return .failure(ExampleProblem("entry \(number): 'path' must be a JSON Pointer such as /price"))
            }
            guard RuleDefinition.isValidCode(code) else {
                return .failure(ExampleProblem("entry \(number): 'code' must be snake_case ([a-z][a-z0-9_]*, at most 64 characters)"))
            }
            errors.append(.init(path: path, code: code))
        }
        return .success(errors)
    }
}

/// What is wrong with an example's expected errors, said after what names them.
struct ExampleProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
