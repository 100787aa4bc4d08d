/// The changes of one property that make a value it refused acceptable: optional instead of
/// required, one more `enum` value, a wider integer, a looser bound.
enum SchemaFixes {
    /// The property no longer required: `required: false` under a model's `required: all`,
    /// else its `required` option dropped.
    static func relaxRequired(_ address: PropertyAddress, requiredAll: Bool) -> SchemaEdit {
        SchemaEdit(what: "make \(address.model).\(address.property) optional") { tree in
            tree.setOption("required", to: requiredAll ? .bool(false) : nil, of: address.property, in: address.model)
        }
    }

    /// `value` (as the property writes it: a string property's enum holds numbers and booleans
    /// as their text) appended to the property's `enum`; nil when it has no `enum` list.
    static func appendEnum(_ address: PropertyAddress, _ value: JSONValue, type: TypeRef) -> SchemaEdit? {
        var listed = value
        if case .string = leaf(of: type)?.kind {
            switch value {
            case .number(let text): listed = .string(text)
            case .bool(let flag): listed = .string(flag ? "true" : "false")
            default: break
            }
        }
        return SchemaEdit(what: "add \(listed.jsonText) to the enum of \(address.model).\(address.property)") { tree in
            guard case .array(var list)? = tree.option("enum", of: address.property, in: address.model),
                  !list.contains(listed) else { return false }
            list.append(listed)
            return tree.setOption("enum", to: .array(list), of: address.property, in: address.model)
        }
    }

    /// The property's integer type (or its containers' element) widened to the narrowest
    /// wider width that holds `value`, or to the next wider one when the value is unknown.
    static func widenInteger(_ address: PropertyAddress, value: JSONValue?) -> SchemaEdit {
        SchemaEdit(what: "widen the integer type of \(address.model).\(address.property)") { tree in
            guard case .string(let text)? = tree.option("type", of: address.property, in: address.model),
                  let type = try? TypeRef(parsing: text),
                  let wider = replacingLeaf(of: type, with: { kind in
                      guard case .integer(let width) = kind, let next = widerWidth(than: width, holding: value) else { return nil }
                      return .integer(next)
                  }) else { return false }
            return tree.setOption("type", to: .string(wider.description), of: address.property, in: address.model)
        }
    }

    /// The narrowest width past `width` that holds `value` and every value `width` holds
    /// (`uint8` → `int16` for a negative value); nil from `int64` and `uint64`, or when none
    /// holds the value.
    static func widerWidth(than width: IntegerWidth, holding value: JSONValue?) -> IntegerWidth? {
        let signed: [IntegerWidth] = [.int8, .int16, .int32, .int64]
        let unsigned: [IntegerWidth] = [.uint8, .uint16, .uint32, .uint64]
        let reading = value.flatMap(integer)
        var ladder: ArraySlice<IntegerWidth>
        if let index = signed.firstIndex(of: width) {
            ladder = signed[(index + 1)...]
        } else if let index = unsigned.firstIndex(of: width) {
            // A signed type holds every value of an unsigned one only at twice its width.
            ladder = reading?.negative == true ? signed[(index + 1)...] : unsigned[(index + 1)...]
        } else {
            return nil
        }
        guard let reading else { return ladder.first }
        return ladder.first { $0.fits(negative: reading.negative, magnitude: reading.magnitude) }
    }

    /// `minimum` (or `maximum`) moved to `value`, and an exclusive bound the value fails dropped.
    static func relaxBound(_ address: PropertyAddress, code: ErrorCode, value: JSONValue) -> SchemaEdit? {
        guard let seen = numberText(value) else { return nil }
        let below = code == .belowMinimum
        let (inclusive, exclusive) = below ? ("minimum", "exclusiveMinimum") : ("maximum", "exclusiveMaximum")
        // How `bound` orders against the value seen when the bound excludes it: above for a minimum.
        let excludes = below ? 1 : -1
        return SchemaEdit(what: "relax the \(inclusive) of \(address.model).\(address.property) to \(seen)") { tree in
            var changed = false
            var needsInclusive = false
            if case .number(let bound)? = tree.option(inclusive, of: address.property, in: address.model),
               compare(bound, seen) == excludes {
                needsInclusive = true
            }
            if case .number(let bound)? = tree.option(exclusive, of: address.property, in: address.model),
               compare(bound, seen) != -excludes {
                changed = tree.setOption(exclusive, to: nil, of: address.property, in: address.model) || changed
                if tree.option(inclusive, of: address.property, in: address.model) == nil { needsInclusive = true }
            }
            if needsInclusive {
                changed = tree.setOption(inclusive, to: .number(seen), of: address.property, in: address.model) || changed
            }
            return changed
        }
    }

    /// `minLength`/`maxLength` or `minItems`/`maxItems` moved to the value's length.
    static func relaxCount(_ address: PropertyAddress, code: ErrorCode, value: JSONValue) -> SchemaEdit? {
        let option: String
        let count: Int
        switch (code, value) {
        case (.tooShort, _), (.tooLong, _):
            option = code == .tooShort ? "minLength" : "maxLength"
            switch value {
            case .string(let text): count = text.unicodeScalars.count
            case .number(let text): count = text.unicodeScalars.count
            case .bool(let flag): count = flag ? 4 : 5
            default: return nil
            }
        case (.tooFewItems, .array(let items)), (.tooManyItems, .array(let items)):
            option = code == .tooFewItems ? "minItems" : "maxItems"
            count = items.count
        case (.tooFewItems, .object(let members)), (.tooManyItems, .object(let members)):
            option = code == .tooFewItems ? "minItems" : "maxItems"
            count = members.count
        default:
            return nil
        }
        let lower = option.hasPrefix("min")
        return SchemaEdit(what: "relax the \(option) of \(address.model).\(address.property) to \(count)") { tree in
            guard case .number(let text)? = tree.option(option, of: address.property, in: address.model), let bound = Int(text),
                  lower ? bound > count : bound < count else { return false }
            return tree.setOption(option, to: .number(String(count)), of: address.property, in: address.model)
        }
    }

    /// The innermost element type of `type` (through arrays, sets and maps); nil for a union.
    static func leaf(of type: TypeRef) -> TypeRef? {
        var leaf = type
        while let element = leaf.element { leaf = element }
        if case .union = leaf.kind { return nil }
        return leaf
    }

    /// `type` with its innermost element's kind replaced; nil when `transform` refuses it or
    /// the type is a union.
    static func replacingLeaf(of type: TypeRef, with transform: (TypeRef.Kind) -> TypeRef.Kind?) -> TypeRef? {
        var result = type
        switch type.kind {
        case .array(let element):
            guard let inner = replacingLeaf(of: element, with: transform) else { return nil }
            result.kind = .array(inner)
        case .set(let element):
            guard let inner = replacingLeaf(of: element, with: transform) else { return nil }
            result.kind = .set(inner)
        case .map(let element):
            guard let inner = replacingLeaf(of: element, with: transform) else { return nil }
            result.kind = .map(inner)
        case .union:
            return nil
        default:
            guard let kind = transform(type.kind) else { return nil }
            result.kind = kind
        }
        return result
    }

    /// An integral value's sign and magnitude, from a number or a string of number text.
    static func integer(_ value: JSONValue) -> (negative: Bool, magnitude: UInt64)? {
        guard let text = numberText(value) else { return nil }
        var copy = text
        return copy.withUTF8 { bytes in
            if case .value(let negative, let magnitude) = IntegerText.read(bytes, lax: true) { return (negative, magnitude) }
            return nil
        }
    }

    /// The number text of a number, or of a string holding one (trimmed); nil otherwise.
    static func numberText(_ value: JSONValue) -> String? {
        switch value {
        case .number(let text): return text
        case .string(let text):
            var trimmed = text.trimmingASCIISpaces
            let isNumber = trimmed.withUTF8 { ScalarNumberLexeme.scan($0, lax: false) != nil }
            return isNumber ? trimmed : nil
        default: return nil
        }
    }

    /// -1, 0 or 1 as number text `a` orders before, with or after `b`.
    static func compare(_ a: String, _ b: String) -> Int {
        var left = a, right = b
        return left.withUTF8 { l in right.withUTF8 { r in DecimalText.compare(l, r) } }
    }
}

private extension String {
    /// The text without leading and trailing ASCII spaces, tabs and line breaks.
    var trimmingASCIISpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
