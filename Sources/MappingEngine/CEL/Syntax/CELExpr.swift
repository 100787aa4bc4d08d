/// A CEL expression after parsing and macro expansion: the abstract syntax cel-go and cel-cpp
/// share, so the evaluator and the checker know five forms and nothing of the surface syntax.
///
/// Operators are calls of CEL's own function names: `_+_ _-_ _*_ _/_ _%_` (arithmetic),
/// `-_ !_` (negation, not), `_==_ _!=_ _<_ _<=_ _>_ _>=_` (comparison), `_&&_ _||_ _?_:_`
/// (logic), `_[_]` (index), `@in` (membership) and `@not_strictly_false` (the loop condition
/// of `all`). Macros (`has`, `all`, `exists`, `exists_one`, `map`, `filter` and the
/// two-variable forms) are already expanded into `.select(test: true)` and `.comprehension`.
public struct CELExpr: Sendable {
    /// Unique within one parsed expression, in the order the parser made the nodes.
    public var id: Int
    /// Where the node starts in the source, counted in Unicode scalars from 0 (column − 1).
    public var offset: Int
    public var kind: Kind

    public init(id: Int, offset: Int, kind: Kind) {
        self.id = id
        self.offset = offset
        self.kind = kind
    }

    public indirect enum Kind: Sendable {
        /// `null`, a bool, int, uint, double, string or bytes literal.
        case literal(CELValue)
        /// A name: a variable, or (through `.select`) a qualified one such as `a.b.c`.
        case ident(String)
        /// `operand.field`; with `test`, `has(operand.field)`.
        case select(CELExpr, field: String, test: Bool)
        /// A function call, global (`size(x)`, operators) or on a receiver (`x.size()`).
        case call(String, target: CELExpr?, args: [CELExpr])
        /// `[a, b, c]`.
        case list([CELExpr])
        /// `{k: v, …}`.
        case map([MapEntry])
        /// A fold over a list or map: what every macro expands to.
        case comprehension(Comprehension)
    }

    public struct MapEntry: Sendable {
        public var key: CELExpr
        public var value: CELExpr
        public init(key: CELExpr, value: CELExpr) {
            self.key = key
            self.value = value
        }
    }

    /// `for iterVar[, iterVar2] in iterRange: accuVar = accuInit; while loopCondition:
    /// accuVar = loopStep; → result` (CEL's comprehension). With two variables, a list gives
    /// (index, element) and a map (key, value); with one, a list gives its elements and a map
    /// its keys.
    public struct Comprehension: Sendable {
        public var iterVar: String
        public var iterVar2: String?
        public var iterRange: CELExpr
        public var accuVar: String
        public var accuInit: CELExpr
        public var loopCondition: CELExpr
        public var loopStep: CELExpr
        public var result: CELExpr

        public init(iterVar: String, iterVar2: String? = nil, iterRange: CELExpr, accuVar: String, accuInit: CELExpr,
                    loopCondition: CELExpr, loopStep: CELExpr, result: CELExpr) {
            self.iterVar = iterVar
            self.iterVar2 = iterVar2
            self.iterRange = iterRange
            self.accuVar = accuVar
            self.accuInit = accuInit
            self.loopCondition = loopCondition
            self.loopStep = loopStep
            self.result = result
        }
    }
}
