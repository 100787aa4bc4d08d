/// Names the models of one inferred schema and keeps one model per distinct body: a nested
/// object is named after its parent and its key in PascalCase (`User` + `home_address` →
/// `UserHomeAddress`), and a position whose model equals one already named reuses that name.
struct ModelNaming {
    /// Models named so far, in the order they were completed (nested ones first).
    private(set) var models: [InferredModel] = []
    private var names: Set<String>
    private var byBody: [InferredModel.Body: String] = [:]
    private let maxModels: Int

    /// The longest suggested name; longer ones are cut, then made unique with a number.
    static let maxNameLength = 120
    /// The most a key adds to its parent's name.
    static let maxKeyPartLength = 40

    /// Reserves `root`, the name the caller chose, which no nested model can take.
    init(root: String, maxModels: Int) {
        names = [root]
        self.maxModels = maxModels
    }

    /// The suggested name of the model at `key` of the model `parent`.
    static func suggestion(parent: String, key: String) -> String {
        let words = KeyStyle.pascalCase.key(for: key).unicodeScalars.filter { $0.isASCII && ModelName.isWordByte(UInt8($0.value)) }
        let part = words.isEmpty ? "Value" : String(String.UnicodeScalarView(words.prefix(maxKeyPartLength)))
        return String((parent + part).prefix(maxNameLength))
    }

    /// The name of a model with `body`: the name of an equal model named before, or `suggestion`
    /// (made unique) for a new one.
    mutating func name(for body: InferredModel.Body, suggestion: String) throws(InferenceError) -> String {
        if let existing = byBody[body] { return existing }
        // The root, added last, counts as one.
        guard models.count + 1 < maxModels else {
            throw .tooComplex("more than \(maxModels) models (InferenceLimits.maxModels)")
        }
        var name = suggestion
        var suffix = 2
        while names.contains(name) || TypeRef.reservedNames.contains(name) {
            name = suggestion + String(suffix)
            suffix += 1
        }
        names.insert(name)
        byBody[body] = name
        models.append(InferredModel(name: name, body: body))
        return name
    }

    /// Adds the root model under its reserved name; it is never shared with another position.
    mutating func addRoot(_ name: String, body: InferredModel.Body) {
        models.append(InferredModel(name: name, body: body))
    }
}
