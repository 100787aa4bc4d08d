/// What an expression may refer to and the limits it is compiled under.
public struct CELEnvironment: Sendable {
    /// A declared variable; its index in `variables` is its slot in `CELActivation.variables`.
    public struct Variable: Sendable {
        public var name: String
        public var type: CELType
        public init(name: String, type: CELType) {
            self.name = name
            self.type = type
        }
    }

    public var variables: [Variable]
    /// Compiles a `matches` pattern once, at load; nil refuses `matches`.
    public var patterns: (any CELPatternCompiler)?
    /// Type-check before planning (CEL's conformance tests turn it off for some tests).
    public var check = true
    /// The largest static cost an expression may have; nil: not bounded.
    public var maxCost: UInt64?
    public var limits = CELLimits()

    public init(variables: [Variable], patterns: (any CELPatternCompiler)? = nil) {
        self.variables = variables
        self.patterns = patterns
    }

    /// The slot of the variable called `name`.
    public func slot(of name: String) -> Int? {
        variables.firstIndex { $0.name == name }
    }
}

/// How large an expression may be: a schema is untrusted input.
public struct CELLimits: Sendable {
    /// Unicode scalars of source text.
    public var maxLength = 4_096
    /// Nesting of parentheses, calls, lists, maps and operators.
    public var maxDepth = 64
    public init() {}
}

/// Compiles `matches` patterns in linear time (MappingEngine's `Pattern`), so the CEL engine
/// never builds a backtracking regex.
public protocol CELPatternCompiler: Sendable {
    /// The compiled pattern's test, or the reason it is refused.
    func compile(_ pattern: String) -> Result<any CELPatternMatcher, CELCompileError>
}

/// One compiled `matches` pattern.
public protocol CELPatternMatcher: Sendable {
    /// Whether `text` contains a match.
    func matches(_ text: String) -> Bool
}
