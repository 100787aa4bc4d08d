/// A payload value that shows why two union branches overlap: of a JSON type both take, and
/// where one exists, one that both convert in strict mode, so the load error's example is a
/// real input either branch would claim (`int64 | double`: `1`; `string | url`: a URL).
enum UnionWitness {
    /// Values tried for each JSON type, in order: the first both branches convert wins, else the first.
    private static let candidates: [(type: UnionBranches.Types, values: [JSONValue])] = [
        (.boolean, [.bool(true)]),
        (.number, [.number("1"), .number("1.5")]),
        (.string, [.string("text"), .string("https://example.com/"), .string("2024-05-17T00:00:00Z"), .string("aGVsbG8="), .string("1")]),
        (.array, [.array([])]),
        (.object, [.object([])]),
    ]

    /// A value of one of `shared` (the types both take) that reaches `first` and `second`.
    static func value(_ shared: UnionBranches.Types, _ first: TypeRef, _ second: TypeRef, formats: [DateFormat]?) -> JSONValue {
        guard let values = candidates.first(where: { shared.contains($0.type) })?.values else { return .null }
        // A model, container or `any` takes every value of its type as far as choosing goes:
        // only scalars are tried.
        let converters = [first, second].compactMap { UnionBranches.probe($0.kind, formats: formats) }
        return values.first { value in
            converters.allSatisfy {
                if case .success = ConstantConverter.output(of: value, through: $0, nullable: false) { true } else { false }
            }
        } ?? values[0]
    }
}
