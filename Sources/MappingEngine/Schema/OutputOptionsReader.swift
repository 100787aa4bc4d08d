/// Reads an `output:` block or one `$profiles` entry into `OutputOptions`, listing every
/// mistake (an unknown option, a value that is not one of the option's choices).
enum OutputOptionsReader {
    /// The options `value` sets, and what is wrong with it; `where` names the block in messages
    /// (`'output'`, `profile 'mobile'`). A property's block cannot set `keys`: its output name
    /// is its own name.
    static func options(_ value: JSONValue, where place: String, forProperty: Bool = false) -> (options: OutputOptions, errors: [String]) {
        guard case .object(let members) = value else {
            return (OutputOptions(), ["\(place) must be an object of output options (int64, uint64, decimal, date, keys, nulls)"])
        }
        var options = OutputOptions()
        var errors: [String] = []
        func read<Choice: RawRepresentable & CaseIterable>(_ member: JSONValue.Member, _ type: Choice.Type) -> Choice?
            where Choice.RawValue == String {
            if case .string(let text) = member.value, let choice = Choice(rawValue: text) { return choice }
            let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            errors.append("\(place): '\(member.key)' must be one of \(names), not \(member.value.jsonText)")
            return nil
        }
        for member in members {
            switch member.key {
            case "int64": options.int64 = read(member, OutputOptions.NumberForm.self)
            case "uint64": options.uint64 = read(member, OutputOptions.NumberForm.self)
            case "decimal": options.decimal = read(member, OutputOptions.NumberForm.self)
            case "date": options.date = read(member, DateForm.self)
            case "nulls": options.nulls = read(member, OutputOptions.NullForm.self)
            case "keys" where forProperty:
                errors.append("\(place): 'keys' is an option of a model or a profile; a property's output name is its own name")
            case "keys": options.keys = read(member, OutputKeyStyle.self)
            default:
                errors.append("\(place): unknown output option '\(member.key)' (int64, uint64, decimal, date, keys, nulls)")
            }
        }
        return (options, errors)
    }

    /// The profiles a file declares under `$profiles`, each with its mistakes; a name must be
    /// a model-like name and not a built-in profile's.
    static func profiles(_ value: JSONValue, file: String) -> (profiles: [OutputProfile], errors: [SchemaError]) {
        guard case .object(let members) = value else {
            return ([], [SchemaError(file: file, message: "'\(OutputProfile.fileKey)' must be an object of profile name → output options")])
        }
        var profiles: [OutputProfile] = []
        var errors: [SchemaError] = []
        var seen = Set<String>()
        for member in members {
            guard ModelName.isValid(member.key) else {
                errors.append(SchemaError(file: file, message: "profile name '\(member.key)' must match [A-Za-z_][A-Za-z0-9_]*"))
                continue
            }
            guard !OutputProfile.builtIn.contains(where: { $0.name == member.key }) else {
                errors.append(SchemaError(file: file, message: "profile '\(member.key)' is built in; a schema file cannot declare it"))
                continue
            }
            guard seen.insert(member.key).inserted else {
                errors.append(SchemaError(file: file, message: "profile '\(member.key)' is declared twice in this file"))
                continue
            }
            let read = options(member.value, where: "profile '\(member.key)'")
            errors += read.errors.map { SchemaError(file: file, message: $0) }
            profiles.append(OutputProfile(name: member.key, file: file, options: read.options))
        }
        return (profiles, errors)
    }
}
