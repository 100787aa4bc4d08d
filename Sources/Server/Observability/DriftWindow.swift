import Glibc
import MappingEngine

/// The drift one model showed over the last `seconds` of sampled conversions: `bucketCount`
/// buckets of `seconds / bucketCount` each, every one with a `DriftSketch` per list of the drift
/// report and the counts of conversions. The report sums the buckets still inside the window;
/// a bucket is dropped when its place in the ring is needed by a newer one.
///
/// Time is given by the caller as seconds since 1970 (the wall clock, so that the report can
/// name its bounds); a clock that steps back is folded into the newest bucket seen, never into
/// one the ring has already reused.
///
/// Memory bound: `bucketCount × 5 × entries` sketch entries, each with at most 256 bytes of path
/// and 400 bytes (100 characters) of detail or example text (a list keeps one or the other), and
/// about 250 bytes of bookkeeping (the entry, its heap places, its hash table slot, the strings'
/// headers): with the service's defaults (6 buckets, 32 entries) 960 entries, about 0.9 MB in the
/// worst case of every text at its limit and every list full in every bucket, about 0.3 MB for
/// paths and examples of a few dozen bytes. A report briefly holds one more bucket's worth. A type with no
/// lock: the monitor holds each model's window behind its own.
struct DriftWindow: Sendable {
    /// One slice of the window.
    struct Bucket: Sendable {
        /// Which slice of time: `⌊time / bucketSeconds⌋`; -1 for a place of the ring not used yet.
        var number: Int
        var unknownKeys: DriftSketch
        var coercions: DriftSketch
        var recoveries: DriftSketch
        var errors: DriftSketch
        var outsideEnum: DriftSketch
        /// Conversions the samples stand for.
        var conversions = 0
        /// Conversions observed.
        var sampled = 0

        init(number: Int, entries: Int) {
            self.number = number
            unknownKeys = DriftSketch(capacity: entries)
            coercions = DriftSketch(capacity: entries)
            recoveries = DriftSketch(capacity: entries)
            errors = DriftSketch(capacity: entries)
            outsideEnum = DriftSketch(capacity: entries)
        }

        /// Adds one sampled conversion, which stands for `conversions` conversions.
        mutating func observe(_ observation: DriftObservation, standingFor conversions: Int) {
            self.conversions += conversions
            sampled += 1
            for item in observation.unknownKeys { unknownKeys.add(item.path, kinds: item.kinds, example: item.example) }
            for item in observation.coercions { coercions.add(item.path, detail: item.rule) }
            for item in observation.recoveries { recoveries.add(item.path, detail: item.code) }
            for item in observation.errors { errors.add(item.path, detail: item.code) }
            for item in observation.outsideEnum { outsideEnum.add(item.path, detail: item.value) }
        }

        /// Every list of `other` added to this bucket's.
        mutating func merge(_ other: Bucket) {
            unknownKeys.merge(other.unknownKeys)
            coercions.merge(other.coercions)
            recoveries.merge(other.recoveries)
            errors.merge(other.errors)
            outsideEnum.merge(other.outsideEnum)
            conversions += other.conversions
            sampled += other.sampled
        }
    }

    /// The window's length in seconds.
    let seconds: Double
    /// How many buckets the window is cut into.
    let bucketCount: Int
    /// The most entries each list keeps.
    let entries: Int
    /// One conversion in how many is sampled: what each observation is counted as.
    let sampleEvery: Int
    /// Each bucket's length in seconds.
    var bucketSeconds: Double { seconds / Double(bucketCount) }

    /// The ring: bucket `n` at `n mod bucketCount`.
    private var ring: [Bucket]
    /// The newest bucket number used.
    private var newest = Int.min

    init(seconds: Double = 3600, buckets: Int = 12, entries: Int = 256, sampleEvery: Int = 16) {
        // At least a second, so that bucket numbers stay far from overflowing.
        self.seconds = seconds.isFinite ? max(1, seconds) : 3600
        bucketCount = max(1, buckets)
        self.entries = max(1, entries)
        self.sampleEvery = max(0, sampleEvery)
        // Empty sketches hold no storage: an unused place costs only its fixed size.
        ring = Array(repeating: Bucket(number: -1, entries: self.entries), count: bucketCount)
    }

    /// Adds one sampled conversion seen at `now`, which stands for `conversions` conversions
    /// (by default one in `sampleEvery`).
    mutating func observe(_ observation: DriftObservation, now: Double, standingFor conversions: Int? = nil) {
        let number = max(bucketNumber(now), newest)
        newest = number
        let place = number % bucketCount
        if ring[place].number != number { ring[place] = Bucket(number: number, entries: entries) }
        // In place through the array's element: reading the bucket out would copy its sketches.
        ring[place].observe(observation, standingFor: conversions ?? sampleEvery)
    }

    /// The buckets inside the window at `now`, summed into one.
    func total(now: Double) -> Bucket {
        let current = max(bucketNumber(now), newest)
        var sum = Bucket(number: current, entries: entries)
        for bucket in ring where bucket.number >= 0 && bucket.number > current - bucketCount && bucket.number <= current {
            sum.merge(bucket)
        }
        return sum
    }

    /// The drift report of `model` (served as `version`) at `now`, as the design fixes it: the
    /// window's bounds (`from` is the start of its oldest bucket), the counts, each list sorted
    /// by count descending then path, what each list omitted, and the limits.
    func report(model: String, version: Int, now: Double) -> JSONValue {
        let current = max(bucketNumber(now), newest)
        let total = total(now: now)
        let from = Double(max(0, current - bucketCount + 1)) * bucketSeconds
        let list = { (sketch: DriftSketch, detail: String?) -> JSONValue in
            .array(sketch.entries().map { entry in
                var members: [JSONValue.Member] = [.init("path", .string(entry.key))]
                if let detail { members.append(.init(detail, .string(entry.detail))) }
                members.append(.init("count", .whole(entry.count)))
                return .object(members)
            })
        }
        let unknownKeys = JSONValue.array(total.unknownKeys.entries().map { entry in
            .object([.init("path", .string(entry.key)), .init("count", .whole(entry.count)),
                     .init("kinds", .array(entry.kinds.names.map(JSONValue.string))), .init("example", .string(entry.example))])
        })
        return .object([
            .init("model", .string(model)),
            .init("version", .whole(version)),
            .init("window", .object([.init("seconds", .seconds(seconds)), .init("from", .string(DriftWindow.timestamp(from))),
                                     .init("to", .string(DriftWindow.timestamp(max(now, Double(current) * bucketSeconds))))])),
            .init("sampleEvery", .whole(sampleEvery)),
            .init("conversions", .whole(total.conversions)),
            .init("sampled", .whole(total.sampled)),
            .init("unknownKeys", unknownKeys),
            .init("coercions", list(total.coercions, "rule")),
            .init("recoveries", list(total.recoveries, "code")),
            .init("errors", list(total.errors, "code")),
            .init("outsideEnum", list(total.outsideEnum, "value")),
            .init("omitted", .object([
                .init("unknownKeys", .whole(total.unknownKeys.omitted)), .init("coercions", .whole(total.coercions.omitted)),
                .init("recoveries", .whole(total.recoveries.omitted)), .init("errors", .whole(total.errors.omitted)),
                .init("outsideEnum", .whole(total.outsideEnum.omitted)),
            ])),
            .init("limits", .object([.init("entries", .whole(entries)), .init("buckets", .whole(bucketCount))])),
        ])
    }

    /// The latest time taken: 9999-12-31T23:59:59Z, past which RFC 3339 has no year.
    static let latestTime = 253_402_300_799.0

    /// The bucket `now` falls in: never negative, as a time before 1970, after `latestTime` or
    /// not a number is taken as the nearer of the two ends (or 0).
    private func bucketNumber(_ now: Double) -> Int {
        let time = now.isFinite ? min(max(now, 0), DriftWindow.latestTime) : 0
        return Int(exactly: (time / bucketSeconds).rounded(.down)) ?? 0
    }

    /// RFC 3339 UTC to the second (`2026-11-27T10:00:00Z`).
    static func timestamp(_ secondsSince1970: Double) -> String {
        let clamped = secondsSince1970.isFinite ? min(max(secondsSince1970, 0), latestTime) : 0
        var time = time_t(clamped.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        let two = { (value: Int32) in value < 10 ? "0\(value)" : "\(value)" }
        // Clamped to 1970...9999, the year has four digits.
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

extension JSONValue {
    /// An integer as a JSON number.
    fileprivate static func whole(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Seconds as a JSON number, without a fraction when whole.
    fileprivate static func seconds(_ value: Double) -> JSONValue {
        if let whole = Int(exactly: value) { return .number(String(whole)) }
        return .number(String(value))
    }
}
