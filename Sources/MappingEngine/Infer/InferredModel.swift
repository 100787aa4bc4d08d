/// One model of an inferred schema, before it is written as a file.
struct InferredModel: Sendable, Hashable {
    var name: String
    var body: Body

    /// Everything but the name: two positions whose bodies are equal share one model.
    struct Body: Sendable, Hashable {
        var keys: KeyStyle
        var properties: [InferredProperty]
    }
}

/// One property of an inferred model.
struct InferredProperty: Sendable, Hashable {
    var name: String
    var type: TypeRef
    /// The input key, when the model's key style does not map the name to it.
    var from: String?
    var required: Bool
    /// A guessed closed set of strings.
    var enumValues: [String]?
    /// The date formats the samples used.
    var formats: [DateFormat]?
    /// What a reader should know about the type: a guess or a widening, one line.
    var note: String?
    /// A name/value list read as a map (reshaping).
    var pairs: PairsDefinition? = nil
}
