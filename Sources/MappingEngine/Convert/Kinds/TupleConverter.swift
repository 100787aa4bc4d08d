/// A model with `tuple: true`: read from a positional array, element i into property i
/// (SPEC §9, reshaping). Chosen by the compiler in place of `ModelConverter`, so models that
/// are not tuples pay nothing for it.
final class TupleConverter: ValueConverter {
    /// Unmanaged: the referring model's `MetaGroup` keeps this model alive.
    let model: Unmanaged<ModelMeta>

    init(meta: ModelMeta) {
        model = Unmanaged.passUnretained(meta)
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        model._withUnsafeGuaranteedRef { $0.convertTuple(node, &ctx) }
    }
}
