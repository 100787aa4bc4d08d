import Foundation
import FuzzSupport
import MappingEngine

/// The shipped schemas, loaded once: from `CONVERTD_SCHEMAS`, else `schemas/` in the working
/// directory, else the `schemas/` beside the `Package.swift` nearest above the executable.
private let engine: Engine = {
    var candidates: [URL] = []
    if let path = ProcessInfo.processInfo.environment["CONVERTD_SCHEMAS"] {
        candidates.append(URL(fileURLWithPath: path))
    }
    candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("schemas"))
    var folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    while folder.path != "/" {
        folder.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            candidates.append(folder.appendingPathComponent("schemas"))
        }
    }
    for directory in candidates {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
        do {
            return try Engine(directory: directory.path)
        } catch {
            fatalError("cannot load the schemas in \(directory.path):\n\(error)")
        }
    }
    fatalError("no schemas directory; set CONVERTD_SCHEMAS (tried \(candidates.map(\.path)))")
}()

private let names = engine.registry.names

/// Each model in both modes: lax with `explain`, and strict.
private let modes = [ConversionOptions(mode: .lax, explain: true), ConversionOptions(mode: .strict)]

/// Each model compiled for each output profile the schemas serve (the built-in `js`, the
/// bundled `mobile`), with the options `reverse` reads that profile's output with.
private let profiled: [(name: String, profile: String, model: CompiledModel, options: OutputOptions)] = engine.profiles.flatMap { profile in
    names.compactMap { name in
        guard case .success(let model) = engine.model(named: name, profile: profile.name) else { return nil }
        return (name, profile.name, model, profile.options)
    }
}

// Reused across inputs, as the service reuses a thread's workspace.
nonisolated(unsafe) private let workspace = Workspace()
nonisolated(unsafe) private let tape = JSONTape()

/// Converts arbitrary bytes with every shipped model, lax (explained) and strict, and checks
/// each answer the way the service would send it: outputs and error lists are valid JSON, a
/// second conversion of the same input answers the same, and an output maps back through `reverse`
/// (under each output profile too, with that profile's options).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConversion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    for name in names {
        for options in modes {
            switch engine.convert(input, model: name, options: options, workspace: workspace) {
            case .success(let success):
                // The output lives in the workspace: copy it before the next conversion.
                let output = Array(success.output)
                FuzzCheck.validJSON(output, tape: tape, "output of \(name)")
                if options.explain {
                    FuzzCheck.validJSON(ResultJSON.explained(success), tape: tape, "explained output of \(name)")
                    // The workspace's key-order predictions now come from this very input: they
                    // may speed the second conversion up, never change its answer.
                    let again = engine.convert(input, model: name, options: options, workspace: workspace)
                    guard case .success(let second) = again, Array(second.output) == output,
                          second.coercions == success.coercions, second.unknownKeys == success.unknownKeys else {
                        fatalError("converting the same input twice with \(name) gave different answers")
                    }
                }
                let pretty = output.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) }
                FuzzCheck.validJSON(pretty, tape: tape, "pretty output of \(name)")
                if case .malformed(let error) = engine.reverse(output, model: name) {
                    fatalError("reverse of \(name) calls its own output malformed: \(error)")
                }
            case .failure(let errors):
                FuzzCheck.require(!errors.isEmpty, "a failed conversion lists no error")
                FuzzCheck.validJSON(ResultJSON.errors(errors, schema: name).jsonBytes, tape: tape, "error list of \(name)")
            case .malformed(let error):
                // Every model parses the same way: one syntax error answers for all of them.
                FuzzCheck.plausible(error, inputCount: size)
                return 0
            case .unknownModel(let unknown):
                fatalError("registered model \(unknown) is unknown to the engine")
            }
        }
    }
    for entry in profiled {
        switch engine.convert(input, model: entry.model, options: ConversionOptions(mode: .lax), workspace: workspace) {
        case .success(let success):
            let output = Array(success.output)
            FuzzCheck.validJSON(output, tape: tape, "output of \(entry.name) under the profile \(entry.profile)")
            if case .malformed(let error) = engine.reverse(output, model: entry.name, profile: entry.options) {
                fatalError("reverse of \(entry.name) under \(entry.profile) calls its own output malformed: \(error)")
            }
        case .failure(let errors):
            FuzzCheck.require(!errors.isEmpty, "a failed conversion lists no error")
            FuzzCheck.validJSON(ResultJSON.errors(errors, schema: entry.name).jsonBytes, tape: tape, "error list of \(entry.name)")
        case .malformed, .unknownModel:
            return 0
        }
    }
    return 0
}
