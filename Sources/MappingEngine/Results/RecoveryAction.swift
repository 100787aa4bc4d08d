/// What a recovery did with a value that failed to convert: the `action` of its warning and a
/// label of `convertd_recoveries_total`.
public enum RecoveryAction: String, Sendable, Hashable, CaseIterable {
    /// The property took its default (`onError: default`).
    case defaulted
    /// The property was written as null (`onError: null`).
    case nulled
    /// The property was left out (`onError: omit`).
    case omitted
    /// The element was left out of its array, set or map (`onItemError: drop`).
    case dropped

    /// Whether the value leaves no bytes in the output: its container must take back what it
    /// wrote for it (a member's key, an element's separator).
    var leavesOut: Bool { self == .omitted || self == .dropped }
}
