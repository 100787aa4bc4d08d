/// Reshaping (SPEC §9) at compile time: `keyBy`, `pairs`, `uniqueBy`, `from: "."` and `tuple`
/// checked against the types they need, and the converters that read each shape.
extension Compiler {
    /// Refuses a reshaping option the property's type or its model cannot take.
    mutating func checkReshaping(_ property: PropertyDefinition, in model: ResolvedModel) {
        var type: String { property.type.description }
        if property.keyBy != nil && property.pairs != nil {
            fail(model, property.name, "'keyBy' and 'pairs' both say how a list becomes the map: give one")
        }
        if let keyBy = property.keyBy {
            if case .map(let element) = property.type.kind, case .model(let name) = element.kind, !element.nullable {
                checkKeyField(keyBy, of: name, option: "keyBy", property, in: model)
            } else {
                fail(model, property.name, "keyBy fits map<Model> only (an array of objects, keyed by one of their properties), not '\(type)'")
            }
        }
        if property.pairs != nil, !{ if case .map = property.type.kind { true } else { false } }() {
            fail(model, property.name, "pairs fits map<T> only (a list of name/value objects read as a map), not '\(type)'")
        }
        if let uniqueBy = property.uniqueBy {
            switch property.type.kind {
            case .array(let element), .set(let element):
                if case .model(let name) = element.kind {
                    checkKeyField(uniqueBy, of: name, option: "uniqueBy", property, in: model)
                } else {
                    fail(model, property.name, "uniqueBy fits array<Model> and set<Model> only, not '\(type)'")
                }
            default:
                fail(model, property.name, "uniqueBy fits array<Model> and set<Model> only, not '\(type)'")
            }
        }
        if let from = property.from, from.contains(where: \.isEnclosing) {
            checkFlattened(property, from: from, in: model)
        }
    }

    /// `keyBy`/`uniqueBy` name a property of the element model that reads input, of a scalar type.
    private mutating func checkKeyField(_ field: String, of name: String, option: String, _ property: PropertyDefinition,
                                        in model: ResolvedModel) {
        // A missing model is reported as a missing reference.
        guard let element = registry.models[name] else { return }
        if element.tuple {
            fail(model, property.name, "\(option) needs objects: model '\(name)' reads positional arrays (tuple: true)")
        }
        guard let key = element.properties.first(where: { $0.name == field && $0.compute == nil }) else {
            fail(model, property.name, "\(option): model '\(name)' has no property '\(field)' that reads input")
            return
        }
        if !Compiler.isScalarKey(key.type.kind) {
            fail(model, property.name, "\(option): '\(name).\(field)' is '\(key.type)', not a scalar type a key can be")
        }
        // A key that recovered (left out, null, its default) would key the item by something
        // the input did not say: an item whose key fails is the list's to recover from, by
        // `onItemError` on this property.
        if key.onError != .fail {
            fail(model, property.name, "\(option): '\(name).\(field)' keys the items and cannot recover (onError: \(key.onError.rawValue)); use onItemError: drop on '\(property.name)'")
        }
    }

    /// Whether values of `kind` can key a list: scalars, whose output is one literal.
    private static func isScalarKey(_ kind: TypeRef.Kind) -> Bool {
        switch kind {
        case .model, .array, .set, .map, .any, .union: false
        default: true
        }
    }

    /// `from: "."` is the only source of a property of a model type that reads objects and lets
    /// the enclosing object's other keys be, and no chain of them comes back to a model.
    private mutating func checkFlattened(_ property: PropertyDefinition, from: [KeySource], in model: ResolvedModel) {
        guard from.count == 1 else {
            fail(model, property.name, "from: \".\" (the enclosing object) must be the property's only source")
            return
        }
        guard case .model(let name) = property.type.kind else {
            fail(model, property.name, "from: \".\" fits a model-typed property only, not '\(property.type)'")
            return
        }
        if property.defaultValue != nil || property.transform != nil {
            fail(model, property.name, "from: \".\" reads the enclosing object as it is: 'default' and 'transform' do not apply")
        }
        guard let target = registry.models[name] else { return }
        if target.tuple {
            fail(model, property.name, "from: \".\" needs an object: model '\(name)' reads positional arrays (tuple: true)")
        }
        if target.unknownKeys != .ignore {
            fail(model, property.name, "from: \".\": model '\(name)' must have unknownKeys: ignore (the enclosing object's other keys are not its own)")
        }
        if let cycle = flattenedCycle(from: name, back: model.name) {
            fail(model, property.name, "from: \".\" cycle: \(LineageResolver.chain([model.name] + cycle)) would read one object forever")
        }
    }

    /// The chain of flattened properties' models from `start` back to `back`, if there is one.
    private func flattenedCycle(from start: String, back: String) -> [String]? {
        var visited: Set<String> = []
        var stack: [(name: String, path: [String])] = [(start, [start])]
        while let (name, path) = stack.popLast() {
            if name == back { return path }
            guard visited.insert(name).inserted, let model = registry.models[name] else { continue }
            for property in model.properties where property.from?.first?.isEnclosing == true {
                if case .model(let next) = property.type.kind { stack.append((next, path + [next])) }
            }
        }
        return nil
    }

    /// The keys a flattened property's model reads at the top of the enclosing object (its
    /// mapped models' and its own flattened models' too), which are not unknown keys there.
    func flattenedKeys(of property: PropertyDefinition) -> [[UInt8]] {
        var keys: [[UInt8]] = []
        var visited: Set<String> = []
        var pending = property.type.modelNames
        while let name = pending.popLast() {
            guard visited.insert(name).inserted, let model = registry.models[name] else { continue }
            for nested in model.properties where nested.compute == nil {
                for source in model.sources(of: nested) {
                    if source.isEnclosing { pending += nested.type.modelNames } else if let key = source.firstKey { keys.append(Array(key.utf8)) }
                }
            }
            if let discriminator = model.discriminator {
                if let key = discriminator.from?.firstKey { keys.append(Array(key.utf8)) }
                pending += discriminator.models
            }
        }
        return keys
    }

    /// A tuple model has no discriminator and no `from`, and no discriminator hands an object to one.
    mutating func checkTuple(_ model: ResolvedModel) {
        if model.tuple {
            if model.discriminator != nil {
                fail(model, nil, "a tuple model reads a positional array, which carries no tag: 'discriminator' does not apply")
            }
            for property in model.properties where property.from != nil {
                fail(model, property.name, "a tuple model reads its properties by position: 'from' does not apply")
            }
        }
        for name in model.discriminator?.models ?? [] where registry.models[name]?.tuple == true {
            fail(model, nil, "discriminator: model '\(name)' reads positional arrays (tuple: true), not the tagged object")
        }
    }

    /// The converter of a reshaped property (`keyBy`, `pairs`, `uniqueBy`); nil for any other.
    mutating func reshapingConverter(_ property: PropertyDefinition, in model: ResolvedModel) -> (any ValueConverter)? {
        let strict = property.strict
        let counts = CountLimits(min: property.minItems, max: property.maxItems)
        if let keyBy = property.keyBy, case .map(let element) = property.type.kind, case .model(let name) = element.kind,
           let key = keyField(keyBy, of: name, from: model) {
            let converter = ModelConverter(meta: key.model.takeUnretainedValue(), strict: strict)
            return KeyByConverter(element: ElementSpec(converter: converter, nullable: false, strict: strict, drops: property.dropsItems), key: key, entries: counts)
        }
        if let pairs = property.pairs, case .map(let element) = property.type.kind,
           let inner = converter(for: element, property, in: model) {
            return PairsConverter(element: ElementSpec(converter: inner, nullable: element.nullable, strict: strict, drops: property.dropsItems),
                                  name: Lookup(pairs.key), value: Lookup(pairs.value), entries: counts)
        }
        if let uniqueBy = property.uniqueBy, let name = property.type.element?.modelNames.first,
           let list = converter(for: property.type, property, in: model) as? ArrayConverter,
           let key = keyField(uniqueBy, of: name, from: model) {
            return UniqueByConverter(list: list, key: key)
        }
        return nil
    }

    /// The key property `field` of model `name`, as its meta will hold it; nil when there is none.
    private mutating func keyField(_ field: String, of name: String, from model: ResolvedModel) -> KeyField? {
        guard let element = registry.models[name],
              let index = element.properties.filter({ $0.compute == nil }).firstIndex(where: { $0.name == field }),
              let meta = meta(for: name, from: model.name) else { return nil }
        return KeyField(model: Unmanaged.passUnretained(meta), index: index, name: field)
    }
}

extension KeySource {
    /// Where a tuple model's property at `position` reads: that element of the array.
    static func tuplePosition(_ position: Int) -> KeySource {
        .pointer([String(position)])
    }
}
