/// A value recovered from (`onError`, `onItemError`): the answer is a success, and this says
/// what was changed and why, so that no recovery is silent.
public struct Warning: Sendable, Hashable {
    /// JSON Pointer of the value recovered, into the output document (for a dropped element,
    /// its index in the input array).
    public var path: String
    /// JSON Pointer into the input document; nil when it equals `path`.
    public var source: String?
    /// The code of the value's first error (its rule's own code for a rule).
    public var code: String
    /// That error's message.
    public var message: String
    /// What was done instead of failing.
    public var action: RecoveryAction
    /// The offending input value of that error, cut to 100 characters; nil when there is none.
    public var input: String?
    /// Where that error was, when below `path` (a nested model's property, an element).
    public var errorPath: String?

    public init(path: String, source: String? = nil, code: String, message: String, action: RecoveryAction, input: String? = nil,
                errorPath: String? = nil) {
        self.path = path
        self.source = source
        self.code = code
        self.message = message
        self.action = action
        self.input = input
        self.errorPath = errorPath
    }
}
