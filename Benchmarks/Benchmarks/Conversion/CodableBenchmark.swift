import Benchmark
import BenchmarkSupport
import CodableBaseline
import Foundation

/// The Swift Codable baseline: `JSONDecoder.decode` + `JSONEncoder.encode` of the equivalent
/// Codable model, one conversion an iteration.
func registerCodableBenchmark(_ payload: Payload, _ input: [UInt8]) {
    let data = Data(input)
    Benchmark("Codable round trip \(payload.file) → \(payload.model)") { (benchmark, codable: CodableRoundTrip) in
        for _ in benchmark.scaledIterations {
            blackHole(try? codable.convert(data))
        }
    } setup: {
        guard let codable = CodableRoundTrip(model: payload.model) else {
            throw CodableModelMissing(model: payload.model)
        }
        _ = try codable.convert(data)
        return codable
    }
}

/// The Codable baseline has no model of that name.
struct CodableModelMissing: Error {
    let model: String
}
