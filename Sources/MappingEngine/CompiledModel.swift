/// A model resolved once for a run of conversions, such as the elements of a streamed body:
/// every conversion uses this same compiled model, kept alive by the handle, even when a
/// schema change replaces or removes the model meanwhile.
public struct CompiledModel: Sendable {
    let entry: MetaCache.Entry

    /// The model's name.
    public var name: String { entry.meta.name }

    /// What its answers must say when its version is deprecated or disabled; nil while active.
    public var notice: VersionNotice? { entry.notice }

    /// Whether every answer is explained (`unknownKeys: report`), asked or not.
    public var alwaysExplained: Bool { entry.meta.unknownKeys == .report }

    /// The options its conversions run with: a model with `unknownKeys: report` lists the keys
    /// nothing read in every answer, so its answers are explained as if `explain` were asked.
    func answering(_ asked: ConversionOptions) -> ConversionOptions {
        guard !asked.explain, entry.meta.unknownKeys == .report else { return asked }
        var options = asked
        options.explain = true
        return options
    }
}
