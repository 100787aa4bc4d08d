/// The keywords of arrays and objects: items and positions, counts, properties, required keys,
/// unknown keys, key names and rules.
extension SchemaSubset {
    /// `a`'s elements within `b`'s: `items`, `prefixItems` position by position, the counts.
    mutating func compareArrays(_ a: JSONValue, _ b: JSONValue, at path: String, depth: Int) {
        // An array of at most no elements (lax mode's `[]` for an empty object) has none to compare.
        let empty = a["maxItems"] == .number("0")
        if let items = b["items"], !empty {
            compare(a["items"] ?? .object([]), items, at: SchemaSubset.path(path, "items"), depth: depth + 1)
        }
        if case .array(let positions)? = b["prefixItems"], !empty {
            let own: [JSONValue]
            if case .array(let items)? = a["prefixItems"] { own = items } else { own = [] }
            for (index, schema) in positions.enumerated() where !abandoned {
                let mine = index < own.count ? own[index] : (a["items"] ?? .object([]))
                compare(mine, schema, at: SchemaSubset.path(path, "prefixItems", String(index)), depth: depth + 1)
            }
        }
        compareRange("minItems", "maxItems", a, b, at: path)
        if b["uniqueItems"] == .bool(true) && a["uniqueItems"] != .bool(true) {
            report(.constraint, at: path, sub: "duplicates allowed", sup: "uniqueItems true", detail: "uniqueItems")
        }
    }

    /// `a`'s objects within `b`'s: each property (sorted by name), the required keys and
    /// unknown keys (when `comparesKeys`), counts, key names, rules.
    mutating func compareObjects(_ a: JSONValue, _ b: JSONValue, at path: String, depth: Int) {
        let own = SchemaSubset.entries(a["properties"]), theirs = SchemaSubset.entries(b["properties"])
        let ownExtra = a["additionalProperties"] ?? a["unevaluatedProperties"]
        let theirExtra = b["additionalProperties"] ?? b["unevaluatedProperties"]
        for key in Set(own.keys).union(theirs.keys).sorted() where !abandoned {
            let at = SchemaSubset.path(path, "properties", key)
            switch (own[key], theirs[key]) {
            case (let x?, let y?):
                compare(x, y, at: at, depth: depth + 1)
            case (let x?, nil):
                if theirExtra == .bool(false) {
                    if comparesKeys { report(.keyRefused, at: at, sub: "listed", sup: "unlisted, unknown keys refused", detail: "'\(key)'") }
                } else if let extra = theirExtra, case .object = extra {
                    compare(x, extra, at: at, depth: depth + 1)
                }
            case (nil, let y?):
                // A key `a` lets through unknown is one `b` reads: what `a` lets through must fit.
                // Unknown keys ignored (no `additionalProperties`) carry nothing `a` vouches for.
                if let extra = ownExtra, case .object = extra { compare(extra, y, at: at, depth: depth + 1) }
            case (nil, nil):
                break
            }
        }
        if comparesKeys { compareRequired(own, a, b, at: path) }
        compareUnknownKeys(ownExtra, theirExtra, properties: own, at: path, depth: depth)
        compareRange("minProperties", "maxProperties", a, b, at: path)
        if let names = b["propertyNames"] {
            compare(a["propertyNames"] ?? .object([]), names, at: SchemaSubset.path(path, "propertyNames"), depth: depth + 1)
        }
        if let patterns = b["patternProperties"], a["patternProperties"].map(CanonicalSchema.canonical) != CanonicalSchema.canonical(patterns) {
            report(.constraint, at: path, sub: SchemaSubset.text(a["patternProperties"]), sup: patterns.jsonText, detail: "patternProperties")
        }
        compareRules(a, b, at: path)
    }

    /// Every key `b` requires, required by `a`; on the output side a key `a` (the new output)
    /// no longer lists at all is a removed member.
    private mutating func compareRequired(_ own: [String: JSONValue], _ a: JSONValue, _ b: JSONValue, at path: String) {
        let ownRequired = SchemaSubset.strings(a["required"])
        for key in SchemaSubset.strings(b["required"]).subtracting(ownRequired).sorted() where !abandoned {
            let at = SchemaSubset.path(path, "properties", key)
            if side == .output && own[key] == nil {
                report(.propertyRemoved, at: at, sub: "absent", sup: "required", detail: "'\(key)'")
            } else {
                report(.required, at: at, sub: own[key] == nil ? "absent" : "optional", sup: "required", detail: "'\(key)'")
            }
        }
    }

    /// What `a` lets through beside its properties, within what `b` does.
    private mutating func compareUnknownKeys(_ own: JSONValue?, _ theirs: JSONValue?, properties: [String: JSONValue], at path: String, depth: Int) {
        switch theirs {
        case .bool(false)?:
            guard own != .bool(false), comparesKeys else { return }
            report(.unknownKeys, at: path, sub: "unknown keys allowed", sup: "unknown keys refused")
        case .object?:
            guard let schema = theirs else { return }
            if let own, case .object = own {
                compare(own, schema, at: SchemaSubset.path(path, "additionalProperties"), depth: depth + 1)
            } else if properties.isEmpty && own != .bool(false) {
                // A map of anything (or any object) now holds typed values.
                compare(.object([]), schema, at: SchemaSubset.path(path, "additionalProperties"), depth: depth + 1)
            }
        default:
            break
        }
    }

    /// Every rule `b` carries (`x-convertd-rules`, by its canonical JSON) carried by `a` too.
    private mutating func compareRules(_ a: JSONValue, _ b: JSONValue, at path: String) {
        guard case .array(let rules)? = b["x-convertd-rules"] else { return }
        var own: Set<JSONValue> = []
        if case .array(let items)? = a["x-convertd-rules"] { own = Set(items.map(CanonicalSchema.canonical)) }
        for (index, rule) in rules.enumerated() where !own.contains(CanonicalSchema.canonical(rule)) {
            report(.rule, at: SchemaSubset.path(path, "x-convertd-rules", String(index)), sub: "none", sup: SchemaSubset.text(rule["rule"] ?? rule))
        }
    }
}
