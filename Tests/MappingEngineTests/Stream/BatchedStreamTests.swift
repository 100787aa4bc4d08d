import Foundation
import TestSupport
import Testing
@testable import MappingEngine
import Spooling

/// Batches converted elsewhere and taken back in order (`convertd convert --jobs`): the answer
/// is the one converting the stream in one place gives, byte for byte, whatever the batches'
/// size — errors with their indices and the same cap, coercions, syntax errors at their place
/// (found where the cut-out elements do not parse, or the body ends or goes on past its `]`),
/// the expression budget spent across elements, and NDJSON's error budget across lines.
@Suite struct BatchedStreamTests {
    /// Converts batches out of order, each with a workspace of its own, as threads would: up to
    /// `depth` wait, then all are converted newest first; the parts go back in order.
    final class ShuffledBatches<Batch, Part>: BatchConverter {
        private let convert: (Batch, Workspace) -> Part
        private let depth: Int
        private var waiting: [Batch] = []

        init(depth: Int, convert: @escaping (Batch, Workspace) -> Part) {
            self.depth = depth
            self.convert = convert
        }

        func submit(_ batch: Batch) -> [Part] {
            waiting.append(batch)
            return waiting.count > depth ? drain() : []
        }

        func drain() -> [Part] {
            let parts = waiting.reversed().map { convert($0, Workspace()) }
            waiting = []
            return parts.reversed()
        }
    }

    static func arrayBatches(_ model: CompiledModel, _ options: ConversionOptions, depth: Int) -> ShuffledBatches<ArrayBatch, ArrayPart> {
        ShuffledBatches(depth: depth) { $0.convert(model: model, options: options, workspace: $1) }
    }

    /// `bytes` streamed in chunks of `chunk` bytes, converted here or in batches of `batchSize`
    /// (while no element grows past `maxCutElement`).
    static func streamed(_ bytes: [UInt8], engine: Engine, model name: String, options: ConversionOptions, pretty: Bool = false,
                         chunk: Int, batchSize: Int?, depth: Int = 2, maxCutElement: Int = 4 << 20) -> ArrayConversionTests.Outcome {
        let spool = Spool()
        let model = engine.model(named: name)!
        let batches = batchSize.map { _ in arrayBatches(model, options, depth: depth) }
        let conversion = ArrayConversion(model: model, options: options, pretty: pretty, output: spool, batches: batches,
                                         batchSize: batchSize ?? 1, maxCutElement: maxCutElement)
        let workspace = Workspace()
        bytes.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                let end = min(all.count, offset + chunk)
                conversion.feed(UnsafeBufferPointer(rebasing: all[offset..<end]), workspace: workspace)
                offset = end
            }
        }
        switch conversion.finish(workspace: workspace) {
        case .converted: return .converted(spool.take().readAll())
        case .failed(let errors): return .failed(errors)
        case .malformed(let error): return .malformed(error)
        }
    }

    @Test(arguments: 0..<30 as Range<UInt64>)
    func batchesGiveWhatOnePlaceGives(seed: UInt64) {
        var arrays = RandomArrays(seed: seed)
        var random = SeededRandom(seed: seed &+ 2000)
        var outcomes: Set<String> = []
        for round in 0..<30 {
            // Long arrays, so that caps fall inside batches and batches hold many elements.
            let text = arrays.array(maxElements: 40, faulty: random.below(2) == 0)
            let bytes = random.below(4) == 0 ? arrays.broken(text) : Array(text.utf8)
            guard bytes.withUnsafeBufferPointer({ DocumentStart($0) }) == .array else { continue }
            let options = ArrayConversionTests.options(&random)
            let pretty = random.below(4) == 0
            let expected = ArrayConversionTests.whole(bytes, options: options, pretty: pretty)
            outcomes.insert(String(expected.description.prefix { $0 != " " }))
            for batchSize in [1, 1 + random.below(200), 4096] {
                // Now and then the cutting ends at an element over a small bound, and the rest converts here.
                let got = Self.streamed(bytes, engine: ArrayConversionTests.engine, model: "Item", options: options, pretty: pretty,
                                        chunk: 1 + random.below(100), batchSize: batchSize, depth: random.below(4),
                                        maxCutElement: random.below(4) == 0 ? 20 + random.below(200) : 4 << 20)
                #expect(got == expected, "seed \(seed) round \(round) batches of \(batchSize): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        #expect(outcomes.count == 3, "seed \(seed): \(outcomes)")
    }

    /// Parts of half a piece (128 KB) or more go to the sink whole rather than through the
    /// output: in order, after what is before them, and dropped with the rest when a later
    /// element fails; re-indented ones still go through the printer.
    @Test func bigPartsGoToTheSinkInOrder() throws {
        let engine = try EngineFixture.engine("""
            Row:
              properties:
                id: int64
                name: string
            """)
        // The first rows lose most of their bytes to white space, so that their parts are small
        // and wait in the output; the later ones' parts are big and find it holding some.
        let padding = String(repeating: " ", count: 120)
        let rows = (0..<24_000).map { #"{"id": \#($0),\#($0 < 11_000 ? padding : " ")"name": "row \#($0) of a long array"}"# }
        for (last, pretty) in [(#"{"id": 24000}"#, false), (#"{"id": "not a number"}"#, false), (#"{"id": 24000}"#, true)] {
            let bytes = Array(("[" + (rows + [last]).joined(separator: ",") + "]").utf8)
            let expected = Self.streamed(bytes, engine: engine, model: "Row", options: .init(), pretty: pretty, chunk: 1 << 16, batchSize: nil)
            for batchSize in [100 << 10, 200 << 10, 256 << 10, 1 << 20] {
                let got = Self.streamed(bytes, engine: engine, model: "Row", options: .init(), pretty: pretty,
                                        chunk: 1 << 16, batchSize: batchSize, depth: 2)
                #expect(got == expected, "last \(last), pretty \(pretty), batches of \(batchSize)")
            }
            if case .converted(let output) = expected { #expect(output.count > 1 << 20) }
        }
    }

    /// A rule's cost is charged to the document's budget across elements: a batch converted as
    /// if first may spend what earlier elements had left unspent, and is then converted again
    /// in order.
    @Test func theExpressionBudgetRunsOutWhereItRunsOutInOnePlace() throws {
        let engine = try EngineFixture.engine("""
            Tagged:
              properties:
                name: { type: string, transform: "self.trim().upperAscii()" }
            """)
        let array = "[" + (0..<30).map { #"{"name": "  item \#($0)  "}"# }.joined(separator: ",") + "]"
        let bytes = Array(array.utf8)
        var outcomes: Set<String> = []
        for budget in [0, 1, 5, 17, 40, 100, 1_000, 100_000] {
            let options = ConversionOptions(ruleBudget: budget)
            let workspace = Workspace()
            let whole = bytes.withUnsafeBufferPointer { engine.convert($0, model: "Tagged", options: options, workspace: workspace) }
            let expected: ArrayConversionTests.Outcome
            switch whole {
            case .success(let success): expected = .converted(Array(success.output))
            case .failure(let errors): expected = .failed(errors)
            case .malformed(let error): expected = .malformed(error)
            case .unknownModel: Issue.record("no model"); return
            }
            outcomes.insert(String(expected.description.prefix { $0 != " " }))
            for batchSize in [1, 30, 100, 10_000] {
                let got = Self.streamed(bytes, engine: engine, model: "Tagged", options: options, chunk: 64, batchSize: batchSize, depth: 3)
                #expect(got == expected, "budget \(budget), batches of \(batchSize)")
            }
        }
        #expect(outcomes == ["converted", "failed"])
    }

    /// NDJSON lines in batches: the same result lines, the same error entries while the stream's
    /// budget lasts and the same runs of failing lines after it, the same recoveries.
    @Test(arguments: 0..<20 as Range<UInt64>)
    func ndjsonBatchesGiveWhatOnePlaceGives(seed: UInt64) throws {
        var arrays = RandomArrays(seed: seed)
        var random = SeededRandom(seed: seed &+ 3000)
        let engine = ArrayConversionTests.engine
        let model = try #require(engine.model(named: "Item"))
        for _ in 0..<10 {
            // One element of a random array a line, blank lines and broken lines among them.
            var lines: [String] = []
            for _ in 0..<random.below(60) {
                switch random.below(12) {
                case 0: lines.append(random.below(2) == 0 ? "" : "  \t")
                case 1: lines.append(String(decoding: arrays.broken(#"{"id": 1, "name": "x"}"#), as: UTF8.self)
                                        .replacingOccurrences(of: "\n", with: " "))
                default:
                    // An array of at most one element, its brackets taken off: the element, or a blank line.
                    let array = arrays.array(maxElements: 1, faulty: random.below(2) == 0).trimmingCharacters(in: .whitespacesAndNewlines)
                    let element = array.dropFirst().dropLast()
                    lines.append(element.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " "))
                }
            }
            let body = Array(lines.joined(separator: "\n").utf8)
            var options = ArrayConversionTests.options(&random)
            options.maxDepth = 256
            let expected = Self.ndjson(body, engine: engine, model: model, options: options, batchSize: nil)
            for batchSize in [1, 1 + random.below(300), 100_000] {
                let got = Self.ndjson(body, engine: engine, model: model, options: options, batchSize: batchSize)
                #expect(got.output == expected.output, "seed \(seed) batches of \(batchSize): \(String(decoding: got.output, as: UTF8.self)) ≠ \(String(decoding: expected.output, as: UTF8.self))")
                #expect(got.failedLines == expected.failedLines && got.recoveries == expected.recoveries)
            }
        }
    }

    static func ndjson(_ body: [UInt8], engine: Engine, model: CompiledModel, options: ConversionOptions,
                       batchSize: Int?) -> (output: [UInt8], failedLines: Int, recoveries: RecoveryTally) {
        let spool = Spool()
        let lines = NDJSONConversion.LineConverter(engine: engine, model: model, options: options)
        let batches = batchSize.map { _ in ShuffledBatches<NDJSONBatch, NDJSONPart>(depth: 2) { $0.convert(with: lines, workspace: $1) } }
        let conversion = NDJSONConversion(engine: engine, model: model, options: options, output: spool, batches: batches,
                                          batchSize: batchSize ?? 1)
        let workspace = Workspace()
        body.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                let end = min(all.count, offset + 37)
                conversion.feed(UnsafeBufferPointer(rebasing: all[offset..<end]), workspace: workspace)
                offset = end
            }
        }
        conversion.finish(workspace: workspace)
        return (spool.take().readAll(), conversion.failedLines, conversion.recoveries)
    }
}
