import ArgumentParser
import Dispatch
import MappingEngine
import Primitives

/// `convertd bench`: how fast a schema converts a payload on this machine, in the steady state
/// a long-running service reaches (one reused workspace, compiled model cached).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time parsing and full conversion (bytes → normalized bytes) of one document with one schema."
    )

    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var document: DocumentOptions

    @Option(name: .long, help: "Seconds to spend on each measurement.")
    var seconds: Double = 2

    @Option(name: .long, help: "Run exactly this many calls per measurement instead of timing by --seconds (for instruction and allocation counts under valgrind).")
    var iterations: Int?

    @OptionGroup var profile: ProfileOption

    @Option(name: .long, help: "Sample one conversion in this many for drift, as serve's --drift-sample does: the sampled one is converted with explain and recorded in a drift window. 0 (the default) turns it off.")
    var driftSample = 0

    @Option(name: .long, help: "Nanoseconds drift may cost a conversion on average, as serve's --drift-cost: a costly sample spaces the next; 0 samples exactly one in --drift-sample.")
    var driftCost = 100

    func run() throws {
        let engine = try schemaOptions.engine(for: document.schema)
        let input = try document.read()
        let workspace = Workspace()
        let tape = JSONTape()
        // Read once: an option's getter looks up generic metadata on every call, which would
        // be timed with each conversion.
        let model = document.schema
        let profiled = profile.profile == nil ? nil : try profile.model(model, in: engine)
        // Drift is accounted for as a request's conversion is (`ConversionRoute`).
        let drift = DriftMonitor(settings: .init(sampleEvery: max(0, driftSample), maxCost: max(0, driftCost)))
        var explained = ConversionOptions()
        explained.explain = true
        // Without a profile the model is looked up by name on every call, as a request's is.
        let convertOnce = { (bytes: UnsafeBufferPointer<UInt8>) -> ConversionResult in
            let sampled = drift.shouldSample()
            let started = sampled ? MonotonicClock.nanoseconds : 0
            let options = sampled ? explained : ConversionOptions()
            let result = profiled.map { engine.convert(bytes, model: $0, options: options, workspace: workspace) }
                ?? engine.convert(bytes, model: model, options: options, workspace: workspace)
            if sampled { drift.record(result, model: model, started: started) }
            return result
        }
        let result = input.withUnsafeBufferPointer { bytes -> (parse: Double, convert: Double, output: Int)? in
            guard case .success(let first) = convertOnce(bytes) else {
                return nil
            }
            let outputSize = first.output.count
            let parse = BenchCommand.rate(seconds: seconds, iterations: iterations) {
                _ = try? JSONParser().parse(bytes, into: tape)
            }
            let convert = BenchCommand.rate(seconds: seconds, iterations: iterations) {
                _ = convertOnce(bytes)
            }
            return (parse, convert, outputSize)
        }
        guard let result else {
            // The first conversion's answer again, under the profile it was asked with.
            switch input.withUnsafeBufferPointer({ convertOnce($0) }) {
            case .failure(let errors): throw Output.invalid(errors, schema: document.schema, pretty: document.pretty)
            case .malformed(let error): throw Output.malformed(error, pretty: document.pretty)
            case .unknownModel(let name): throw Output.unknownModel(name)
            case .success: throw ExitCode(1)
            }
        }
        let sampling = driftSample > 0 ? ", drift sampled 1 in \(driftSample)" : ""
        print("model \(document.schema), input \(input.count) bytes, output \(result.output) bytes\(sampling)")
        for (label, rate) in [("parse", result.parse), ("convert", result.convert)] {
            let megabytes = rate * Double(input.count) / 1_000_000
            print("\(label.padding(8)) \(Int(rate)) /s   \(Int(1e9 / rate)) ns each   \(Int(megabytes)) MB/s")
        }
    }

    /// Calls `body` after a warm-up, `iterations` times or in growing batches until `seconds`
    /// have passed, and returns calls per second.
    private static func rate(seconds: Double, iterations: Int?, _ body: () -> Void) -> Double {
        for _ in 0..<1000 { body() }
        var calls = 0
        var batch = iterations ?? 64
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed: UInt64 = 0
        repeat {
            for _ in 0..<batch { body() }
            calls += batch
            batch = min(batch * 2, 65_536)
            elapsed = DispatchTime.now().uptimeNanoseconds - start
        } while iterations == nil && Double(elapsed) < seconds * 1e9
        return Double(calls) / (Double(max(elapsed, 1)) / 1e9)
    }
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
