/// A union (`string | Author`): the input's JSON type picks the one branch that takes it
/// (`UnionBranches`), in one table lookup built at compile time; a type no branch takes is
/// `type_mismatch`, naming the union.
final class UnionConverter: ValueConverter {
    /// The branches' converters, which `table` points at unmanaged.
    private let cells: [ConverterCell]
    /// The branch to call for each `JSONKind`, by raw value; nil where no branch takes the type.
    private let table: [ConverterCall?]
    /// The union as the schema writes it, without its `?`, for messages.
    private let expected: String
    /// A string branch keeps the lax null words (`nil`, `<null>`…) as text, as it would alone.
    let keepsNullWords: Bool

    init(branches: [(converter: any ValueConverter, types: UnionBranches.Types)], expected: String) {
        let cells = branches.map { ConverterCell($0.converter) }
        var table = [ConverterCall?](repeating: nil, count: Int(JSONKind.object.rawValue) + 1)
        for raw in table.indices {
            guard let kind = JSONKind(rawValue: UInt8(raw)),
                  let index = branches.firstIndex(where: { $0.types.contains(UnionBranches.Types(kind)) && kind != .null }) else { continue }
            table[raw] = ConverterCall(cells[index])
        }
        self.cells = cells
        self.table = table
        self.expected = expected
        keepsNullWords = branches.contains { $0.converter.keepsNullWords }
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        guard let branch = table[Int(ctx.document[node].kind.rawValue)] else {
            ctx.typeMismatch(node, expected: expected)
            return false
        }
        return branch.convert(node, &ctx)
    }
}
