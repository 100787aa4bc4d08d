import ArgumentParser
import Foundation
import MappingEngine

/// The options every command that loads schemas shares.
struct SchemaOptions: ParsableArguments {
    @Option(name: .long, help: "Directory of schema files (*.json, *.yaml, *.yml), searched recursively.")
    // One variable read with getenv: `ProcessInfo.environment` builds a dictionary of all of them,
    // and the default is evaluated each time the options are made while parsing.
    var schemas: String = Self.defaultDirectory

    /// `$SCHEMAS_DIR`, else `schemas`.
    static var defaultDirectory: String { getenv("SCHEMAS_DIR").map { String(cString: $0) } ?? "schemas" }

    /// Loads the registry or prints every schema error to stderr and exits 1.
    func load() throws -> SchemaRegistry {
        do {
            return try SchemaLoader.load(directory: schemas)
        } catch {
            Output.stderr(error.description)
            throw ExitCode(1)
        }
    }

    /// An engine serving the directory for a command that converts with `model`: every file
    /// read and resolved, but only `model` and the models it reaches compiled (see
    /// `Engine.load(_:readErrors:compiling:)`); or every schema error on stderr and exit 1.
    func engine(for model: String) throws -> Engine {
        let engine = Engine()
        let read = SchemaLoader.sources(in: schemas)
        switch engine.load(read.sources, readErrors: read.errors, compiling: [model]) {
        case .success:
            return engine
        case .failure(let error):
            Output.stderr(error.description)
            throw ExitCode(1)
        }
    }
}

/// The options of the commands that take one document through one model.
struct DocumentOptions: ParsableArguments {
    @Option(name: .long, help: "The model.")
    var schema: String

    @Flag(name: .long, help: "Indent the output.")
    var pretty = false

    @Argument(help: "The input file; stdin when omitted.")
    var file: String?

    /// The input document's bytes.
    func read() throws -> [UInt8] { try Input.read(file) }
}

/// Reads the input document: a file, or stdin when none is named.
enum Input {
    static func read(_ path: String?) throws -> [UInt8] {
        if let path, path != "-" {
            guard let data = FileManager.default.contents(atPath: path) else {
                Output.stderr("cannot read \(path)")
                throw ExitCode(2)
            }
            return Array(data)
        }
        return Array(FileHandle.standardInput.readDataToEndOfFile())
    }
}

/// Writes results.
enum Output {
    static func stdout(_ bytes: [UInt8], pretty: Bool) {
        let text = pretty ? bytes.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) } : bytes
        FileHandle.standardOutput.write(Data(text + [0x0A]))
    }

    static func stderr(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints the validation errors and exits 1.
    static func invalid(_ errors: [ConversionError], schema: String, pretty: Bool) -> ExitCode {
        stdout(ResultJSON.errors(errors, schema: schema).jsonBytes, pretty: pretty)
        return ExitCode(1)
    }

    /// Prints the syntax error of a body that is not JSON and exits 1.
    static func malformed(_ error: JSONSyntaxError, pretty: Bool) -> ExitCode {
        stdout(JSONValue.object([.init("errors", .array([ResultJSON.syntaxError(error)]))]).jsonBytes, pretty: pretty)
        return ExitCode(1)
    }

    /// Says the model does not exist and exits 2.
    static func unknownModel(_ name: String) -> ExitCode {
        stderr("unknown schema '\(name)'")
        return ExitCode(2)
    }
}
