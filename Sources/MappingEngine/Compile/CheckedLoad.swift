/// The loader's entry points for tools that need a registry and no conversion (`lint`,
/// `schema export`): the whole pipeline, compile stage included, run once for its registry or
/// its mistakes. A tool that converts builds its `Engine` from the files instead, compiling once.
extension SchemaLoader {
    /// Loads every schema file under `directory`; throws every mistake at once.
    public static func load(directory: String, limits: RegistryLimits = .default) throws(SchemaErrors) -> SchemaRegistry {
        try Engine(directory: directory, limits: limits).registry
    }

    /// Loads schema texts; `file` names the source and, by its extension, the syntax.
    public static func load(sources: [(file: String, text: String)], previousErrors: [SchemaError] = [],
                            limits: RegistryLimits = .default) throws(SchemaErrors) -> SchemaRegistry {
        try Engine(sources: sources.map { SchemaSource(file: $0.file, text: $0.text) }, readErrors: previousErrors,
                   limits: limits).registry
    }
}
