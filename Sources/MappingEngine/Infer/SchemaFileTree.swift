/// The tree of one schema file (model name → definition), edited one property option at a time;
/// everything not edited keeps its order and exact text.
struct SchemaFileTree: Equatable {
    var root: JSONValue

    /// Whether the file defines `model` at its top level.
    func defines(_ model: String) -> Bool {
        root[model] != nil
    }

    /// The options of `property` in `model`'s own definition, the shorthand `title: string`
    /// read as `{ type: string }`; nil when the definition does not declare it.
    func options(of property: String, in model: String) -> [JSONValue.Member]? {
        guard case .object(let members)? = root[model]?["properties"],
              let value = members.first(where: { $0.key == property })?.value else { return nil }
        switch value {
        case .string: return [JSONValue.Member("type", value)]
        case .object(let options): return options
        default: return nil
        }
    }

    /// One option of `property` in `model`.
    func option(_ key: String, of property: String, in model: String) -> JSONValue? {
        options(of: property, in: model)?.first { $0.key == key }?.value
    }

    /// Sets (or with nil removes) one option of `property` in `model`; a shorthand becomes an
    /// object. False when nothing changed.
    mutating func setOption(_ key: String, to value: JSONValue?, of property: String, in model: String) -> Bool {
        guard var options = options(of: property, in: model) else { return false }
        if let index = options.firstIndex(where: { $0.key == key }) {
            if let value {
                guard options[index].value != value else { return false }
                options[index].value = value
            } else {
                options.remove(at: index)
            }
        } else {
            guard let value else { return false }
            options.append(JSONValue.Member(key, value))
        }
        // A property left with its type alone goes back to the shorthand it may have been.
        let written: JSONValue = options.count == 1 && options[0].key == "type" && isShorthand(property, in: model)
            ? options[0].value : .object(options)
        return editProperties(of: model) { members in
            guard let index = members.firstIndex(where: { $0.key == property }) else { return }
            members[index].value = written
        }
    }

    /// Appends `property` with its definition `value` to `model`'s properties; false when the
    /// model declares a property of that name already.
    mutating func addProperty(_ property: String, _ value: JSONValue, to model: String) -> Bool {
        guard case .object(var definition)? = root[model] else { return false }
        if let index = definition.firstIndex(where: { $0.key == "properties" }) {
            guard case .object(var members) = definition[index].value, !members.contains(where: { $0.key == property }) else { return false }
            members.append(JSONValue.Member(property, value))
            definition[index].value = .object(members)
        } else {
            definition.append(JSONValue.Member("properties", .object([JSONValue.Member(property, value)])))
        }
        return replace(model, with: .object(definition))
    }

    /// Whether `property` is written in the shorthand form (`title: string`).
    private func isShorthand(_ property: String, in model: String) -> Bool {
        guard case .object(let members)? = root[model]?["properties"],
              case .string? = members.first(where: { $0.key == property })?.value else { return false }
        return true
    }

    /// Runs `edit` on `model`'s properties; false when the model or its properties are missing
    /// or nothing changed.
    private mutating func editProperties(of model: String, _ edit: (inout [JSONValue.Member]) -> Void) -> Bool {
        guard case .object(var definition)? = root[model],
              let index = definition.firstIndex(where: { $0.key == "properties" }),
              case .object(var members) = definition[index].value else { return false }
        edit(&members)
        definition[index].value = .object(members)
        return replace(model, with: .object(definition))
    }

    /// Puts `definition` in place of `model`'s; false when it is the same.
    private mutating func replace(_ model: String, with definition: JSONValue) -> Bool {
        guard case .object(var models) = root, let index = models.firstIndex(where: { $0.key == model }),
              models[index].value != definition else { return false }
        models[index].value = definition
        root = .object(models)
        return true
    }
}
