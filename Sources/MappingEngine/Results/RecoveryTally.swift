/// The recoveries of an answer counted by the code of the error recovered from and the action
/// taken, for `convertd_recoveries_total`: the listed warnings by their own, and those past the
/// cap, which are counted without being classified, under `unlisted`.
public struct RecoveryTally: Sendable, Equatable {
    /// A code and an action (or `unlisted` for both).
    public struct Key: Sendable, Hashable {
        public var code: String
        public var action: String
    }

    /// The label both parts of the key take for recoveries past the cap.
    public static let unlisted = "unlisted"

    public private(set) var counts: [Key: Int] = [:]

    /// Every recovery counted.
    public var total: Int { counts.values.reduce(0, +) }

    public init() {}

    /// The tally of `warnings` and `omitted` more past the cap.
    public init(_ warnings: [Warning], omitted: Int) {
        for warning in warnings { counts[Key(code: warning.code, action: warning.action.rawValue), default: 0] += 1 }
        if omitted > 0 { counts[Key(code: Self.unlisted, action: Self.unlisted), default: 0] += omitted }
    }

    /// Adds another answer's (an NDJSON line's) tally to this one.
    public mutating func add(_ other: RecoveryTally) {
        counts.merge(other.counts, uniquingKeysWith: +)
    }
}

extension ConversionResult.Success {
    /// This answer's recoveries by code and action.
    public var recoveries: RecoveryTally { RecoveryTally(warnings, omitted: warningsOmitted) }
}
