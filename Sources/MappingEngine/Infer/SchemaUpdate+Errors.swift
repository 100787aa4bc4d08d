extension SchemaUpdate {
    /// The changes asked for by one conversion error of `sample`.
    mutating func plan(_ error: ConversionError, in sample: JSONValue, touched: inout [AddedKey]) -> [SchemaEdit] {
        let inputPath = error.source ?? error.path
        let value = Self.value(at: inputPath, in: sample) ?? error.input.flatMap { try? JSONValue(parsing: $0) }
        if error.code == .unknownKey {
            plan(unknownKey: inputPath, value: value, touched: &touched)
            return []
        }
        guard let target = locate(outputPath: error.path) else { return [] }
        // An error on a property this update added: its type was guessed from too few values.
        if let (key, property) = added.first(where: { $0.key.model == target.address.model && $0.value.name == target.address.property }) {
            var widened = property
            if let value, !property.values.contains(value), property.values.count < limits.maxValuesPerProperty {
                widened.values.append(value)
            } else if !property.passThrough {
                widened.passThrough = true
                note("\(key.model).\(property.name): no type guessed from the values seen takes them all; typed any")
            }
            added[key] = widened
            if !touched.contains(key) { touched.append(key) }
            return []
        }
        return fixes(for: error.code, at: target, value: value)
    }

    /// The changes that fix an error `code` of a located property, given the value refused.
    mutating func fixes(for code: ErrorCode, at target: LocatedProperty, value: JSONValue?) -> [SchemaEdit] {
        let address = target.address
        switch code {
        case .missing, .nullNotAllowed:
            guard target.required else { return [] }
            return [SchemaFixes.relaxRequired(address, requiredAll: target.requiredAll)]
        case .enumMismatch:
            guard tree.option("enum", of: address.property, in: address.model) != nil else {
                if tree.option("values", of: address.property, in: address.model) != nil {
                    note("\(address.model).\(address.property): a value outside its `values` table is left (a mapping needs its output)")
                }
                return []
            }
            guard let value else {
                note("\(address.model).\(address.property): a value outside its enum is left: the report does not show it whole")
                return []
            }
            guard enumAdditions[address, default: 0] < limits.maxEnumAdditions else {
                note("\(address.model).\(address.property): more than \(limits.maxEnumAdditions) values to add to its enum: the rest are left")
                return []
            }
            guard let edit = SchemaFixes.appendEnum(address, value, type: target.type) else { return [] }
            enumAdditions[address, default: 0] += 1
            return [edit]
        case .outOfRange:
            guard let leaf = SchemaFixes.leaf(of: target.type), case .integer(let width) = leaf.kind else { return [] }
            guard SchemaFixes.widerWidth(than: width, holding: value) != nil else {
                note("\(address.model).\(address.property): \(width) cannot widen to an integer type that holds \(value?.jsonText ?? "the values seen")")
                return []
            }
            return [SchemaFixes.widenInteger(address, value: value)]
        case .belowMinimum, .aboveMaximum:
            guard let value else {
                note("\(address.model).\(address.property): a \(code.rawValue) is left: relaxing the bound needs the value")
                return []
            }
            return SchemaFixes.relaxBound(address, code: code, value: value).map { [$0] } ?? []
        case .tooShort, .tooLong, .tooFewItems, .tooManyItems:
            guard let value else {
                note("\(address.model).\(address.property): a \(code.rawValue) is left: relaxing the bound needs the value")
                return []
            }
            if code == .tooShort || code == .tooLong, case .data = SchemaFixes.leaf(of: target.type)?.kind { return [] }
            return SchemaFixes.relaxCount(address, code: code, value: value).map { [$0] } ?? []
        default:
            return []
        }
    }

    /// A property an output path names, with what the fixes need to know of it.
    struct LocatedProperty {
        /// Where its definition is written: the model (of this file) that declares it.
        var address: PropertyAddress
        var type: TypeRef
        /// Whether the model that reads it requires it.
        var required: Bool
        /// Whether that model says `required: all`.
        var requiredAll: Bool
    }

    /// The property at the output pointer `path`, when a model of this file declares it.
    func locate(outputPath path: String) -> LocatedProperty? {
        let walk = SchemaPathWalk(registry: engine.registry, root: model)
        guard let tokens = SchemaPathWalk.tokens(of: path), let (model, property) = walk.property(atOutput: tokens),
              let declarer = walk.declarer(of: property.name, in: model),
              declarer.file == original.file, tree.defines(declarer.name) else { return nil }
        return LocatedProperty(address: PropertyAddress(model: declarer.name, property: property.name), type: property.type,
                               required: model.isRequired(property), requiredAll: model.requiredAll)
    }
}
