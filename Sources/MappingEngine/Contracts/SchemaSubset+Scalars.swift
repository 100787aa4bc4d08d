/// The keywords of values: types, `enum`/`const`, numeric bounds, string lengths, patterns and
/// formats; the containers' keywords are in `SchemaSubset+Containers`.
extension SchemaSubset {
    /// Every JSON type.
    private static let allTypes: Set<String> = ["null", "boolean", "integer", "number", "string", "array", "object"]
    /// The integer widths, whose bounds the output schema writes when a property states none.
    private static let widths: [IntegerWidth] = [.int8, .int16, .int32, .int64, .uint8, .uint16, .uint32, .uint64]

    /// `a` ⊆ `b` for schemas without references or branches: the JSON types first, then, when
    /// they fit, the keywords that bind the types `a` may hold.
    mutating func compareKeywords(_ a: JSONValue, _ b: JSONValue, at path: String, depth: Int) {
        let ownTypes = SchemaSubset.types(of: a, in: sub)
        let theirTypes = SchemaSubset.declaredTypes(of: b)
        if let theirTypes {
            guard let ownTypes else { return report(.type, at: path, sub: "any", sup: SchemaSubset.typeText(theirTypes)) }
            if ownTypes.contains("null") && !theirTypes.contains("null") {
                report(.nullable, at: path, sub: SchemaSubset.typeText(ownTypes), sup: SchemaSubset.typeText(theirTypes))
            }
            let refused = ownTypes.filter { $0 != "null" && !SchemaSubset.covers(theirTypes, $0, lax: valuesOnly) }
            if !refused.isEmpty {
                // The other keywords bind values that no longer fit at all: the type says it.
                return report(.type, at: path, sub: SchemaSubset.typeText(ownTypes.subtracting(["null"])),
                              sup: SchemaSubset.typeText(theirTypes.subtracting(["null"])))
            }
        }
        var held = ownTypes ?? SchemaSubset.allTypes
        // Lax conversion writes a number or a boolean as a string's text, which string keywords then bind.
        if valuesOnly, theirTypes?.contains("string") == true, !held.isDisjoint(with: SchemaSubset.scalarTypes) { held.insert("string") }
        compareEnum(a, b, at: path)
        if held.contains("integer") || held.contains("number") {
            compareBounds(a, b, at: path)
            compareExact("multipleOf", a, b, at: path, otherwise: .constraint)
        }
        if held.contains("string") {
            compareRange("minLength", "maxLength", a, b, at: path)
            compareExact("pattern", a, b, at: path, otherwise: .constraint)
            compareExact("format", a, b, at: path, otherwise: .format)
            compareExact("contentEncoding", a, b, at: path, otherwise: .format)
        }
        if held.contains("array") { compareArrays(a, b, at: path, depth: depth) }
        if held.contains("object") { compareObjects(a, b, at: path, depth: depth) }
        if let excluded = b["not"], a["not"].map(CanonicalSchema.canonical) != CanonicalSchema.canonical(excluded) {
            report(.constraint, at: path, sub: SchemaSubset.text(a["not"]), sup: excluded.jsonText, detail: "not")
        }
    }

    /// Every value of `a`'s `enum` in `b`'s; `b` gaining an `enum` narrows what `a` allowed.
    private mutating func compareEnum(_ a: JSONValue, _ b: JSONValue, at path: String) {
        guard let allowed = SchemaSubset.enumValues(of: b) else { return }
        guard let own = SchemaSubset.enumValues(of: a) else {
            return report(.constraint, at: path, sub: "any value", sup: JSONValue.array(allowed).jsonText, detail: "enum")
        }
        let outside = own.filter { value in !allowed.contains { SchemaSubset.same(value, $0) } }
        guard !outside.isEmpty else { return }
        report(.enumValue, at: path, sub: JSONValue.array(own).jsonText, sup: JSONValue.array(allowed).jsonText,
               detail: outside.map(\.jsonText).joined(separator: ", "))
    }

    /// Whether two enum values are the same value: numbers by value (`1.0` is `1`), others as JSON.
    static func same(_ x: JSONValue, _ y: JSONValue) -> Bool {
        if case .number(let p) = x, case .number(let q) = y { return order(p, q) == 0 }
        return x == y
    }

    /// `a`'s numeric range within `b`'s. Where both are integer widths' full ranges, the
    /// widths are the change (`int64` to `int32`), a type change.
    private mutating func compareBounds(_ a: JSONValue, _ b: JSONValue, at path: String) {
        let lower = SchemaSubset.fits(RangeBound.lower(a), within: RangeBound.lower(b), upper: false)
        let upper = SchemaSubset.fits(RangeBound.upper(a), within: RangeBound.upper(b), upper: true)
        guard !lower || !upper else { return }
        if let own = SchemaSubset.width(a), let theirs = SchemaSubset.width(b), own != theirs {
            return report(.type, at: path, sub: own, sup: theirs)
        }
        if !lower {
            report(.constraint, at: path, sub: RangeBound.text(RangeBound.lower(a)), sup: RangeBound.text(RangeBound.lower(b)), detail: RangeBound.lower(b)?.keyword ?? "minimum")
        }
        if !upper {
            report(.constraint, at: path, sub: RangeBound.text(RangeBound.upper(a)), sup: RangeBound.text(RangeBound.upper(b)), detail: RangeBound.upper(b)?.keyword ?? "maximum")
        }
    }

    /// A count's range (`minLength`/`maxLength`, `minItems`/`maxItems`…) of `a` within `b`'s.
    mutating func compareRange(_ least: String, _ most: String, _ a: JSONValue, _ b: JSONValue, at path: String) {
        for (keyword, upper) in [(least, false), (most, true)] where b[keyword] != nil {
            let own = RangeBound(a, keyword, exclusive: false), theirs = RangeBound(b, keyword, exclusive: false)
            if !SchemaSubset.fits(own, within: theirs, upper: upper) {
                report(.constraint, at: path, sub: RangeBound.text(own), sup: RangeBound.text(theirs), detail: keyword)
            }
        }
    }

    /// `b`'s `keyword`, when it has one, equal to `a`'s: two patterns or formats that differ
    /// cannot be shown to accept the same texts.
    private mutating func compareExact(_ keyword: String, _ a: JSONValue, _ b: JSONValue, at path: String, otherwise: SubsetFailure) {
        guard let wanted = b[keyword] else { return }
        if let own = a[keyword], SchemaSubset.same(own, wanted) { return }
        report(otherwise, at: path, sub: SchemaSubset.text(a[keyword]), sup: SchemaSubset.text(wanted), detail: keyword)
    }

    /// Whether a range's end `own` is within `theirs` (nil: unbounded).
    static func fits(_ own: RangeBound?, within theirs: RangeBound?, upper: Bool) -> Bool {
        guard let theirs else { return true }
        guard let own else { return false }
        let order = order(own.value, theirs.value) * (upper ? -1 : 1)
        return order > 0 || (order == 0 && (!theirs.exclusive || own.exclusive))
    }

    /// The integer width whose full range `schema` states, by name.
    private static func width(_ schema: JSONValue) -> String? {
        guard declaredTypes(of: schema)?.contains("integer") == true,
              case .number(let least)? = schema["minimum"], case .number(let most)? = schema["maximum"] else { return nil }
        return widths.first { IntegerBounds.text(of: $0) == (least, most) }.map { "\($0)" }
    }

    /// -1, 0 or 1 as the number `x` is below, equal to or above `y`, by their exact text.
    static func order(_ x: String, _ y: String) -> Int {
        var x = x, y = y
        return x.withUTF8 { p in y.withUTF8 { q in DecimalText.compare(p, q) } }
    }
}
