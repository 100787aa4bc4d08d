/// What converting one example gave, in the terms replay and checks compare: the normalized
/// document's bytes (convertd's canonical minified output), or the errors by path and code.
enum ExampleOutcome: Equatable {
    case output([UInt8])
    case errors([ModelExample.ExpectedError])

    /// The code of an example whose model the engine does not serve, as the service answers it.
    static let unknownModel = "unknown_schema"

    /// `example`'s input converted by `engine` with `model`.
    init(_ example: ModelExample, model: String, engine: Engine, options: ConversionOptions) {
        switch engine.convert(example.input.jsonBytes, model: model, options: options) {
        case .success(let bytes, _, _): self = .output(bytes)
        case .failure(let errors): self = .errors(errors.map { .init(path: $0.path, code: $0.codeText) })
        // An input from a JSON tree is well-formed; only the parser's depth can refuse it.
        case .malformed(let error): self = .errors([.init(path: "", code: error.code)])
        case .unknownModel: self = .errors([.init(path: "", code: ExampleOutcome.unknownModel)])
        }
    }

    /// Whether two outcomes are the same answer: equal bytes, or the same errors in any order
    /// (a reordered property reorders its errors without changing what a client is told).
    func same(as other: ExampleOutcome) -> Bool {
        switch (self, other) {
        case (.output(let a), .output(let b)): a == b
        case (.errors(let a), .errors(let b)): a.sorted() == b.sorted()
        default: false
        }
    }

    /// The answer as minified JSON: the document, or `{"errors":[{"path":…,"code":…},…]}`.
    var text: String {
        switch self {
        case .output(let bytes): String(decoding: bytes, as: UTF8.self)
        case .errors(let errors): ExampleOutcome.errorsValue(errors).jsonText
        }
    }

    /// The answer as a JSON tree; nil only for output the parser cannot take back, which
    /// convertd never writes.
    var value: JSONValue? {
        switch self {
        case .output(let bytes): try? JSONValue(parsing: String(decoding: bytes, as: UTF8.self))
        case .errors(let errors): ExampleOutcome.errorsValue(errors)
        }
    }

    /// `{"errors":[{"path":…,"code":…},…]}`.
    static func errorsValue(_ errors: [ModelExample.ExpectedError]) -> JSONValue {
        .object([.init("errors", .array(errors.map(\.json)))])
    }

    /// `text` indented for people, two spaces a level.
    static func pretty(_ minified: String) -> String {
        let bytes = Array(minified.utf8)
        return String(decoding: bytes.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) }, as: UTF8.self)
    }
}
