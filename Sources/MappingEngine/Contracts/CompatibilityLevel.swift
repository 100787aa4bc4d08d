/// How a model's new version must relate to its earlier ones (SPEC §11), on convertd's two
/// sides: input (the new version converts every payload the old one converted) and output (the
/// new version's output still validates against the old output schema).
public enum CompatibilityLevel: String, Sendable, CaseIterable {
    /// Any change is accepted.
    case none = "NONE"
    /// The input side, against the latest earlier version.
    case backward = "BACKWARD"
    /// The output side, against the latest earlier version.
    case forward = "FORWARD"
    /// Both sides, against the latest earlier version.
    case full = "FULL"
    /// The input side, against every earlier version that is not disabled.
    case backwardTransitive = "BACKWARD_TRANSITIVE"
    /// The output side, against every earlier version that is not disabled.
    case forwardTransitive = "FORWARD_TRANSITIVE"
    /// Both sides, against every earlier version that is not disabled.
    case fullTransitive = "FULL_TRANSITIVE"

    /// The level a schema or a flag spells, in any case (`backward`, `Full_Transitive`); nil
    /// for any other text.
    public init?(text: String) {
        // ASCII only: a non-ASCII letter that uppercases into ASCII must not name a level.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        self.init(rawValue: text.uppercased())
    }

    /// Whether the new version must convert every payload the old one converted.
    public var checksInput: Bool {
        switch self {
        case .backward, .full, .backwardTransitive, .fullTransitive: true
        case .none, .forward, .forwardTransitive: false
        }
    }

    /// Whether the new version's output must validate against the old output schema.
    public var checksOutput: Bool {
        switch self {
        case .forward, .full, .forwardTransitive, .fullTransitive: true
        case .none, .backward, .backwardTransitive: false
        }
    }

    /// Whether the check runs against every earlier version that is not disabled, rather than
    /// only the latest.
    public var isTransitive: Bool {
        switch self {
        case .backwardTransitive, .forwardTransitive, .fullTransitive: true
        case .none, .backward, .forward, .full: false
        }
    }
}
