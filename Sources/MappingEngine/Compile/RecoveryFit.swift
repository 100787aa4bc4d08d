extension Compiler {
    /// Rejects a recovery that would break the output's contract: a `required` property left
    /// out, a default or a null the property cannot have, an item policy on a property that has
    /// no items.
    mutating func checkRecoveryFits(_ property: PropertyDefinition, in model: ResolvedModel) {
        switch property.onError {
        case .fail:
            break
        case .default:
            if property.defaultValue == nil {
                fail(model, property.name, "onError: default needs a 'default' to write")
            }
        case .null:
            if !property.type.nullable {
                fail(model, property.name, "onError: null needs a nullable type ('\(property.type.description)?'), or the output would hold a null its schema forbids")
            }
        case .omit:
            if model.isRequired(property) {
                fail(model, property.name, "onError: omit cannot leave out a required property; use default or null, or make it optional")
            }
        }
        if property.onItemError != .fail && property.type.element == nil {
            fail(model, property.name, "onItemError does not fit type '\(property.type.description)' (array, set, map)")
        }
    }
}

extension PropertyDefinition {
    /// Whether the property's containers drop the elements that fail (`onItemError: drop`), at
    /// every level of a nested container type, as the item counts apply; `keyBy`, `pairs` and
    /// `uniqueBy` drop an item whose key fails or repeats an earlier one too.
    var dropsItems: Bool { onItemError == .drop }
}
