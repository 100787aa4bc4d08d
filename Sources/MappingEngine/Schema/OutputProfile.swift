/// A named set of output options that a request picks with `?profile=NAME`: declared under
/// `$profiles` in a schema file, or built in (`js`).
public struct OutputProfile: Sendable, Hashable {
    public var name: String
    /// The file that declares it; empty for a built-in profile.
    public var file: String
    public var options: OutputOptions

    public init(name: String, file: String, options: OutputOptions) {
        self.name = name
        self.file = file
        self.options = options
    }

    /// Whether convertd defines it rather than a schema file.
    public var isBuiltIn: Bool { file.isEmpty }

    /// `js`: int64, uint64 and decimal as strings, so a JavaScript client's `JSON.parse` keeps
    /// every digit (it reads numbers as doubles, exact only up to 2^53).
    public static let js = OutputProfile(name: "js", file: "", options: OutputOptions(int64: .string, uint64: .string, decimal: .string))

    /// The built-in profiles, whose names no file may declare.
    public static let builtIn = [js]

    /// The key of a schema file's top level that declares profiles: `$` keeps it apart from
    /// every model name (`[A-Za-z_][A-Za-z0-9_]*`).
    public static let fileKey = "$profiles"
}
