/// A model resolved once for a run of conversions, such as the elements of a streamed body:
/// every conversion uses this same compiled model, kept alive by the handle, even when a
/// schema change replaces or removes the model meanwhile.
public struct CompiledModel: Sendable {
    let entry: MetaCache.Entry

    /// The model's name.
    public var name: String { entry.meta.name }
}
