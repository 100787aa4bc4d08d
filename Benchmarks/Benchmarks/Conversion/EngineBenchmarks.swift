import Benchmark
import BenchmarkSupport
import MappingEngine

/// convertd's round trip and its two ends alone: parsing, and writing an already converted
/// document back out. 1,000 conversions an iteration, so figures are per conversion.
func registerEngineBenchmarks(_ payload: Payload, _ input: [UInt8]) {
    let configuration = Benchmark.Configuration(scalingFactor: .kilo)

    Benchmark("Engine round trip \(payload.file) → \(payload.model)", configuration: configuration) { (benchmark, engine: EngineRoundTrip) in
        input.withUnsafeBufferPointer { bytes in
            for _ in benchmark.scaledIterations {
                blackHole(try? engine.convert(bytes))
            }
        }
    } setup: {
        let engine = try EngineRoundTrip(model: payload.model)
        _ = try input.withUnsafeBufferPointer { bytes in try engine.convert(bytes) }
        return engine
    }

    Benchmark("Parse \(payload.file)", configuration: configuration) { (benchmark, tape: JSONTape) in
        input.withUnsafeBufferPointer { bytes in
            for _ in benchmark.scaledIterations {
                blackHole(try? JSONParser().parse(bytes, into: tape))
            }
        }
    } setup: {
        let tape = JSONTape()
        _ = try input.withUnsafeBufferPointer { bytes in try JSONParser().parse(bytes, into: tape) }
        return tape
    }

    Benchmark("Write \(payload.model) output", configuration: configuration) { (benchmark, echo: DocumentEcho) in
        for _ in benchmark.scaledIterations {
            blackHole(echo.write())
        }
    } setup: {
        let engine = try EngineRoundTrip(model: payload.model)
        let output = try input.withUnsafeBufferPointer { bytes in Array(try engine.convert(bytes)) }
        return try DocumentEcho(output)
    }
}
