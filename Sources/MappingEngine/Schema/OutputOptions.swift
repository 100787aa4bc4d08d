/// How values are written for clients (SPEC §10): numbers that JavaScript would round as
/// strings, the form of dates, the output key style, and whether null members are kept.
///
/// Every option is optional: a block says only what it sets, and blocks are laid over each
/// other (`OutputOptions.laid(over:)`) from the model's default up to the request's profile.
/// An empty set of options writes exactly what convertd writes without any.
public struct OutputOptions: Sendable, Hashable {
    /// `int64` properties: a JSON number or its digits in a string.
    public var int64: NumberForm?
    /// `uint64` properties.
    public var uint64: NumberForm?
    /// `decimal` properties, by their digits either way.
    public var decimal: NumberForm?
    /// `date` properties (instants); `localDate` and `time` are not instants and keep their text.
    public var date: DateForm?
    /// The output names of a model's properties.
    public var keys: OutputKeyStyle?
    /// Members whose value is null: written, or left out.
    public var nulls: NullForm?

    public init(int64: NumberForm? = nil, uint64: NumberForm? = nil, decimal: NumberForm? = nil, date: DateForm? = nil,
                keys: OutputKeyStyle? = nil, nulls: NullForm? = nil) {
        self.int64 = int64
        self.uint64 = uint64
        self.decimal = decimal
        self.date = date
        self.keys = keys
        self.nulls = nulls
    }

    /// A number written as a JSON number or as a string of its digits.
    public enum NumberForm: String, Sendable, CaseIterable { case number, string }

    /// Whether null members are written or left out.
    public enum NullForm: String, Sendable, CaseIterable { case keep, omit }

    /// These options, with every option they leave unset taken from `base`.
    public func laid(over base: OutputOptions) -> OutputOptions {
        OutputOptions(int64: int64 ?? base.int64, uint64: uint64 ?? base.uint64, decimal: decimal ?? base.decimal,
                      date: date ?? base.date, keys: keys ?? base.keys, nulls: nulls ?? base.nulls)
    }

    /// The options `property` of `model` is written with: these (a request's profile) over the
    /// property's `output:` (a `keepOffset: true` is its `date: rfc3339-offset`) over its
    /// model's. The compiler, the reverse mapping and the JSON Schema all lay them this way.
    func laid(over property: PropertyDefinition, in model: ResolvedModel) -> OutputOptions {
        var own = property.output
        if own.date == nil && property.keepOffset { own.date = .rfc3339Offset }
        return laid(over: own.laid(over: model.output))
    }

    /// The options set, as `name → value` in the order SPEC §10 lists them: what `/profiles`
    /// answers and a schema file says.
    public var members: [(name: String, value: String)] {
        var list: [(String, String)] = []
        if let int64 { list.append(("int64", int64.rawValue)) }
        if let uint64 { list.append(("uint64", uint64.rawValue)) }
        if let decimal { list.append(("decimal", decimal.rawValue)) }
        if let date { list.append(("date", date.rawValue)) }
        if let keys { list.append(("keys", keys.rawValue)) }
        if let nulls { list.append(("nulls", nulls.rawValue)) }
        return list
    }

    /// The form of the numbers of `kind`: nil when the kind is not one these options write as a
    /// string (only `int64`, `uint64` and `decimal` lose digits in JavaScript).
    func numberForm(of kind: TypeRef.Kind) -> NumberForm? {
        switch kind {
        case .integer(.int64): int64
        case .integer(.uint64): uint64
        case .decimal: decimal
        default: nil
        }
    }
}
