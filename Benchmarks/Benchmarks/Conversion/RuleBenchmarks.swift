import Benchmark
import BenchmarkSupport

/// What CEL costs a conversion (SPEC §8): the same payload through the same properties with no
/// expression, with two rules (`self.min <= self.max`, `has(self.email) || has(self.phone)`), and
/// with those rules and a string `transform`. 1,000 conversions an iteration, so the wall clock
/// and mallocs are per conversion; the differences between the three are what the expressions
/// cost (BENCHMARKS.md, "What CEL costs a conversion").
func registerRuleBenchmarks() {
    let configuration = Benchmark.Configuration(scalingFactor: .kilo)
    let properties = """
          properties:
            id: int64
            min: decimal
            max: decimal
            email: string
            phone: string
            code: string
        """
    let rules = """
          rules:
            - "self.min <= self.max"
            - "has(self.email) || has(self.phone)"
        """
    let variants: [(name: String, schema: String)] = [
        ("no expressions", "Order:\n" + properties + "\n"),
        ("two rules", "Order:\n" + properties + "\n" + rules + "\n"),
        ("two rules and a transform",
         "Order:\n" + properties.replacing("code: string", with: "code: { type: string, transform: \"self.trim().upperAscii()\" }")
            + "\n" + rules + "\n"),
    ]
    let input = Array(#"{"id": 1042, "min": "10.50", "max": 99.95, "email": "ada@example.com", "code": " ab-12 "}"#.utf8)
    for variant in variants {
        Benchmark("Rules: \(variant.name)", configuration: configuration) { (benchmark, engine: EngineRoundTrip) in
            input.withUnsafeBufferPointer { bytes in
                for _ in benchmark.scaledIterations {
                    blackHole(try? engine.convert(bytes))
                }
            }
        } setup: {
            let engine = try EngineRoundTrip(model: "Order", schema: variant.schema)
            _ = try input.withUnsafeBufferPointer { bytes in try engine.convert(bytes) }
            return engine
        }
    }
}
