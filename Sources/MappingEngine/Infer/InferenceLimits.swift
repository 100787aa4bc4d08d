/// What one inference may cost and produce, so that any input — however deep, wide or varied —
/// is answered in time and memory proportional to its size, with a usable schema or a clear
/// `too_complex` error.
///
/// Past `maxDepth` and `maxProperties` the inference widens (to `any`, to a map); past
/// `maxFields` and `maxModels` it stops with `too_complex`, as a schema that large is no use.
public struct InferenceLimits: Sendable, Hashable {
    /// Containers nested deeper than this are typed `any` (passed through verbatim) instead of
    /// being followed; the root object is depth 0.
    public var maxDepth = 64
    /// An object position with more distinct keys than this is typed as a map: its keys are
    /// data. Over it at the top level, where a model is needed, the inference fails.
    public var maxProperties = 1000
    /// Distinct value positions (each key of each object shape, each array's elements) tracked
    /// over all samples; more fails with `too_complex`.
    public var maxFields = 20_000
    /// Models in the schema, after identical shapes are merged; more fails with `too_complex`.
    public var maxModels = 1000
    /// Distinct strings an `enum` may list.
    public var maxEnumValues = 8
    /// The longest string, in UTF-8 bytes, an `enum` may list.
    public var maxEnumValueBytes = 32
    /// Observations an `enum` needs: at least this many strings, and twice as many as it lists,
    /// so every value it lists was seen more than once on average.
    public var minEnumObservations = 4
    /// An object position with at least this many distinct keys whose values all share one
    /// shape is typed as a map, whatever its keys look like.
    public var mapMinKeys = 32

    public init() {}
}
