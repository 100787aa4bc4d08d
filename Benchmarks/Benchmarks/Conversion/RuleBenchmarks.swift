import Benchmark
import BenchmarkSupport
import Foundation

/// What CEL costs a conversion (SPEC §8): `Benchmarks/rules/order.json` into the three models of
/// `Benchmarks/rules/schemas/rules.yaml` — no expression, two rules, the rules and a string
/// `transform`. 1,000 conversions an iteration, so wall clock and mallocs are per conversion;
/// the differences between the three are what the expressions cost (BENCHMARKS.md, "Issue 22").
func registerRuleBenchmarks() {
    let configuration = Benchmark.Configuration(scalingFactor: .kilo)
    let directory = Repository.root.appendingPathComponent("Benchmarks/rules")
    guard let input = try? Array(Data(contentsOf: directory.appendingPathComponent("order.json"))) else {
        print("skipped: the rule benchmarks' payload is missing from \(directory.path)")
        return
    }
    for (name, model) in [("no expressions", "Plain"), ("two rules", "Ruled"), ("two rules and a transform", "RuledT")] {
        Benchmark("Rules: \(name)", configuration: configuration) { (benchmark, engine: EngineRoundTrip) in
            input.withUnsafeBufferPointer { bytes in
                for _ in benchmark.scaledIterations {
                    blackHole(try? engine.convert(bytes))
                }
            }
        } setup: {
            let engine = try EngineRoundTrip(model: model, directory: directory.appendingPathComponent("schemas").path)
            _ = try input.withUnsafeBufferPointer { bytes in try engine.convert(bytes) }
            return engine
        }
    }
}
