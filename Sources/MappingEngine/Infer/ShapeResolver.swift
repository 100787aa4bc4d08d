/// Decides the schema from what the samples showed: the one place that turns positions into
/// types. Works on its own copy of the table, as telling a map from a model merges positions.
struct ShapeResolver {
    var table: ShapeTable
    private var naming: ModelNaming
    private let root: String
    private var limits: InferenceLimits { table.limits }

    init(table: ShapeTable, root: String) {
        self.table = table
        self.table.allowGrowth()
        self.root = root
        naming = ModelNaming(root: root, maxModels: table.limits.maxModels)
    }

    /// The models: the root first, then each in the order properties first refer to it.
    mutating func models() throws(InferenceError) -> [InferredModel] {
        guard !table[0].isMap else {
            throw .tooComplex("more than \(limits.maxProperties) distinct keys at the top level, where a model is needed (InferenceLimits.maxProperties)")
        }
        naming.addRoot(root, body: try modelBody(of: 0, name: root))
        return ShapeResolver.ordered(naming.models, root: root)
    }

    /// What one position resolves to: its type and the options that go with it.
    struct Resolved {
        var type: TypeRef
        var enumValues: [String]?
        var formats: [DateFormat]?
        var note: String?
        /// A name/value list read as a map.
        var pairs: PairsDefinition?

        static func any(nullable: Bool, _ note: String) -> Resolved {
            Resolved(type: TypeRef(.any, nullable: nullable), note: note)
        }
    }

    /// The type of position `index`; `suggestion` names the model it may need.
    mutating func resolve(_ index: Int, suggestion: String) throws(InferenceError) -> Resolved {
        let shape = table[index]
        if shape.deepContainers > 0 {
            return .any(nullable: shape.nulls > 0, "any: nested deeper than \(limits.maxDepth) levels, passed through as it is")
        }
        guard shape.objects + shape.arrays > 0 else { return scalarType(shape) }
        // Beside a container, a scalar other than a null word leaves only `any`, which keeps null
        // words as text; for the container types they are null.
        let nullable = shape.nulls > 0 || shape.scalars.nullWords > 0
        if shape.scalars.valueCount > 0 {
            return .any(nullable: shape.nulls > 0, "any: the samples mix \(shape.objects > 0 ? "objects" : "arrays") and other values")
        }
        if shape.objects > 0 && shape.arrays > shape.emptyArrays {
            return .any(nullable: shape.nulls > 0, "any: the samples mix objects and arrays")
        }
        var resolved: Resolved
        if shape.objects > 0 {
            resolved = try objectType(index, suggestion: suggestion)
            // An empty array is a model's empty object (PHP's), but a map does not take it.
            if shape.arrays > 0, case .map = resolved.type.kind {
                return .any(nullable: shape.nulls > 0, "any: the samples mix maps and arrays")
            }
        } else if shape.elements >= 0 {
            resolved = try resolve(shape.elements, suggestion: suggestion)
            resolved.type = TypeRef(.array(resolved.type))
            resolved = try reshaped(resolved, list: index, suggestion: suggestion)
        } else {
            resolved = Resolved(type: TypeRef(.array(TypeRef(.any))), note: "array<any>: only empty arrays in the samples")
        }
        resolved.type.nullable = nullable
        return resolved
    }

    /// The type of a position that saw scalars and nulls only.
    private func scalarType(_ shape: Shape) -> Resolved {
        guard shape.scalars.count > 0 else { return .any(nullable: true, "any: only null in the samples") }
        let verdict = shape.scalars.verdict(limits: limits)
        let nullable = shape.nulls > 0 || (verdict.nullWordsAreNull && shape.scalars.nullWords > 0) || verdict.blanksAreNull
        var resolved = Resolved(type: TypeRef(verdict.kind, nullable: nullable), enumValues: verdict.enumValues, formats: verdict.formats)
        if let mixed = verdict.mixed {
            resolved.note = "string: the samples mix \(ShapeResolver.list(mixed))"
        } else if verdict.enumValues != nil {
            resolved.note = "guess: enum of the values seen"
        }
        return resolved
    }

    /// The type of a position that saw objects: a map when its keys are data, else a model.
    private mutating func objectType(_ index: Int, suggestion: String) throws(InferenceError) -> Resolved {
        let shape = table[index]
        if shape.isMap {
            return try map(of: shape.mapValues, suggestion: suggestion,
                           note: "guess: map, more than \(limits.maxProperties) distinct keys")
        }
        let keys = shape.fields.map(\.key)
        let dataKeys = keys.allSatisfy(ShapeResolver.isDataKey)
        if !keys.isEmpty && (dataKeys || keys.count >= limits.mapMinKeys) {
            let mark = table.count
            let values = try table.mergedValues(of: index)
            if isUniform(table[values]) {
                return try map(of: values, suggestion: suggestion,
                               note: dataKeys ? "guess: map, its keys look like data" : "guess: map, \(keys.count) keys whose values share one shape")
            }
            // Not a map: without this, each level of nested wide models would re-merge its subtree
            // into positions kept for nothing, and run out of room on samples well under the limits.
            table.discard(from: mark)
        }
        let body = try modelBody(of: index, name: suggestion)
        return Resolved(type: TypeRef(.model(try naming.name(for: body, suggestion: suggestion))))
    }

    private mutating func map(of values: Int, suggestion: String, note: String) throws(InferenceError) -> Resolved {
        var resolved = try resolve(values, suggestion: suggestion)
        resolved.type = TypeRef(.map(resolved.type))
        resolved.note = resolved.note.map { note + "; " + $0 } ?? note
        return resolved
    }

    /// The properties of the model at position `index`, named `name`.
    private mutating func modelBody(of index: Int, name: String) throws(InferenceError) -> InferredModel.Body {
        let shape = table[index]
        let naming = PropertyNaming(keys: shape.fields.map(\.key))
        var properties: [InferredProperty] = []
        for (field, named) in zip(shape.fields, naming.properties) {
            let resolved = HostnameGuess.refine(try resolve(field.shape, suggestion: ModelNaming.suggestion(parent: name, key: field.key)),
                                                key: field.key, scalars: table[field.shape].scalars)
            properties.append(InferredProperty(
                name: named.name, type: resolved.type, from: named.from, required: field.present == shape.objects,
                enumValues: resolved.enumValues, formats: resolved.formats, note: resolved.note, pairs: resolved.pairs))
        }
        return InferredModel.Body(keys: naming.style, properties: properties)
    }

    /// Whether the values of a would-be map share one shape: one kind of value (nulls aside),
    /// scalars of one type, and objects most of whose keys every one of them has.
    private func isUniform(_ shape: Shape) -> Bool {
        guard shape.deepContainers == 0 else { return false }
        let kinds = [shape.objects > 0, shape.arrays > 0, shape.scalars.valueCount > 0].count { $0 }
        guard kinds == 1 else { return false }
        if shape.scalars.valueCount > 0 { return shape.scalars.verdict(limits: limits).mixed == nil }
        if shape.objects > 0 && !shape.isMap {
            return 2 * shape.fields.count { $0.present == shape.objects } >= shape.fields.count
        }
        return true
    }

    /// Whether a key reads as data rather than a property name: it starts with a digit
    /// (`"3952070245"`, `"2015-09-16"`), or it is an id or a hash — 16 or more letters, digits
    /// and hyphens with both letters and digits (`"eb8fce65jw1ew466loxu0j20hs0dc755"`, a UUID).
    static func isDataKey(_ key: String) -> Bool {
        let bytes = key.utf8
        guard let first = bytes.first else { return false }
        if ScalarASCII.isDigit(first) { return true }
        guard bytes.count >= 16,
              bytes.allSatisfy({ ScalarASCII.isDigit($0) || ScalarASCII.isLetter($0) || $0 == UInt8(ascii: "-") }) else { return false }
        return bytes.contains(where: ScalarASCII.isDigit) && bytes.contains(where: ScalarASCII.isLetter)
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `models` from `root` down, each after the first property that refers to it.
    private static func ordered(_ models: [InferredModel], root: String) -> [InferredModel] {
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var order: [InferredModel] = []
        var seen: Set<String> = []
        var pending = [root]
        // Depth-first, first reference first: a stack fed in reverse.
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let model = byName[name] else { continue }
            order.append(model)
            let referenced = model.body.properties.flatMap(\.type.modelNames).filter { !seen.contains($0) }
            pending.append(contentsOf: referenced.reversed())
        }
        return order
    }
}
