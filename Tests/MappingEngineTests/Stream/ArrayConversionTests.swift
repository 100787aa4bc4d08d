import Foundation
import TestSupport
import Testing
@testable import MappingEngine
import Spooling

/// A top-level array converted element by element as its bytes arrive gives what the whole
/// document gives — output bytes, errors, syntax errors and their positions — however it is
/// cut into chunks; and beyond that, an element over the size limit fails alone.
@Suite struct ArrayConversionTests {
    /// What a conversion came to, comparable across the two ways of converting.
    enum Outcome: Equatable, CustomStringConvertible {
        case converted([UInt8])
        case failed([ConversionError])
        case malformed(JSONSyntaxError)

        var description: String {
            switch self {
            case .converted(let bytes): "converted \(String(decoding: bytes, as: UTF8.self))"
            case .failed(let errors): "failed \(errors.map { "\($0.code.rawValue)@\($0.path)" })"
            case .malformed(let error): "malformed \(error)"
            }
        }
    }

    static let engine: Engine = {
        do { return try EngineFixture.engine(RandomArrays.schema) } catch { fatalError("the fixture schema does not load: \(error)") }
    }()

    /// The whole document converted at once, as the collected path does.
    static func whole(_ bytes: [UInt8], options: ConversionOptions, pretty: Bool) -> Outcome {
        let workspace = Workspace()
        let result = bytes.withUnsafeBufferPointer { engine.convert($0, model: "Item", options: options, workspace: workspace) }
        switch result {
        case .success(let success):
            // `Item` reports unknown keys, so its answers are explained even unasked.
            let output = success.explained ? ResultJSON.explained(success) : Array(success.output)
            return .converted(pretty ? output.withUnsafeBufferPointer { JSONPrettyPrinter.format($0) } : output)
        case .failure(let errors): return .failed(errors)
        case .malformed(let error): return .malformed(error)
        case .unknownModel(let name): fatalError("unknown model \(name)")
        }
    }

    /// The document streamed in chunks of `sizes` (cycled) through an `ArrayConversion`.
    static func streamed(_ bytes: [UInt8], options: ConversionOptions, pretty: Bool, sizes: [Int],
                         maxElementBytes: Int = .max, spoolMemory: Int = Spool.defaultMemoryLimit) -> Outcome {
        let spool = Spool(memoryLimit: spoolMemory)
        let model = engine.model(named: "Item")!
        let conversion = ArrayConversion(model: model, options: options, maxElementBytes: maxElementBytes, pretty: pretty, output: spool)
        let workspace = Workspace()
        var offset = 0
        var turn = 0
        bytes.withUnsafeBufferPointer { all in
            while offset < all.count {
                let end = offset + min(all.count - offset, max(1, sizes[turn % sizes.count]))
                conversion.feed(UnsafeBufferPointer(rebasing: all[offset..<end]), workspace: workspace)
                offset = end
                turn += 1
            }
        }
        switch conversion.finish(workspace: workspace) {
        case .converted: return .converted(spool.take().readAll())
        case .failed(let errors): return .failed(errors)
        case .malformed(let error): return .malformed(error)
        }
    }

    /// Random options: mode, explain, a small error cap or the default, a shallow depth limit or the default.
    static func options(_ random: inout SeededRandom) -> ConversionOptions {
        ConversionOptions(mode: random.below(3) == 0 ? .strict : .lax, explain: random.below(3) == 0,
                          maxDepth: random.below(4) == 0 ? 2 + random.below(4) : 256,
                          maxErrors: random.below(3) == 0 ? 1 + random.below(4) : 100)
    }

    @Test(arguments: 0..<40 as Range<UInt64>)
    func aStreamedArrayGivesWhatTheWholeDocumentGives(seed: UInt64) {
        var arrays = RandomArrays(seed: seed)
        var random = SeededRandom(seed: seed &+ 1000)
        var outcomes: [String: Int] = [:]
        for round in 0..<30 {
            let text = arrays.array(faulty: random.below(2) == 0)
            let bytes = random.below(3) == 0 ? arrays.broken(text) : Array(text.utf8)
            guard bytes.withUnsafeBufferPointer({ DocumentStart($0) }) == .array else { continue }
            let options = Self.options(&random)
            let pretty = random.below(4) == 0
            let expected = Self.whole(bytes, options: options, pretty: pretty)
            outcomes[String(expected.description.prefix { $0 != " " }), default: 0] += 1
            let chunkings: [[Int]] = [[.max], [1], [2, 7, 1], [random.below(64) + 1, random.below(300) + 1]]
            for sizes in chunkings {
                let got = Self.streamed(bytes, options: options, pretty: pretty, sizes: sizes)
                #expect(got == expected, "seed \(seed) round \(round) chunks \(sizes): \(String(decoding: bytes, as: UTF8.self))")
            }
            // One document a seed cut in two at every byte: each element lies whole in a chunk,
            // or spans the cut.
            if round == 0 {
                for cut in 0...bytes.count {
                    let got = Self.streamed(bytes, options: options, pretty: pretty, sizes: [cut, .max])
                    #expect(got == expected, "seed \(seed) cut at \(cut): \(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }
        // Each seed's documents come out every way: converted, failed and malformed.
        #expect(outcomes.count == 3, "seed \(seed): \(outcomes)")
    }

    @Test func errorsKeepTheirIndexAndTheCapCountsAcrossElements() {
        let bytes = Array(#"[{"id":1},{"id":"x"},{"id":2},{},{"id":"y","price":-1}]"#.utf8)
        let options = ConversionOptions(maxErrors: 2)
        let got = Self.streamed(bytes, options: options, pretty: false, sizes: [5])
        guard case .failed(let errors) = got else {
            Issue.record("expected errors, got \(got)")
            return
        }
        #expect(errors.map(\.path) == ["/1/id", "/3/id", ""])
        #expect(errors.map(\.code) == [.invalidNumber, .missing, .tooManyErrors])
        #expect(errors.last?.total == 4)
        #expect(got == Self.whole(bytes, options: options, pretty: false))
    }

    @Test func aSyntaxErrorIsPlacedInTheWholeBody() {
        // 600 lines before the error: more than one 255-step block of the newline count.
        let text = "[\n" + String(repeating: "{\"id\": 1},\n", count: 600) + "  {\"id\": 2 \"name\": \"x\"}\n]"
        let bytes = Array(text.utf8)
        for sizes in [[.max], [1], [1000, 3]] {
            let got = Self.streamed(bytes, options: .init(), pretty: false, sizes: sizes)
            guard case .malformed(let error) = got else {
                Issue.record("expected bad_json, got \(got)")
                continue
            }
            #expect(error.code == "bad_json")
            #expect(error.line == 602)
            #expect(error.column == 12)
            #expect(error.offset == 2 + 600 * 11 + 11)
            #expect(got == Self.whole(bytes, options: .init(), pretty: false))
        }
    }

    @Test func anElementOverTheLimitFailsAloneAtItsIndex() {
        let long = #"{"id":2,"name":""# + String(repeating: "y", count: 500) + "\"}"
        let bytes = Array(#"[{"id":1}, "# .utf8) + Array(long.utf8) + Array(#",{"id":"x"},{"id":3}]"#.utf8)
        for sizes in [[.max], [1], [7, 100], [20]] {
            let got = Self.streamed(bytes, options: .init(), pretty: false, sizes: sizes, maxElementBytes: 200)
            guard case .failed(let errors) = got else {
                Issue.record("expected errors, got \(got)")
                continue
            }
            #expect(errors.map { "\($0.code.rawValue)@\($0.path)" } == ["body_too_large@/1", "invalid_number@/2/id"])
        }
        // Every element within the limit: converted.
        let fits = Array(#"[{"id":1}, {"id":3}]"#.utf8)
        #expect(Self.streamed(fits, options: .init(), pretty: false, sizes: [3], maxElementBytes: 10)
            == .converted(Array(#"{"result":[{"id":1},{"id":3}],"coercions":[],"unknownKeys":[]}"#.utf8)))
    }

    @Test func aSyntaxErrorWithinTheLimitOfALongElementIsStillBadJSON() {
        let bytes = Array(("[{\"id\":1 2" + String(repeating: " ", count: 500) + "}]").utf8)
        for sizes in [[.max], [1], [64]] {
            let got = Self.streamed(bytes, options: .init(), pretty: false, sizes: sizes, maxElementBytes: 100)
            guard case .malformed(let error) = got else {
                Issue.record("expected bad_json, got \(got)")
                continue
            }
            #expect(error.offset == 9)
        }
    }

    @Test func aLargeArrayConvertsInBoundedMemory() {
        let element = #"{"id":"12","name":"a name with ] and \" inside","tags":"x","extra":{"k":[1,2,{"k":"]"}]}}"#
        let count = 20_000
        let bytes = Array(("[" + Array(repeating: element, count: count).joined(separator: ",\n") + "]").utf8)
        let spool = Spool()
        let conversion = ArrayConversion(model: Self.engine.model(named: "Item")!, output: spool)
        let workspace = Workspace()
        var peak = 0
        bytes.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                let end = min(all.count, offset + 4096)
                conversion.feed(UnsafeBufferPointer(rebasing: all[offset..<end]), workspace: workspace)
                peak = max(peak, workspace.allocatedBytes)
                offset = end
            }
        }
        guard case .converted(let elements) = conversion.finish(workspace: workspace) else {
            Issue.record("expected the array converted")
            return
        }
        #expect(elements == count)
        #expect(peak < 256 * 1024, "the workspace grew to \(peak) bytes")
        guard case .file(let descriptor, let size) = spool.take() else {
            Issue.record("expected the output spooled to a file")
            return
        }
        close(descriptor)
        #expect(size > 1 << 20)
    }

    @Test func theModelStaysTheSameForTheWholeArray() throws {
        let engine = try EngineFixture.engine("Thing:\n  properties:\n    id: int64\n")
        let spool = Spool()
        let conversion = ArrayConversion(model: try #require(engine.model(named: "Thing")), output: spool)
        let workspace = Workspace()
        Array(#"[{"id":1},"#.utf8).withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
        guard case .success = engine.delete(model: "Thing") else {
            Issue.record("the model was not deleted")
            return
        }
        #expect(engine.model(named: "Thing") == nil)
        Array(#"{"id":2}]"#.utf8).withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
        guard case .converted = conversion.finish(workspace: workspace) else {
            Issue.record("expected the array converted")
            return
        }
        #expect(spool.take().readAll() == Array(#"[{"id":1},{"id":2}]"#.utf8))
    }

    @Test(arguments: [("  [1]", DocumentStart.array), ("\n\t{}", .other), ("x", .other), (" \r\n", .undecided), ("", .undecided)])
    func theFirstByteTellsAnArray(text: String, start: DocumentStart) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { DocumentStart($0) } == start)
    }
}
