/// A nested model: an object (or, in lax mode, PHP's empty array `[]`) converted property by
/// property; a discriminator hands the object to the model its tag selects.
final class ModelConverter: ValueConverter {
    /// Unmanaged: the referring model's `MetaGroup` keeps this model alive, and a call borrows
    /// it without reference counting.
    let model: Unmanaged<ModelMeta>
    let strict: Bool

    init(meta: ModelMeta, strict: Bool) {
        self.model = Unmanaged.passUnretained(meta)
        self.strict = strict
    }

    func convert(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        model._withUnsafeGuaranteedRef { $0.convertValue(node, strict: strict, &ctx) }
    }
}
