/// What a property does when its value is there but fails to convert (`onError`, SPEC §9):
/// fail the document, or recover and record a warning.
public enum ErrorPolicy: String, Sendable, Hashable, CaseIterable {
    /// The document fails with the value's errors (the default).
    case fail
    /// The property takes its `default`, which it must declare.
    case `default`
    /// The property is written as `null`; it must be `nullable`.
    case null
    /// The property is left out; it must not be `required`.
    case omit

    /// The action a recovery by this policy records; nil for `fail`.
    var action: RecoveryAction? {
        switch self {
        case .fail: nil
        case .default: .defaulted
        case .null: .nulled
        case .omit: .omitted
        }
    }
}

/// What an array, set or map does with an element that fails to convert (`onItemError`).
public enum ItemErrorPolicy: String, Sendable, Hashable, CaseIterable {
    /// The container, and so the document, fails (the default).
    case fail
    /// The element is left out and a warning recorded.
    case drop
}
