extension Compiler {
    /// Rejects options that do not fit the property's type.
    mutating func checkOptionsFit(_ property: PropertyDefinition, in model: ResolvedModel) {
        var leaf = property.type
        while let element = leaf.element { leaf = element }
        let container = property.type.element != nil
        let numeric: Bool
        switch leaf.kind {
        case .integer, .float, .double, .decimal: numeric = true
        default: numeric = false
        }
        // Spelled only for a message: interpolating the type's parts looks up their conformances at run time.
        var type: String { property.type.description }
        let bounds = [property.minimum, property.maximum, property.exclusiveMinimum, property.exclusiveMaximum]
        if bounds.contains(where: { $0 != nil }) && !numeric {
            fail(model, property.name, "minimum/maximum do not fit type '\(type)' (numbers only)")
        }
        if property.minLength != nil || property.maxLength != nil, ![.string, .url, .data].contains(leaf.kind) {
            fail(model, property.name, "minLength/maxLength do not fit type '\(type)' (string, url, data; use minItems/maxItems for containers)")
        }
        if let min = property.minLength, let max = property.maxLength, min > max {
            fail(model, property.name, "minLength \(min) is greater than maxLength \(max)")
        }
        if let min = property.minItems, let max = property.maxItems, min > max {
            fail(model, property.name, "minItems \(min) is greater than maxItems \(max)")
        }
        if property.pattern != nil, ![.string, .url].contains(leaf.kind) {
            fail(model, property.name, "pattern does not fit type '\(type)' (string, url)")
        }
        if (property.minItems != nil || property.maxItems != nil) && !container {
            fail(model, property.name, "minItems/maxItems do not fit type '\(type)' (array, set, map)")
        }
        if property.formats != nil && leaf.kind != .date && !UnionBranches.hasDate(leaf) {
            fail(model, property.name, "formats do not fit type '\(type)' (date only)")
        }
        if (property.timezone != nil || property.keepOffset) && leaf.kind != .date && !UnionBranches.hasDate(leaf) {
            fail(model, property.name, "timezone/keepOffset do not fit type '\(type)' (date only)")
        }
        if property.wrapSingle, !{ if case .array = property.type.kind { true } else if case .set = property.type.kind { true } else { false } }() {
            fail(model, property.name, "wrapSingle does not fit type '\(type)' (array, set)")
        }
        if property.enumValues != nil || property.values != nil {
            switch leaf.kind {
            case .model, .any, .union: fail(model, property.name, "enum/values do not fit type '\(type)' (scalars only)")
            default: break
            }
        }
    }
}
