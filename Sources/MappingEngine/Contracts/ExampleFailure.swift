/// One example whose answer is not what it expects: a document other than the expected one,
/// errors other than the expected ones, or errors where it only expects a conversion.
public struct ExampleFailure: Sendable, Hashable {
    /// The example's name.
    public var name: String
    /// One line saying what went wrong.
    public var reason: String
    /// The expected answer as minified JSON; nil when the example expects only that its input converts.
    public var expected: String?
    /// The answer given, as minified JSON: the document, or `{"errors":[{"path":…,"code":…},…]}`.
    public var actual: String
    /// For people: a unified diff of the expected answer into the given one, both indented
    /// (the expected's members put in the given's order first, so the diff shows only real
    /// differences); the given answer indented when nothing particular was expected.
    public var diff: String

    public init(name: String, reason: String, expected: String?, actual: String, diff: String) {
        self.name = name
        self.reason = reason
        self.expected = expected
        self.actual = actual
        self.diff = diff
    }

    /// `{"name": …, "reason": …, "expected": …, "actual": …}`, the answers as JSON.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [.init("name", .string(name)), .init("reason", .string(reason))]
        if let expected { members.append(.init("expected", (try? JSONValue(parsing: expected)) ?? .string(expected))) }
        members.append(.init("actual", (try? JSONValue(parsing: actual)) ?? .string(actual)))
        return .object(members)
    }
}
