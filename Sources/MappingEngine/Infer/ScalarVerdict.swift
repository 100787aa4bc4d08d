/// The scalar type a position gets, with what decides its options.
struct ScalarVerdict: Sendable, Hashable {
    var kind: TypeRef.Kind
    /// Whether the null words seen are null for this type (they are text for `string`).
    var nullWordsAreNull: Bool
    /// Whether blank strings were seen where a `url` takes them as null.
    var blanksAreNull = false
    /// For a date, the formats seen, in the converter's order.
    var formats: [DateFormat]?
    /// A guessed `enum`: the few distinct strings seen, each more than once on average.
    var enumValues: [String]?
    /// For a `string` that several kinds of value were widened to, their names.
    var mixed: [String]?
}
