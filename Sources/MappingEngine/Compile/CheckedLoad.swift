/// The loader's entry points for tools (`lint`, `convert`, `bench`, `schema export`): the whole
/// pipeline, compile stage included, run once for its registry or its mistakes.
///
/// The metas compiled for the check are not kept: a tool that goes on to convert compiles again
/// in `Engine(registry:)`. Loading into an engine (`Engine()` then `load`) compiles once.
extension SchemaLoader {
    /// Loads every schema file under `directory`; throws every mistake at once.
    public static func load(directory: String, limits: RegistryLimits = .default) throws(SchemaErrors) -> SchemaRegistry {
        let read = sources(in: directory, limits: limits)
        return try checked(read.sources, readErrors: read.errors, limits: limits)
    }

    /// Loads schema texts; `file` names the source and, by its extension, the syntax.
    public static func load(sources: [(file: String, text: String)], previousErrors: [SchemaError] = [],
                            limits: RegistryLimits = .default) throws(SchemaErrors) -> SchemaRegistry {
        try checked(sources.map { SchemaSource(file: $0.file, text: $0.text) }, readErrors: previousErrors, limits: limits)
    }

    private static func checked(_ sources: [SchemaSource], readErrors: [SchemaError], limits: RegistryLimits) throws(SchemaErrors) -> SchemaRegistry {
        let pipeline = SchemaPipeline(cache: MetaCache(registry: .empty), limits: limits)
        switch pipeline.load(sources, readErrors: readErrors) {
        case .success:
            return pipeline.cache.currentRegistry
        case .failure(.invalid(let errors)):
            throw errors
        case .failure(let other):
            // Only PUT and DELETE refuse for other reasons; kept as an error rather than a trap.
            throw SchemaErrors([SchemaError(file: "", message: other.description)])
        }
    }
}
