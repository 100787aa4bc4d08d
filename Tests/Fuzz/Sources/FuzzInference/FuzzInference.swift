import FuzzSupport
import MappingEngine

nonisolated(unsafe) private let tape = JSONTape()

/// Reads arbitrary bytes as NDJSON samples and infers a schema from them (`convertd infer`).
/// When inference succeeds, the schema must load as `convertd lint` loads it, in YAML and in JSON
/// alike, and every sample must convert with it in lax mode without an error: the promise of
/// `convertd infer`. Inference may refuse (bad JSON, no object, over a limit), never crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInference(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    var inference: SchemaInference
    do throws(InferenceError) {
        inference = try SchemaInference(model: "Sample")
        try SampleReader.add(input, ndjson: true, to: &inference)
    } catch {
        return 0
    }
    for format in SchemaInference.Format.allCases {
        let text: String
        do throws(InferenceError) {
            text = try inference.schema(format)
        } catch {
            FuzzCheck.require(format == .yaml, "the schema was inferred as YAML but not as \(format): \(error)")
            return 0
        }
        let engine: Engine
        do {
            engine = try Engine(sources: [SchemaSource(file: "inferred." + format.rawValue, text: text)])
        } catch {
            fatalError("the inferred \(format) schema does not load: \(error)\n\(text)")
        }
        convertEverySample(input, with: engine, schema: text)
    }
    return 0
}

/// Converts each line that was a sample — an object, or an array of objects only — and aborts
/// on any error.
private func convertEverySample(_ input: UnsafeBufferPointer<UInt8>, with engine: Engine, schema: String) {
    var start = 0
    while start < input.count {
        let end = input[start...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
        defer { start = end + 1 }
        let line = UnsafeBufferPointer(rebasing: input[start..<end])
        guard let document = try? JSONParser().parse(line, into: tape) else { continue }
        let root = document[0]
        if root.kind == .array {
            var element = 1
            var onlyObjects = true
            for _ in 0..<Int(root.length) {
                onlyObjects = onlyObjects && document[element].kind == .object
                element = Int(document[element].end)
            }
            guard onlyObjects else { continue }
        } else if root.kind != .object {
            continue
        }
        switch engine.convert(Array(line), model: "Sample", options: ConversionOptions(mode: .lax)) {
        case .success: break
        case .failure(let errors):
            fatalError("a sample does not convert with the schema inferred from it: \(errors)\nschema:\n\(schema)\nsample: \(String(decoding: line, as: UTF8.self))")
        case .malformed(let error):
            fatalError("a sample that parsed is malformed to the engine: \(error)")
        case .unknownModel:
            fatalError("the inferred schema has no model Sample")
        }
    }
}
