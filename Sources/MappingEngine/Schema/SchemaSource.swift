/// A schema file's text, named by its path relative to the schema directory; the extension
/// (`.json`, `.yaml`, `.yml`) picks the syntax.
public struct SchemaSource: Sendable, Equatable {
    /// The path relative to the schema directory, as `SchemaError.file` names it.
    public var file: String
    /// The whole file, as UTF-8 text.
    public var text: String

    public init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    /// The extensions of schema files, dot included.
    public static let extensions = [".json", ".yaml", ".yml"]

    /// Whether `file` names a schema file by its extension.
    public static func isSchemaFile(_ file: String) -> Bool {
        extensions.contains { file.hasSuffix($0) }
    }

    /// The file's extension among `extensions`, nil for any other file name.
    var fileExtension: String? {
        SchemaSource.extensions.first { file.hasSuffix($0) }
    }

    /// The file's tree: JSON for `.json`, YAML otherwise; a syntax error names the file. A file
    /// over `limits.fileBytes` is not parsed, and one nested past `limits.fileDepth` is refused
    /// by the parser before its tree is built.
    func root(limits: RegistryLimits = .default) throws(SchemaError) -> JSONValue {
        let size = text.utf8.count
        guard size <= limits.fileBytes else { throw limits.exceeded(.fileBytes, found: size, "the file's size in bytes", file: file) }
        if file.hasSuffix(".json") {
            do { return try JSONValue(parsing: text, maxDepth: limits.fileDepth) } catch {
                if error.code == JSONSyntaxError.tooDeep {
                    throw SchemaError(file: file, message: RegistryLimits.overLimit(.fileDepth, limits.fileDepth, found: limits.fileDepth + 1, "the file's nesting (at least)")
                                          + " at line \(error.line), column \(error.column)", limit: .fileDepth)
                }
                throw SchemaError(file: file, message: "invalid JSON at line \(error.line), column \(error.column): \(error.message)")
            }
        }
        do { return try YAMLReader.read(text, maxDepth: limits.fileDepth) } catch {
            throw SchemaError(file: file, message: error.message, limit: error.limit)
        }
    }
}
