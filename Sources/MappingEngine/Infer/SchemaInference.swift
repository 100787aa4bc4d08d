/// Infers a schema file from sample payloads, for `convertd infer` and `POST /infer`: one model
/// (and its nested models) that converts every sample given, in lax mode, without an error.
///
/// Add parsed documents one by one — an object is one sample, an array gives one per object
/// element — then ask for the file's text. What each position of the samples showed decides its
/// type: integers widen `int64` → `uint64` → `decimal`, fractions make `double` (or `decimal`
/// when a double would lose digits), numbers and booleans sent as strings take their value's
/// type, dates in the §3.3 formats become `date` with those `formats`, `scheme://` strings
/// `url`; a few strings seen repeatedly become a guessed `enum`; a key present in every sample
/// is `required`, a null makes the type nullable. Nested objects become models named after
/// their parent and key (one per distinct shape), the elements of arrays one model, objects
/// whose keys are data a `map`; camelCase property names read their snake_case, kebab-case,
/// PascalCase or UPPER_SNAKE keys through the model's `keys` style, with `from` where a key
/// does not fit. Output is deterministic: the same samples in the same order give the same bytes.
///
/// Costs are bounded by `InferenceLimits`; after an error the inference keeps failing with it.
public struct SchemaInference: Sendable {
    /// The file syntaxes the schema can be written in.
    public enum Format: String, Sendable, CaseIterable {
        case yaml, json
    }

    /// The root model's name.
    public let model: String
    public let limits: InferenceLimits
    /// Objects added as samples.
    public private(set) var sampleCount = 0
    /// Values added that were not objects (a top-level scalar, an array element that is not an
    /// object), and so not samples.
    public private(set) var skippedCount = 0
    private var table: ShapeTable
    private var failure: InferenceError?

    /// An inference of the model `model`; throws `invalid_model_name` unless it is a valid model
    /// name (`[A-Za-z_][A-Za-z0-9_]*`, not a built-in type).
    public init(model: String, limits: InferenceLimits = InferenceLimits()) throws(InferenceError) {
        guard ModelName.isValid(model), !TypeRef.reservedNames.contains(model) else { throw .invalidModelName(model) }
        self.model = model
        self.limits = limits
        table = ShapeTable(limits: limits)
    }

    /// Adds the samples of a parsed document: the root object, or each object of a root array.
    public mutating func add(_ document: JSONDocument) throws(InferenceError) {
        if let failure { throw failure }
        do {
            let root = document[0]
            switch root.kind {
            case .object:
                try table.record(document, 0, into: 0, depth: 0)
                sampleCount += 1
            case .array:
                var element = 1
                for _ in 0..<Int(root.length) {
                    if document[element].kind == .object {
                        try table.record(document, element, into: 0, depth: 0)
                        sampleCount += 1
                    } else {
                        skippedCount += 1
                    }
                    element = Int(document[element].end)
                }
            default:
                skippedCount += 1
            }
        } catch {
            failure = error
            throw error
        }
    }

    /// The schema file's text: YAML (with the guesses as comments) or pretty JSON (with them as
    /// descriptions). Throws `no_samples` when no object was added, `too_complex` over a limit.
    public func schema(_ format: Format) throws(InferenceError) -> String {
        if let failure { throw failure }
        guard sampleCount > 0 else { throw .noSamples }
        var resolver = ShapeResolver(table: table, root: model)
        return InferredSchema(models: try resolver.models(), samples: sampleCount).text(format)
    }
}
