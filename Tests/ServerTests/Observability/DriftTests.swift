@testable import convertd
import Dispatch
import MappingEngine
import Primitives
import TestSupport
import Testing

/// The space-saving summary behind the drift report: exact until full, then bounded, keeping the
/// keys that matter with counts inside their error bounds, and mergeable across buckets.
@Suite struct DriftSketchTests {
    @Test func countsAreExactAndSortedByCountThenKeyUntilTheTableIsFull() {
        var sketch = DriftSketch(capacity: 4)
        for key in ["/b", "/a", "/c", "/a", "/b", "/a"] { sketch.add(key) }
        sketch.add("/a", detail: "string_to_int")
        #expect(sketch.entries().map(\.key) == ["/a", "/b", "/a", "/c"])
        #expect(sketch.entries().map(\.detail) == ["", "", "string_to_int", ""])
        #expect(sketch.entries().map(\.count) == [3, 2, 1, 1])
        #expect(sketch.entries().allSatisfy { $0.error == 0 })
        #expect(sketch.omitted == 0 && sketch.floor == 0)
    }

    @Test func aNewKeyInAFullTableTakesTheSmallestCountsPlace() {
        var sketch = DriftSketch(capacity: 2)
        for key in ["/a", "/a", "/a", "/b", "/b", "/c"] { sketch.add(key) }
        // "/b" (2) gave way to "/c", which starts at 2 + 1 with an error of 2.
        let entries = sketch.entries()
        #expect(entries.map(\.key) == ["/a", "/c"])
        #expect(entries.map(\.count) == [3, 3])
        #expect(entries.map(\.error) == [0, 2])
        #expect(sketch.omitted == 1 && sketch.count == 2)
    }

    /// Whatever the order of adds and evictions, each identity is kept once, the counts add up
    /// to the adds (space-saving's invariant), and each count bounds the true one.
    @Test(arguments: [1, 3, 8, 64])
    func evictionsKeepEachIdentityOnceAndTheCountsBounded(capacity: Int) {
        var sketch = DriftSketch(capacity: capacity)
        var truth: [String: Int] = [:]
        var random = SeededRandom(seed: UInt64(capacity))
        for _ in 0..<5_000 {
            let key = "/k\(random.next() % 8 == 0 ? random.next() % 4 : random.next() % 300)"
            sketch.add(key, detail: key.count % 2 == 0 ? "a" : "")
            truth[key, default: 0] += 1
        }
        let entries = sketch.entries()
        #expect(entries.count == min(capacity, truth.count))
        #expect(Set(entries.map(\.key)).count == entries.count)
        #expect(entries.reduce(0) { $0 + $1.count } == 5_000)
        for entry in entries {
            #expect(entry.count - entry.error <= truth[entry.key, default: 0] && truth[entry.key, default: 0] <= entry.count)
        }
    }

    @Test func kindsAccumulateAndTheFirstExampleStays() {
        var sketch = DriftSketch(capacity: 8)
        sketch.add("/subtitle", kinds: .string, example: #""A tale""#)
        sketch.add("/subtitle", kinds: .null, example: "null")
        sketch.add("/subtitle", kinds: .string, example: #""Another""#)
        let entry = sketch.entries()[0]
        #expect(entry.kinds.names == ["string", "null"])
        #expect(entry.example == #""A tale""#)
    }

    @Test func keysAndTextsAreCutToTheirLimitsAtScalarBoundaries() {
        var sketch = DriftSketch(capacity: 8)
        // 255 bytes, then a two-byte "é" that straddles the 256-byte limit.
        let key = "/" + String(repeating: "k", count: 254) + "é" + String(repeating: "x", count: 1000)
        sketch.add(key, detail: String(repeating: "d", count: 500), example: String(repeating: "€", count: 300))
        sketch.add("/" + String(repeating: "k", count: 254) + "é-another-tail", detail: String(repeating: "d", count: 100))
        let entries = sketch.entries()
        #expect(entries.count == 1)
        #expect(entries[0].count == 2)
        #expect(entries[0].key.utf8.count == 255)
        #expect(entries[0].detail.count == 100)
        #expect(entries[0].example.count == 100 && entries[0].example.utf8.count == 300)
    }

    /// 100,000 occurrences of ten heavy keys among a million keys seen once each: the heavy ones
    /// stay on top, each count within its bound, and the table never grows past its capacity.
    @Test func heavyHittersSurviveAMillionRareKeys() {
        let capacity = 256, heavy = 10
        var sketch = DriftSketch(capacity: capacity)
        var total = 0
        for step in 0..<1_100_000 {
            if step % 11 == 0 {
                sketch.add("/heavy/\((step / 11) % heavy)")
            } else {
                sketch.add("/rare/\(step)")
            }
            total += 1
        }
        #expect(sketch.count == capacity)
        let entries = sketch.entries()
        #expect(Set(entries.prefix(heavy).map(\.key)) == Set((0..<heavy).map { "/heavy/\($0)" }))
        for entry in entries.prefix(heavy) {
            #expect(entry.count - entry.error <= 10_000 && 10_000 <= entry.count)
            #expect(entry.error <= total / capacity)
        }
        // Every distinct key past the table's size was evicted once it came: the rare ones, minus those kept.
        #expect(sketch.omitted == 1_000_000 + heavy - capacity)
    }

    @Test func mergingSumsCountsExactlyWhileNothingWasEvicted() {
        var one = DriftSketch(capacity: 8), other = DriftSketch(capacity: 8)
        for key in ["/a", "/a", "/b"] { one.add(key) }
        for key in ["/a", "/c", "/c", "/c"] { other.add(key) }
        one.merge(other)
        #expect(one.entries().map(\.key) == ["/a", "/c", "/b"])
        #expect(one.entries().map(\.count) == [3, 3, 1])
        #expect(one.entries().allSatisfy { $0.error == 0 })
        #expect(one.omitted == 0)
    }

    /// Two streams summarised apart, then merged, bound every key's true count over both.
    @Test func mergingKeepsTheBoundsAfterEvictions() {
        var one = DriftSketch(capacity: 16), other = DriftSketch(capacity: 16)
        var truth: [String: Int] = [:]
        var random = SeededRandom(seed: 25)
        for step in 0..<20_000 {
            // Half the stream on eight hot keys, half spread over 5,000 cold ones.
            let key = random.next() % 2 == 0 ? "/hot\(random.next() % 8)" : "/cold\(random.next() % 5000)"
            truth[key, default: 0] += 1
            if step % 2 == 0 { one.add(key) } else { other.add(key) }
        }
        one.merge(other)
        #expect(one.count == 16)
        #expect(one.omitted > 0)
        #expect(Set(one.entries().prefix(8).map(\.key)) == Set((0..<8).map { "/hot\($0)" }))
        for entry in one.entries() {
            let seen = truth[entry.key, default: 0]
            #expect(entry.count - entry.error <= seen && seen <= entry.count, "\(entry.key)")
        }
        // A key not kept was seen no more often than the smallest count kept.
        let kept = Set(one.entries().map(\.key))
        #expect(truth.filter { !kept.contains($0.key) }.allSatisfy { $0.value <= one.floor })
    }
}

/// The sliding window of one model's drift and the report it writes.
@Suite struct DriftWindowTests {
    /// 2026-11-27T11:00:00Z, a bucket boundary.
    static let eleven = 1_795_777_200.0

    static func observation(unknown: String = "/subtitle") -> DriftObservation {
        var observation = DriftObservation()
        observation.unknownKeys = [(unknown, DriftKinds(ofJSON: #""A tale""#), #""A tale""#)]
        return observation
    }

    @Test func theReportHasTheDesignsShapeWithListsSortedByCountThenPath() {
        var window = DriftWindow(seconds: 3600, buckets: 12, entries: 256, sampleEvery: 16)
        var first = DriftObservation()
        first.unknownKeys = [("/subtitle", .string, #""A tale""#), ("/isbn13", .integer, "9780441013593")]
        first.coercions = [("/price", "string_to_decimal"), ("/pages", "string_to_int")]
        first.recoveries = [("/published", "invalid_date")]
        first.errors = [("/id", "out_of_range"), ("/status", "enum_mismatch")]
        first.outsideEnum = [("/status", #""archived""#)]
        var second = DriftObservation()
        second.unknownKeys = [("/subtitle", .null, "null")]
        second.coercions = [("/price", "string_to_decimal")]
        window.observe(first, now: Self.eleven - 600)
        window.observe(second, now: Self.eleven - 1)
        let report = window.report(model: "Book", version: 3, now: Self.eleven - 0.5)
        let expected = #"{"model":"Book","version":3,"window":{"seconds":3600,"from":"2026-11-27T10:00:00Z","to":"2026-11-27T10:59:59Z"},"#
            + #""sampleEvery":16,"conversions":32,"sampled":2,"#
            + #""unknownKeys":[{"path":"/subtitle","count":2,"kinds":["string","null"],"example":"\"A tale\""},"#
            + #"{"path":"/isbn13","count":1,"kinds":["integer"],"example":"9780441013593"}],"#
            + #""coercions":[{"path":"/price","rule":"string_to_decimal","count":2},{"path":"/pages","rule":"string_to_int","count":1}],"#
            + #""recoveries":[{"path":"/published","code":"invalid_date","count":1}],"#
            + #""errors":[{"path":"/id","code":"out_of_range","count":1},{"path":"/status","code":"enum_mismatch","count":1}],"#
            + #""outsideEnum":[{"path":"/status","value":"\"archived\"","count":1}],"#
            + #""omitted":{"unknownKeys":0,"coercions":0,"recoveries":0,"errors":0,"outsideEnum":0},"#
            + #""limits":{"entries":256,"buckets":12}}"#
        #expect(report.jsonText == expected)
    }

    @Test func bucketsOlderThanTheWindowAreForgotten() {
        var window = DriftWindow(seconds: 3600, buckets: 12, entries: 16, sampleEvery: 1)
        window.observe(Self.observation(unknown: "/old"), now: Self.eleven)
        window.observe(Self.observation(unknown: "/newer"), now: Self.eleven + 1800)
        #expect(window.total(now: Self.eleven + 3599).unknownKeys.entries().map(\.key) == ["/newer", "/old"])
        // An hour after its bucket began, the first observation has left the window.
        #expect(window.total(now: Self.eleven + 3600).unknownKeys.entries().map(\.key) == ["/newer"])
        #expect(window.total(now: Self.eleven + 3600).sampled == 1)
        // Its place in the ring is taken by a new bucket, which starts empty.
        window.observe(Self.observation(unknown: "/newest"), now: Self.eleven + 3600)
        #expect(window.total(now: Self.eleven + 3600).unknownKeys.entries().map(\.key) == ["/newer", "/newest"])
        #expect(window.total(now: Self.eleven + 9000).sampled == 0)
    }

    @Test func aClockSteppingBackCountsInTheNewestBucket() {
        var window = DriftWindow(seconds: 3600, buckets: 12, entries: 16, sampleEvery: 1)
        window.observe(Self.observation(unknown: "/late"), now: Self.eleven + 1000)
        window.observe(Self.observation(unknown: "/stepped-back"), now: Self.eleven - 5000)
        #expect(window.total(now: Self.eleven + 1000).unknownKeys.entries().map(\.key) == ["/late", "/stepped-back"])
    }

    @Test func aMillionDistinctUnknownKeysKeepEachListAtItsCapacity() {
        var window = DriftWindow(seconds: 3600, buckets: 12, entries: 256, sampleEvery: 16)
        var observation = DriftObservation()
        for step in 0..<1_000_000 {
            observation.unknownKeys = [("/key\(step)", .string, #""x""#)]
            // Spread over three buckets.
            window.observe(observation, now: Self.eleven + Double(step / 400_000) * 300)
        }
        let total = window.total(now: Self.eleven + 900)
        #expect(total.unknownKeys.count == 256)
        #expect(total.sampled == 1_000_000 && total.conversions == 16_000_000)
        guard case .object(let members)? = window.report(model: "M", version: 1, now: Self.eleven + 900)["omitted"] else {
            Issue.record("no omitted object")
            return
        }
        #expect(members.first { $0.key == "unknownKeys" }?.value == .number(String(1_000_000 - 256)))
    }

    @Test func theKindOfAValueIsToldByItsText() {
        let cases: [(String, [String])] = [
            (#""text""#, ["string"]), ("12", ["integer"]), ("-3", ["integer"]), ("1.5", ["number"]), ("2e3", ["number"]),
            ("true", ["boolean"]), ("false", ["boolean"]), ("null", ["null"]), (#"{"a":1}"#, ["object"]), ("[1]", ["array"]), ("", []),
        ]
        for (text, names) in cases { #expect(DriftKinds(ofJSON: text).names == names, "\(text)") }
    }

    @Test func timestampsAreRFC3339UTCToTheSecond() {
        #expect(DriftWindow.timestamp(Self.eleven + 0.9) == "2026-11-27T11:00:00Z")
        #expect(DriftWindow.timestamp(0) == "1970-01-01T00:00:00Z")
        #expect(DriftWindow.timestamp(-5) == "1970-01-01T00:00:00Z")
        #expect(DriftWindow.timestamp(.infinity) == "1970-01-01T00:00:00Z")
        #expect(DriftWindow.timestamp(1e20) == "9999-12-31T23:59:59Z")
    }
}

/// The monitor: the sampling decision, one window per model up to a cap, and the observations
/// built from the engine's real results.
@Suite struct DriftMonitorTests {
    /// A clock the test moves.
    final class TestClock: Sendable {
        let now = Guarded(DriftWindowTests.eleven)
        var read: @Sendable () -> Double { { [now] in now.withLock { $0 } } }
    }

    @Test(arguments: [1, 2, 16, 100])
    func oneConversionInSampleEveryIsSampledOnEachThread(every: Int) {
        let monitor = DriftMonitor(settings: .init(sampleEvery: every))
        SampleCountdown.current().pointee = (1, 0)
        let decisions = (0..<(every * 50)).map { _ in monitor.shouldSample() }
        #expect(decisions.filter { $0 }.count == 50)
        #expect(decisions.first == true)
        let threads = 4
        let counts = Guarded([Int](repeating: 0, count: threads))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            SampleCountdown.current().pointee = (1, 0)
            let sampled = (0..<(every * 25)).filter { _ in monitor.shouldSample() }.count
            counts.withLock { $0[thread] = sampled }
        }
        #expect(counts.withLock { $0 } == [Int](repeating: 25, count: threads))
    }

    /// A sample that took `t` spaces the thread's next by `t / 100 ns` conversions, which it
    /// then stands for in the report: drift costs any payload at most 100 ns a conversion.
    @Test func aCostlySampleSpacesTheNextAndStandsForTheConversionsBetween() throws {
        let clock = TestClock()
        // Samples are timed by a clock of the test's, so that a loaded machine cannot stretch them.
        let nanoseconds: UInt64 = 5_000_000_000
        let monitor = DriftMonitor(settings: .init(sampleEvery: 16), clock: clock.read, nanoseconds: { nanoseconds })
        SampleCountdown.current().pointee = (1, 0)
        #expect(monitor.shouldSample())
        // 2 ms for the first sample: 20,000 conversions before the next.
        let error = JSONSyntaxError(code: JSONSyntaxError.badJSON, message: "x", offset: 0, line: 1, column: 1)
        monitor.record(.malformed(error), model: "Book", started: nanoseconds - 2_000_000)
        let next = (1...40_000).first { _ in monitor.shouldSample() }
        #expect((20_000...20_100).contains(try #require(next)), "\(String(describing: next))")
        monitor.record(model: "Book", observation: DriftObservation(), standingFor: SampleCountdown.current().pointee.interval)
        guard case .number(let conversions)? = monitor.report(model: "Book", version: 1)?["conversions"] else {
            Issue.record("no report")
            return
        }
        #expect((20_000...20_100).contains(Int(conversions) ?? 0), "\(conversions)")
        // A quick sample brings the thread back to one in `sampleEvery`.
        monitor.record(.malformed(error), model: "Book", started: nanoseconds)
        #expect((1...16).filter { _ in monitor.shouldSample() } == [16])
    }

    @Test func driftOffSamplesNothingAndRecordsNothing() {
        let monitor = DriftMonitor(settings: .init(sampleEvery: 0))
        #expect(!(0..<1000).contains { _ in monitor.shouldSample() })
        monitor.record(model: "Book", observation: DriftObservation())
        #expect(monitor.trackedModels == 0 && monitor.report(model: "Book", version: 1) == nil)
    }

    @Test func modelsPastTheCapAreCountedNotTracked() {
        let monitor = DriftMonitor(settings: .init(sampleEvery: 1), maxModels: 3)
        for model in ["A", "B", "C", "D", "E", "A", "D"] { monitor.record(model: model, observation: DriftObservation()) }
        #expect(monitor.trackedModels == 3)
        #expect(monitor.untrackedObservations == 3)
        #expect(monitor.report(model: "A", version: 1)?["sampled"] == .number("2"))
        #expect(monitor.report(model: "D", version: 1) == nil)
        monitor.forget(model: "A")
        monitor.record(model: "D", observation: DriftObservation())
        #expect(monitor.trackedModels == 3 && monitor.report(model: "D", version: 1) != nil)
    }

    /// At 11:00:00 a bucket begins: the window's five others began 500 seconds before.
    @Test func anUnobservedModelHasAnEmptyReport() {
        let clock = TestClock()
        let monitor = DriftMonitor(settings: .init(sampleEvery: 8, window: 600, buckets: 6, entries: 32), clock: clock.read)
        let report = monitor.emptyReport(model: "Book", version: 2)
        #expect(report.jsonText == #"{"model":"Book","version":2,"window":{"seconds":600,"from":"2026-11-27T10:51:40Z","#
            + #""to":"2026-11-27T11:00:00Z"},"sampleEvery":8,"conversions":0,"sampled":0,"unknownKeys":[],"coercions":[],"#
            + #""recoveries":[],"errors":[],"outsideEnum":[],"#
            + #""omitted":{"unknownKeys":0,"coercions":0,"recoveries":0,"errors":0,"outsideEnum":0},"limits":{"entries":32,"buckets":6}}"#)
    }

    @Test func recordsFromManyThreadsAreAllCounted() {
        let clock = TestClock()
        let monitor = DriftMonitor(settings: .init(sampleEvery: 4), clock: clock.read)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<1000 {
                monitor.record(model: step % 2 == 0 ? "Even" : "Odd", observation: DriftWindowTests.observation(unknown: "/t\(thread)"))
            }
        }
        for model in ["Even", "Odd"] {
            let report = monitor.report(model: model, version: 1)
            #expect(report?["sampled"] == .number("2000") && report?["conversions"] == .number("8000"))
            #expect(report?["unknownKeys"].map { if case .array(let items) = $0 { items.count } else { 0 } } == 4)
        }
        clock.now.withLock { $0 += 3600 }
        #expect(monitor.report(model: "Even", version: 1)?["sampled"] == .number("0"))
    }

    static let schema = """
        Item:
          unknownKeys: report
          properties:
            status: { type: string, enum: [draft, published] }
            price: decimal
            count: { type: int32, default: -1, onError: default }
        """

    /// Converts `payload` to `Item` with `explain` and builds the observation of its result.
    static func observe(_ payload: String) throws -> DriftObservation? {
        let engine = try Engine(sources: [SchemaSource(file: "drift.yaml", text: schema)])
        let workspace = Workspace()
        return Array(payload.utf8).withUnsafeBufferPointer { bytes in
            switch engine.convert(bytes, model: "Item", options: ConversionOptions(explain: true), workspace: workspace) {
            case .success(let success): DriftObservation(success: success)
            case .failure(let errors): DriftObservation(errors: errors)
            case .malformed, .unknownModel: nil
            }
        }
    }

    @Test func aSuccessGivesItsUnknownKeysCoercionsAndRecoveries() throws {
        let observation = try #require(try Self.observe(#"{"status": "draft", "price": "12.50", "count": "many", "colour": "red", "tags": [1]}"#))
        #expect(observation.unknownKeys.map(\.path) == ["/colour", "/tags"])
        #expect(observation.unknownKeys.map(\.kinds) == [.string, .array])
        #expect(observation.unknownKeys.map(\.example) == [#""red""#, "[1]"])
        #expect(observation.coercions.map(\.path) == ["/price"])
        #expect(observation.coercions.first?.rule.isEmpty == false)
        #expect(observation.recoveries.map(\.path) == ["/count"] && observation.recoveries.map(\.code) == ["invalid_number"])
        #expect(observation.errors.isEmpty && observation.outsideEnum.isEmpty)
    }

    @Test func aFailureGivesItsErrorsAndTheValuesOutsideAnEnum() throws {
        let observation = try #require(try Self.observe(#"{"status": "archived", "price": "cheap"}"#))
        #expect(observation.errors.map(\.path) == ["/status", "/price"])
        #expect(observation.errors.map(\.code) == ["enum_mismatch", "invalid_number"])
        #expect(observation.outsideEnum.map(\.path) == ["/status"] && observation.outsideEnum.map(\.value) == [#""archived""#])
        #expect(observation.unknownKeys.isEmpty && observation.coercions.isEmpty)
    }

    @Test func theClosingTooManyErrorsEntryIsNoError() {
        let errors = [ConversionError(path: "/a", code: .outOfRange, message: ""), .tooMany(total: 5, listed: 1)]
        #expect(DriftObservation(errors: errors).errors.map(\.code) == ["out_of_range"])
    }
}
