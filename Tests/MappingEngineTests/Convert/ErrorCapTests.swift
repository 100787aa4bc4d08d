import Testing
@testable import MappingEngine

/// SPEC §6's error cap: a document lists its first `maxErrors` errors, then one
/// `too_many_errors` entry with the total; coercions and unknown keys are capped alike; and a
/// workspace gives back what a large document made it grow to.
@Suite struct ErrorCapTests {
    /// A model whose one property is required, so each `{}` element is one `missing` error.
    static let schema = """
        R:
          properties:
            a: { type: int32, required: true }
        C:
          properties:
            v: "array<int32>"
        U:
          unknownKeys: report
          properties:
            a: int32
        """

    /// An array of `count` empty objects, as JSON text.
    static func empties(_ count: Int) -> [UInt8] {
        Array(("[" + Array(repeating: "{}", count: count).joined(separator: ",") + "]").utf8)
    }

    /// How many errors a document has, the cap, and what the list should hold.
    struct CapRow: Sendable, CustomTestStringConvertible {
        let errors: Int
        /// nil: the default cap.
        let maxErrors: Int?
        let listed: Int
        /// The total on the `too_many_errors` entry; nil when there should be none.
        let total: Int?

        var testDescription: String { "\(errors) errors, cap \(maxErrors.map(String.init) ?? "default") → \(listed) listed" }
    }

    static let capRows: [CapRow] = [
        .init(errors: 1, maxErrors: nil, listed: 1, total: nil),
        .init(errors: 100, maxErrors: nil, listed: 100, total: nil),
        .init(errors: 101, maxErrors: nil, listed: 100, total: 101),
        .init(errors: 150, maxErrors: nil, listed: 100, total: 150),
        .init(errors: 3, maxErrors: 3, listed: 3, total: nil),
        .init(errors: 5, maxErrors: 3, listed: 3, total: 5),
        .init(errors: 5, maxErrors: 1, listed: 1, total: 5),
        .init(errors: 100_000, maxErrors: nil, listed: 100, total: 100_000),
        .init(errors: 100_000, maxErrors: 10, listed: 10, total: 100_000),
    ]

    @Test(arguments: capRows)
    func theFirstErrorsAreListedThenOneEntryWithTheTotal(_ row: CapRow) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let options = row.maxErrors.map { ConversionOptions(maxErrors: $0) } ?? ConversionOptions()
        guard case .failure(let errors) = engine.convert(Self.empties(row.errors), model: "R", options: options) else {
            Issue.record("expected failure")
            return
        }
        let listed = errors.filter { $0.code != .tooManyErrors }
        #expect(listed.map(\.path) == (0..<row.listed).map { "/\($0)/a" })
        #expect(listed.allSatisfy { $0.code == .missing && $0.total == nil })
        let summaries = errors.filter { $0.code == .tooManyErrors }
        if let total = row.total {
            #expect(errors.count == row.listed + 1)
            #expect(errors.last?.code == .tooManyErrors)
            #expect(errors.last?.path == "")
            #expect(errors.last?.total == total)
        } else {
            #expect(summaries.isEmpty)
        }
    }

    @Test func theSummaryIsWrittenWithItsTotal() throws {
        let engine = try EngineFixture.engine(Self.schema)
        guard case .failure(let errors) = engine.convert(Self.empties(3), model: "R", options: .init(maxErrors: 2)) else {
            Issue.record("expected failure")
            return
        }
        let body = try EngineFixture.json(String(decoding: ResultJSON.errors(errors, schema: "R").jsonBytes, as: UTF8.self))
        guard case .object(let members) = body, case .array(let entries)? = members.first(where: { $0.key == "errors" })?.value,
              case .object(let last)? = entries.last else {
            Issue.record("unexpected body \(body)")
            return
        }
        #expect(entries.count == 3)
        #expect(last.first { $0.key == "code" }?.value == .string("too_many_errors"))
        #expect(last.first { $0.key == "path" }?.value == .string(""))
        #expect(last.first { $0.key == "total" }?.value == .number("3"))
    }

    @Test func messagesPastTheCapAreNeverFormatted() throws {
        let tape = JSONTape()
        let input = Array("{}".utf8)
        let elementKeys = ElementKeyStack()
        defer { withExtendedLifetime(elementKeys) {} }
        var formatted = 0
        let (recorded, counted) = try input.withUnsafeBufferPointer { bytes in
            let document = try JSONParser().parse(bytes, into: tape)
            var ctx = ConversionContext(document: document, out: JSONWriter(capacity: 64), slots: SlotStack(), keyOrders: KeyOrders(),
                                        options: ConversionOptions(maxErrors: 2), expressions: ExpressionScratch(),
                                        elementKeys: elementKeys)
            defer {
                ctx.out.deallocate()
                ctx.slots.deallocate()
                ctx.keyOrders.deallocate()
            }
            func message() -> String {
                formatted += 1
                return "formatted"
            }
            for _ in 0..<5 { ctx.fail(.missing, message(), node: 0) }
            return (ctx.issues.count, ctx.errorCount)
        }
        #expect(recorded == 2)
        #expect(counted == 5)
        #expect(formatted == 2)
    }

    // MARK: explain

    /// Coercions or unknown keys in a document, the cap, and how many should be listed.
    struct ExplainRow: Sendable, CustomTestStringConvertible {
        let model: String
        let count: Int
        let maxErrors: Int
        let listed: Int
        let omitted: Int

        var testDescription: String { "\(model): \(count) with cap \(maxErrors)" }

        /// `C`: an array of `count` digit strings (one coercion each); `U`: `count` unknown keys.
        var input: [UInt8] {
            let text = model == "C"
                ? #"{"v":["# + Array(repeating: #""1""#, count: count).joined(separator: ",") + "]}"
                : "{" + (0..<count).map { #""k\#($0)":1"# }.joined(separator: ",") + "}"
            return Array(text.utf8)
        }
    }

    static let explainRows: [ExplainRow] = [
        .init(model: "C", count: 3, maxErrors: 5, listed: 3, omitted: 0),
        .init(model: "C", count: 5, maxErrors: 5, listed: 5, omitted: 0),
        .init(model: "C", count: 12, maxErrors: 5, listed: 5, omitted: 7),
        .init(model: "C", count: 1000, maxErrors: 100, listed: 100, omitted: 900),
        .init(model: "U", count: 5, maxErrors: 5, listed: 5, omitted: 0),
        .init(model: "U", count: 12, maxErrors: 5, listed: 5, omitted: 7),
        .init(model: "U", count: 1000, maxErrors: 100, listed: 100, omitted: 900),
    ]

    @Test(arguments: explainRows)
    func explainListsAtMostTheCapAndCountsTheRest(_ row: ExplainRow) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let workspace = Workspace()
        let input = row.input
        let body: [UInt8]? = input.withUnsafeBufferPointer { bytes in
            let options = ConversionOptions(explain: true, maxErrors: row.maxErrors)
            guard case .success(let success) = engine.convert(bytes, model: row.model, options: options, workspace: workspace) else {
                return nil
            }
            let listed = row.model == "C" ? success.coercions.count : success.unknownKeys.count
            let omitted = row.model == "C" ? success.coercionsOmitted : success.unknownKeysOmitted
            #expect(listed == row.listed)
            #expect(omitted == row.omitted)
            return ResultJSON.explained(success)
        }
        guard let body else {
            Issue.record("expected success")
            return
        }
        guard case .object(let members) = try EngineFixture.json(String(decoding: body, as: UTF8.self)) else {
            Issue.record("not an object")
            return
        }
        let name = row.model == "C" ? "coercionsOmitted" : "unknownKeysOmitted"
        let other = row.model == "C" ? "unknownKeysOmitted" : "coercionsOmitted"
        #expect(members.first { $0.key == name }?.value == (row.omitted > 0 ? .number(String(row.omitted)) : nil))
        #expect(!members.contains { $0.key == other })
    }

    // MARK: workspace memory

    @Test(arguments: [false, true])
    func shrinkingGivesBackWhatALargeDocumentGrew(failing: Bool) throws {
        let engine = try EngineFixture.engine(Self.schema)
        let workspace = Workspace()
        let resting = workspace.allocatedBytes
        let item = failing ? "{}" : #"{"a":12345}"#
        // Enough items that the output, too, outgrows the resting limit.
        let large = Array(("[" + Array(repeating: item, count: 400_000).joined(separator: ",") + "]").utf8)
        _ = large.withUnsafeBufferPointer { engine.convert($0, model: "R", options: .init(), workspace: workspace) }
        #expect(workspace.hasGrown)
        #expect(workspace.allocatedBytes > resting + Workspace.restingLimit)
        workspace.shrink()
        #expect(!workspace.hasGrown)
        #expect(workspace.allocatedBytes == resting)
        // Still usable afterwards, growing again as needed.
        let small = Array(#"[{"a":1},{"a":"2"}]"#.utf8)
        let output: String? = small.withUnsafeBufferPointer { bytes in
            guard case .success(let success) = engine.convert(bytes, model: "R", options: .init(), workspace: workspace) else { return nil }
            return String(decoding: success.output, as: UTF8.self)
        }
        #expect(output == #"[{"a":1},{"a":2}]"#)
    }

    @Test func aSmallDocumentLeavesNothingToShrink() throws {
        let engine = try EngineFixture.engine(Self.schema)
        let workspace = Workspace()
        _ = Self.empties(1000).withUnsafeBufferPointer { engine.convert($0, model: "R", options: .init(), workspace: workspace) }
        #expect(!workspace.hasGrown)
    }

    @Test func theSlotStackReturnsToItsRestingCapacity() {
        var slots = SlotStack()
        defer { slots.deallocate() }
        _ = slots.push(300_000)
        #expect(slots.capacity >= 300_000)
        slots.shrink(above: Workspace.restingLimit)
        #expect(slots.capacity >= 300_000, "a stack in use keeps its memory")
        slots.pop(300_000)
        slots.shrink(above: Workspace.restingLimit)
        #expect(slots.capacity == SlotStack.restingCapacity)
    }
}
