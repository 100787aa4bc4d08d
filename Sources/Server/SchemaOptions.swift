import ArgumentParser
import Foundation
import MappingEngine

/// The options every command that loads schemas shares.
struct SchemaOptions: ParsableArguments {
    @Option(name: .long, help: "Directory of schema files (*.json, *.yaml, *.yml), searched recursively.")
    var schemas: String = ProcessInfo.processInfo.environment["SCHEMAS_DIR"] ?? "schemas"

    /// Loads the registry or prints every schema error to stderr and exits 1.
    func load() throws -> SchemaRegistry {
        do {
            return try SchemaLoader.load(directory: schemas)
        } catch {
            Output.stderr(error.description)
            throw ExitCode(1)
        }
    }
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
}
