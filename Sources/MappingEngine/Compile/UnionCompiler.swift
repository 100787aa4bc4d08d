extension Compiler {
    /// A union's converter: each branch compiled as a property of its type would be, reached by
    /// the JSON types it takes. Nil when two branches take the same JSON type (a schema error
    /// naming both, with a value that reaches both) or a branch does not compile.
    mutating func unionConverter(_ union: TypeRef, _ branches: [TypeRef], _ property: PropertyDefinition,
                                 in model: ResolvedModel) -> (any ValueConverter)? {
        // The scalar checks do not fit a union (`checkOptionsFit` says so once); left on, each
        // branch would report them again.
        var bare = property
        (bare.enumValues, bare.values, bare.pattern, bare.minLength, bare.maxLength) = (nil, nil, nil, nil, nil)
        (bare.minimum, bare.maximum, bare.exclusiveMinimum, bare.exclusiveMaximum) = (nil, nil, nil, nil)
        var typed: [(converter: any ValueConverter, types: UnionBranches.Types)] = []
        let outer = inUnionBranch
        inUnionBranch = true
        defer { inUnionBranch = outer }
        var claimed: [(branch: TypeRef, types: UnionBranches.Types)] = []
        for branch in branches {
            let types = UnionBranches.types(of: branch, formats: property.formats)
            // A union's branches are at most five (one per JSON type), so this search is short;
            // past the first overlap the rest is not compiled.
            if let earlier = claimed.first(where: { !$0.types.isDisjoint(with: types) }) {
                let shared = earlier.types.intersection(types)
                let witness = UnionWitness.value(shared, earlier.branch, branch, formats: property.formats)
                let names = shared.names.joined(separator: " and ")
                fail(model, property.name, "union '\(TypeRef(union.kind))': branches '\(earlier.branch)' and '\(branch)' both take a JSON \(names), "
                    + "so the input's type cannot choose between them (\(witness.jsonText) reaches both)")
                return nil
            }
            claimed.append((branch, types))
            guard let converter = converter(for: branch, bare, in: model) else { return nil }
            typed.append((converter, types))
        }
        return UnionConverter(branches: typed, expected: TypeRef(union.kind).description)
    }
}
