/// A payload that gets one `ErrorCode`, and the model it is converted to: the example the
/// reference gives for the code. `convertd reference errors` converts it and prints the entry
/// the client gets, so the examples in the README are the engine's own answers, and a test
/// checks that each one gets the code it stands for.
public struct ErrorExample: Sendable {
    /// The name of the model every example converts to.
    public static let model = "Example"

    /// A schema file in YAML that defines `Example` (and any model it needs).
    public let schema: String
    /// The body converted to `Example`.
    public let payload: String
    /// The options it is converted with: a small `maxDepth` or `maxErrors` where the example needs one.
    public let options: ConversionOptions
    /// When set, the payload is converted as a streamed array (`ArrayConversion`) whose elements
    /// may hold at most this many bytes.
    public let maxElementBytes: Int?

    public init(schema: String, payload: String, options: ConversionOptions = .init(), maxElementBytes: Int? = nil) {
        self.schema = schema
        self.payload = payload
        self.options = options
        self.maxElementBytes = maxElementBytes
    }

    /// `payload` converted to a model with the properties given as `name: declaration` lines in
    /// YAML (`stars: { type: uint8, maximum: 5 }`), and `modelOptions` lines above them.
    static func properties(_ lines: [String], modelOptions: [String] = [], payload: String, options: ConversionOptions = .init(),
                           maxElementBytes: Int? = nil) -> ErrorExample {
        let model = modelOptions.map { "  \($0)\n" }.joined() + "  properties:\n" + lines.map { "    \($0)\n" }.joined()
        return ErrorExample(schema: "\(ErrorExample.model):\n" + model, payload: payload, options: options, maxElementBytes: maxElementBytes)
    }

    /// The same example with more models in its schema file (YAML).
    func adding(_ models: String) -> ErrorExample {
        ErrorExample(schema: schema + models, payload: payload, options: options, maxElementBytes: maxElementBytes)
    }

    /// `payload` converted to a model with one property, `name: declaration`.
    static func property(_ line: String, payload: String) -> ErrorExample {
        properties([line], payload: payload)
    }
}
