import ArgumentParser

/// A command whose plain invocations are read without ArgumentParser's reflection.
///
/// ArgumentParser builds a command's argument set by reflecting over its properties, and each
/// type it meets costs the Swift runtime a scan of every protocol conformance in the binary
/// (about 6,300): 15 M instructions, half of what `convertd convert` spends on a small file
/// (BENCHMARKS.md, "CLI start-up"). `convert` and `reverse`, the commands a script runs once a
/// document, are read by `QuickArguments` instead when their arguments are plain; whatever is
/// not (help, a short name, an unknown or repeated option, a value that does not parse, an
/// invalid combination) is parsed by ArgumentParser, so its messages and exit codes stay the
/// only ones. `QuickArgumentsTests` checks both readings agree, option for option.
protocol QuickParsable: ParsableCommand {
    /// The long names of the options that take a value.
    static var quickOptions: Set<String> { get }
    /// The long names of the flags.
    static var quickFlags: Set<String> { get }
    /// The command with every property set from the arguments, or nil to leave them to ArgumentParser.
    init?(_ arguments: QuickArguments)
}

/// Long options with their values, flags and at most one positional argument, as read from a
/// command line by `QuickParsable`'s rules; nil for anything else.
struct QuickArguments {
    /// Each option's value, by long name.
    private(set) var values: [String: String] = [:]
    /// The flags given, by long name.
    private(set) var flags: Set<String> = []
    /// The positional argument.
    private(set) var positional: String?

    /// Reads `--name value`, `--name=value`, `--flag` and one positional (`-` among them);
    /// nil on a name not listed, a repeated option or flag, a value that is empty after `=` or
    /// looks like an option, a second positional, `--`, or a short name.
    init?(_ arguments: [String], options: Set<String>, flags flagNames: Set<String>) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                guard positional == nil else { return nil }
                positional = argument
                continue
            }
            guard argument.hasPrefix("--"), argument.count > 2 else { return nil }
            let named = argument.dropFirst(2)
            if let equals = named.firstIndex(of: "=") {
                let name = String(named[..<equals])
                let value = String(named[named.index(after: equals)...])
                guard options.contains(name), values[name] == nil, !value.isEmpty else { return nil }
                values[name] = value
            } else if flagNames.contains(String(named)) {
                guard flags.insert(String(named)).inserted else { return nil }
            } else {
                let name = String(named)
                guard options.contains(name), values[name] == nil, index < arguments.endIndex,
                      !arguments[index].hasPrefix("-") || arguments[index] == "-" else { return nil }
                values[name] = arguments[index]
                index += 1
            }
        }
    }

    /// The value of an option that takes an integer, its default when absent; nil when it is not one.
    func integer(_ name: String, default value: Int) -> Int? {
        guard let text = values[name] else { return value }
        return Int(text)
    }
}

extension QuickParsable {
    /// The command for `arguments` when they are plain and valid, else nil.
    static func quick(_ arguments: [String]) -> Self? {
        guard let read = QuickArguments(arguments, options: quickOptions, flags: quickFlags),
              var command = Self(read),
              (try? command.validate()) != nil else { return nil }
        return command
    }
}

// The option groups that `convert` and `reverse` share, each set whole.

extension SchemaOptions {
    static let quickOptions: Set<String> = ["schemas"]

    init(_ arguments: QuickArguments) {
        self.init()
        schemas = arguments.values["schemas"] ?? Self.defaultDirectory
    }
}

extension DocumentOptions {
    static let quickOptions: Set<String> = ["schema"]
    static let quickFlags: Set<String> = ["pretty"]

    /// Nil without `--schema`, which is required.
    init?(_ arguments: QuickArguments) {
        guard let schema = arguments.values["schema"] else { return nil }
        self.init()
        self.schema = schema
        pretty = arguments.flags.contains("pretty")
        file = arguments.positional
    }
}

extension ProfileOption {
    static let quickOptions: Set<String> = ["profile"]

    init(_ arguments: QuickArguments) {
        self.init()
        profile = arguments.values["profile"]
    }
}

extension ReverseCommand: QuickParsable {
    static let quickOptions = SchemaOptions.quickOptions.union(DocumentOptions.quickOptions).union(ProfileOption.quickOptions)
    static let quickFlags = DocumentOptions.quickFlags

    init?(_ arguments: QuickArguments) {
        guard let document = DocumentOptions(arguments) else { return nil }
        self.init()
        schemaOptions = SchemaOptions(arguments)
        self.document = document
        profile = ProfileOption(arguments)
    }
}

extension ConvertCommand: QuickParsable {
    static let quickOptions = ReverseCommand.quickOptions.union(["mode", "max-errors", "on-error", "jobs"])
    static let quickFlags = ReverseCommand.quickFlags.union(["explain", "ndjson"])

    init?(_ arguments: QuickArguments) {
        guard let document = DocumentOptions(arguments),
              let maxErrors = arguments.integer("max-errors", default: Default.maxErrors),
              let jobs = arguments.integer("jobs", default: Default.jobs) else { return nil }
        self.init()
        schemaOptions = SchemaOptions(arguments)
        self.document = document
        profile = ProfileOption(arguments)
        mode = arguments.values["mode"] ?? Default.mode
        explain = arguments.flags.contains("explain")
        self.maxErrors = maxErrors
        onError = arguments.values["on-error"]
        ndjson = arguments.flags.contains("ndjson")
        self.jobs = jobs
    }
}
