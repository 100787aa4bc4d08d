/// One example whose answer a candidate version changes: the current version's answer and the
/// candidate's, each as minified JSON (the document, or `{"errors":[{"path":…,"code":…},…]}`).
/// Any such difference blocks a BACKWARD change (SPEC §11).
public struct ReplayDifference: Sendable, Hashable {
    /// The example's name.
    public var name: String
    /// The current version's answer.
    public var current: String
    /// The candidate version's answer.
    public var candidate: String

    public init(name: String, current: String, candidate: String) {
        self.name = name
        self.current = current
        self.candidate = candidate
    }

    /// `{"name": …, "current": …, "candidate": …}`, each answer as JSON (as text when it
    /// does not parse, which convertd's answers always do).
    public var json: JSONValue {
        .object([.init("name", .string(name)), .init("current", ReplayDifference.tree(current)),
                 .init("candidate", ReplayDifference.tree(candidate))])
    }

    /// Both answers indented, in two columns of `width` characters: current on the left,
    /// candidate on the right, each changed row marked (`LineDiff.sideBySide`).
    public func sideBySide(width: Int = 60) -> String {
        LineDiff.sideBySide(old: ExampleOutcome.pretty(current), new: ExampleOutcome.pretty(candidate), width: width)
    }

    private static func tree(_ text: String) -> JSONValue {
        (try? JSONValue(parsing: text)) ?? .string(text)
    }
}
