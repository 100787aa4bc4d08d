@testable import CEL

/// A parsed expression as compact text, so a test states a tree's whole shape in one string:
/// calls as `name(args)` (operators by their CEL names), `target.name(args)`, `has(a.b)`,
/// `5u`, `b[1, 2]`, and a comprehension as `fold(x in range; @result = init; while cond;
/// @result = step; => result)`.
enum CELSyntaxText {
    static func parse(_ source: String, limits: CELLimits = CELLimits()) throws(CELCompileError) -> String {
        text(try CELParser.parse(source, limits: limits))
    }

    static func text(_ expr: CELExpr) -> String {
        switch expr.kind {
        case .literal(let value):
            return CELTestSupport.render(value, quote: "\"")
        case .ident(let name):
            return name
        case .select(let operand, let field, let test):
            return test ? "has(\(text(operand)).\(field))" : "\(text(operand)).\(field)"
        case .call(let function, let target, let args):
            return (target.map { text($0) + "." } ?? "") + function + "(" + args.map(text).joined(separator: ", ") + ")"
        case .list(let elements):
            return "[" + elements.map(text).joined(separator: ", ") + "]"
        case .map(let entries):
            return "{" + entries.map { text($0.key) + ": " + text($0.value) }.joined(separator: ", ") + "}"
        case .comprehension(let loop):
            let variables = loop.iterVar + (loop.iterVar2.map { ", " + $0 } ?? "")
            return "fold(\(variables) in \(text(loop.iterRange)); \(loop.accuVar) = \(text(loop.accuInit)); "
                + "while \(text(loop.loopCondition)); \(loop.accuVar) = \(text(loop.loopStep)); => \(text(loop.result)))"
        }
    }
}
