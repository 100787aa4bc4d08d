/// A function an expression may call, declared once for both the checker (its overloads'
/// types) and the evaluator (its body). One `CELFunction` is one name called one way with one
/// number of arguments (`size(x)` and `x.size()` are two); its body dispatches on the values'
/// kinds and throws `no_such_overload` for any other.
public struct CELFunction: Sendable {
    public enum Style: Sendable, Hashable {
        /// `f(a, b)`.
        case global
        /// `a.f(b)`: the receiver is the body's first argument.
        case receiver
    }

    /// One typed signature, for the checker; `.parameter("A")` is a type variable.
    public struct Overload: Sendable {
        /// cel-spec's overload id (`size_string`, `add_int64`…).
        public var id: String
        /// The receiver first, for `.receiver`.
        public var parameters: [CELType]
        public var result: CELType

        public init(_ id: String, _ parameters: [CELType], _ result: CELType) {
            self.id = id
            self.parameters = parameters
            self.result = result
        }
    }

    /// The body, by arity, so a call of a scalar function allocates no argument array.
    public enum Body: Sendable {
        case unary(@Sendable (CELValue) throws(CELError) -> CELValue)
        case binary(@Sendable (CELValue, CELValue) throws(CELError) -> CELValue)
        case ternary(@Sendable (CELValue, CELValue, CELValue) throws(CELError) -> CELValue)
        case variadic(@Sendable ([CELValue]) throws(CELError) -> CELValue)
    }

    public var name: String
    public var style: Style
    /// Arguments, the receiver included.
    public var arity: Int
    public var overloads: [Overload]
    public var body: Body

    public init(_ name: String, _ style: Style, arity: Int, overloads: [Overload], body: Body) {
        self.name = name
        self.style = style
        self.arity = arity
        self.overloads = overloads
        self.body = body
    }

    /// What identifies a function in a library.
    public struct Key: Sendable, Hashable {
        public var name: String
        public var style: Style
        public var arity: Int
        public init(name: String, style: Style, arity: Int) {
            self.name = name
            self.style = style
            self.arity = arity
        }
    }

    public var key: Key { Key(name: name, style: style, arity: arity) }
}

/// Every function of convertd's CEL: the standard library (`Runtime/`) with the strings and
/// math extensions (`Library/`). Built once; the checker and the planner both read it.
public struct CELLibrary: Sendable {
    public private(set) var functions: [CELFunction.Key: CELFunction] = [:]

    public init(_ groups: [[CELFunction]]) {
        for group in groups {
            for function in group { functions[function.key] = function }
        }
    }

    public func function(_ name: String, _ style: CELFunction.Style, arity: Int) -> CELFunction? {
        functions[CELFunction.Key(name: name, style: style, arity: arity)]
    }

    /// The whole library. Each group is a static list in its own file.
    public static let standard = CELLibrary([
        CELStandardFunctions.all,
        CELStringsExtension.all,
        CELMathExtension.all,
    ])
}
