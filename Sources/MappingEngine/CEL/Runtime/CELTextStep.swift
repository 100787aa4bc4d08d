/// One step of a transform that only edits the bytes of its string input: `self` through
/// string functions of no argument that change ASCII alone (`self.trim().upperAscii()`).
///
/// Made at load from the parsed expression, beside its plan, so the engine can run such a
/// transform on the input's bytes, charging what the plan's calls would charge (1 a call,
/// and 1 a 16 bytes of what each reads and makes), and run the program whenever the text is
/// not one it edits on its bytes (escapes, non-ASCII at an edge `trim` cuts).
public enum CELTextStep: Sendable {
    /// `trim()`: Unicode white space off both edges.
    case trim
    case upperAscii
    case lowerAscii

    /// The steps of `expr` applied to `self`, innermost first, or nil when it is not such a
    /// chain (at least one step).
    static func chain(_ expr: CELExpr, in environment: CELEnvironment) -> [CELTextStep]? {
        guard let slot = environment.slot(of: "self"), !environment.variables[slot].type.isObject else { return nil }
        var steps: [CELTextStep] = []
        var node = expr
        while case .call(let name, let target?, let args) = node.kind, args.isEmpty {
            switch name {
            case "trim": steps.append(.trim)
            case "upperAscii": steps.append(.upperAscii)
            case "lowerAscii": steps.append(.lowerAscii)
            default: return nil
            }
            node = target
        }
        guard case .ident("self") = node.kind, !steps.isEmpty else { return nil }
        return steps.reversed()
    }
}

private extension CELType {
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}
