/// One end of a range: its number as written, whether it is excluded, and the keyword that says it.
struct RangeBound {
    let value: String
    let exclusive: Bool
    let keyword: String

    /// The bound `schema`'s `keyword` states; nil when it states none.
    init?(_ schema: JSONValue, _ keyword: String, exclusive: Bool) {
        guard case .number(let value)? = schema[keyword] else { return nil }
        self.value = value
        self.exclusive = exclusive
        self.keyword = keyword
    }

    /// The tighter of `minimum` and `exclusiveMinimum`.
    static func lower(_ schema: JSONValue) -> RangeBound? {
        tighter(RangeBound(schema, "minimum", exclusive: false), RangeBound(schema, "exclusiveMinimum", exclusive: true), upper: false)
    }

    /// The tighter of `maximum` and `exclusiveMaximum`.
    static func upper(_ schema: JSONValue) -> RangeBound? {
        tighter(RangeBound(schema, "maximum", exclusive: false), RangeBound(schema, "exclusiveMaximum", exclusive: true), upper: true)
    }

    private static func tighter(_ inclusive: RangeBound?, _ exclusive: RangeBound?, upper: Bool) -> RangeBound? {
        guard let inclusive, let exclusive else { return inclusive ?? exclusive }
        let order = SchemaSubset.order(exclusive.value, inclusive.value) * (upper ? -1 : 1)
        return order >= 0 ? exclusive : inclusive
    }

    /// `minimum 0`, or "none".
    static func text(_ bound: RangeBound?) -> String {
        bound.map { "\($0.keyword) \($0.value)" } ?? "none"
    }
}
