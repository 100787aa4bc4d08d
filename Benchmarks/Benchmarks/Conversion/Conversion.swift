import Benchmark
import BenchmarkSupport

/// convertd's engine and Swift Codable on YYModel's benchmark payloads, every benchmark starting
/// from raw bytes: throughput, wall clock and mallocs per conversion.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        warmupIterations: 10,
        maxDuration: .seconds(2)
    )
    registerRuleBenchmarks()
    let inputs = Payload.all.compactMap { payload in payload.bytes().map { (payload, $0) } }
    guard inputs.count == Payload.all.count else {
        print("skipped: \(Payload.all.map(\.file).joined(separator: ", ")) not all found in \(Repository.corpus.path); "
            + "set CONVERTD_CORPUS or place the corpus at ../shared/corpus")
        return
    }
    for (payload, input) in inputs {
        registerEngineBenchmarks(payload, input)
        registerCodableBenchmark(payload, input)
    }
}
