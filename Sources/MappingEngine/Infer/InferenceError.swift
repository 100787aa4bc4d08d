/// Why no schema could be inferred, with a stable snake_case code.
public struct InferenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stable codes.
    public enum Code: String, Sendable, CaseIterable {
        /// A sample is not JSON (`syntax` says where).
        case badJSON = "bad_json"
        /// A sample nests deeper than the parser's depth limit.
        case tooDeep = "too_deep"
        /// The input is empty or blank.
        case emptyBody = "empty_body"
        /// The model name is not `[A-Za-z_][A-Za-z0-9_]*`, or is a built-in type's name.
        case invalidModelName = "invalid_model_name"
        /// No sample is an object: there is nothing to infer a model from.
        case noSamples = "no_samples"
        /// The samples need more than an `InferenceLimits` cap allows.
        case tooComplex = "too_complex"

        /// What the code means, for the reference; nil for the codes a sample's syntax gives
        /// (`bad_json`, `too_deep`, `empty_body`), which are `ErrorCode`'s and documented there.
        public var meaning: String? {
            switch self {
            case .badJSON, .tooDeep, .emptyBody: nil
            case .invalidModelName:
                "`POST /infer` without `model`, or with one that is not `[A-Za-z_][A-Za-z0-9_]*` or is a built-in type's name."
            case .noSamples: "No sample in the body is a JSON object: there is nothing to infer a model from."
            case .tooComplex:
                "The samples need more than inference takes: more distinct keys, positions or models than `InferenceLimits` allows."
            }
        }

        /// An error with this code, as inference reports it; nil where `meaning` is.
        public var example: InferenceError? {
            switch self {
            case .badJSON, .tooDeep, .emptyBody: nil
            case .invalidModelName: .invalidModelName("9lives")
            case .noSamples: .noSamples
            case .tooComplex: .tooComplex("more than \(InferenceLimits().maxModels) models (InferenceLimits.maxModels)")
            }
        }
    }

    public var code: Code
    public var message: String
    /// Where the input stopped being JSON, for `bad_json`, `too_deep` and `empty_body`; for
    /// NDJSON its line is the input line and its column is counted within that line.
    public var syntax: JSONSyntaxError?

    public init(_ code: Code, _ message: String, syntax: JSONSyntaxError? = nil) {
        self.code = code
        self.message = message
        self.syntax = syntax
    }

    /// The error of a sample that could not be parsed.
    public init(syntax: JSONSyntaxError) {
        let code = Code(rawValue: syntax.code) ?? .badJSON
        self.init(code, syntax.message, syntax: syntax)
    }

    public var description: String {
        if let syntax { return "\(code.rawValue) at line \(syntax.line), column \(syntax.column): \(message)" }
        return "\(code.rawValue): \(message)"
    }

    static func invalidModelName(_ name: String) -> InferenceError {
        InferenceError(.invalidModelName, "'\(name)' is not a valid model name: [A-Za-z_][A-Za-z0-9_]*, not a built-in type name")
    }

    static var noSamples: InferenceError {
        InferenceError(.noSamples, "no sample is a JSON object: send an object, an array of objects, or NDJSON lines of objects")
    }

    static func tooComplex(_ what: String) -> InferenceError {
        InferenceError(.tooComplex, "the samples need \(what); infer from fewer or more uniform samples")
    }
}
