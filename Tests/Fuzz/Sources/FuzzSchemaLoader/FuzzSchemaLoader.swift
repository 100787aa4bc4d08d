import FuzzSupport
import MappingEngine

nonisolated(unsafe) private let tape = JSONTape()

/// Small payloads every loaded model converts, so compiling and converting run on each schema.
private let payloads: [[UInt8]] = [Array("{}".utf8), Array("[{},null]".utf8), Array(#"{"":[1,"2",{}]}"#.utf8)]

/// Loads arbitrary bytes as one schema file, both as JSON and as YAML, through the in-memory
/// loader the directory loader feeds; a schema that loads is compiled, exported, described and
/// used on a few small payloads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaLoader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // The directory loader rejects files that are not UTF-8 before parsing them.
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    for file in ["fuzz.json", "fuzz.yaml"] {
        let engine: Engine
        do {
            engine = try Engine(sources: [SchemaSource(file: file, text: text)])
        } catch {
            FuzzCheck.require(!error.errors.isEmpty, "a failed load lists no error")
            _ = error.description
            continue
        }
        exercise(engine)
    }
    return 0
}

/// Compiles every model of a loaded registry and runs it through each consumer of models.
private func exercise(_ engine: Engine) {
    let registry = engine.registry
    let exporter = JSONSchemaExporter(registry: registry)
    for name in registry.names {
        FuzzCheck.require(engine.model(named: name) != nil, "model \(name) loaded but does not compile")
        if let model = registry.models[name] {
            FuzzCheck.validJSON(ModelDescription.describe(model).jsonBytes, tape: tape, "description of \(name)")
        }
        if let schema = exporter.schema(for: name) {
            FuzzCheck.validJSON(schema.jsonBytes, tape: tape, "JSON Schema of \(name)")
        }
        for payload in payloads {
            for mode in [ConversionOptions.Mode.lax, .strict] {
                FuzzCheck.convertsFixedPayload(payload, with: engine, model: name, options: ConversionOptions(mode: mode, explain: true), tape: tape)
            }
        }
    }
}
