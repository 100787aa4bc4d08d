import TestSupport

/// Random documents and random CEL expressions over them (the variable `doc`), in the part of
/// CEL that cel-python 0.5 evaluates as CEL says: field selection, `has`, int arithmetic,
/// comparisons of one type, `&& || ! ?:`, `in`, `size`, the macros, `contains startsWith
/// endsWith`, concatenation, `string(int)`; no doubles, and no extensions (cel-python has
/// none). Left out because cel-python differs from CEL: equality and `in` across types (it errs
/// where CEL says false), negative list indexes (it counts from the end), the three-argument
/// `map`. And written around its bugs: `has` over a missing object (false, where CEL errs) is only written
/// on paths every document holds; an error in the body of `map`, `filter` or `exists_one`
/// escapes `&&`, `||` and `?:` (CEL absorbs it), so those bodies cannot err; `contains` is
/// missing on a concatenation's result, so its receiver is a path of `doc` or a literal.
struct RandomCELExpression {
    var random: SeededRandom

    /// The documents' field names.
    static let keys = ["a", "b", "c", "d", "e", "n", "name", "tags", "items", "flag"]
    /// Names no document has: reading them is an error.
    static let absentKeys = ["zz", "missing"]
    /// Strings that order differently by code point, by UTF-16 and by Swift's canonical
    /// equivalence ("é" precomposed and decomposed are different CEL strings).
    static let strings = ["", "a", "ab", "abc", "b", "ba", "x y", "é", "e\u{301}", "😀", "Z", "\u{FF5E}"]
    private static let loopVariables = ["x", "y", "z", "w", "u", "t"]

    /// The variables in scope: `doc`, then each enclosing macro's variable.
    private var scope: [(name: String, shape: DifferentialShape)] = []
    /// Writing an expression that cannot err: no field that a document may lack, no division,
    /// no index.
    private var safe = false

    init(random: SeededRandom) {
        self.random = random
    }

    /// A document: an object of 3 to 6 fields, nested up to three levels.
    mutating func document() -> (shape: DifferentialShape, value: DifferentialValue) {
        let shape = objectShape(depth: 3)
        return (shape, value(shape))
    }

    private mutating func objectShape(depth: Int) -> DifferentialShape {
        let names = Self.keys.shuffled(using: &random).prefix(3 + random.below(4))
        return .object(names.map { .init(name: $0, shape: shape(depth: depth - 1), optional: random.below(4) == 0) })
    }

    private mutating func shape(depth: Int) -> DifferentialShape {
        switch random.below(depth > 0 ? 7 : 3) {
        case 0: return .int
        case 1: return .string
        case 2: return .bool
        case 3, 4:
            let element = random.below(4)
            return .list(element == 3 && depth > 1 ? objectShape(depth: depth - 1) : [.int, .string, .bool][element % 3])
        default: return objectShape(depth: depth - 1)
        }
    }

    private mutating func value(_ shape: DifferentialShape) -> DifferentialValue {
        switch shape {
        case .int: return .int(Int64(random.below(41)) - 20)
        case .string: return .string(pick(Self.strings))
        case .bool: return .bool(random.below(2) == 0)
        case .list(let element): return .list((0..<random.below(5)).map { _ in value(element) })
        case .object(let fields):
            return .object(fields.compactMap { field in
                field.optional && random.below(3) == 0 ? nil : (field.name, value(field.shape))
            })
        }
    }

    /// An expression (a bool, an int, a string or a list) over `doc` of `documentShape`.
    mutating func expression(over documentShape: DifferentialShape) -> String {
        scope = [("doc", documentShape)]
        return expression(pick([.bool, .bool, .int, .string, .list(.int), .list(.string)]), depth: 4)
    }

    private mutating func expression(_ shape: DifferentialShape, depth: Int) -> String {
        if depth <= 0 || random.below(5) == 0 { return leaf(shape) }
        for _ in 0..<8 {
            let made: String?
            switch shape {
            case .int: made = intExpression(depth)
            case .string: made = stringExpression(depth)
            case .bool: made = boolExpression(depth)
            case .list(let element): made = listExpression(element, depth)
            case .object: made = nil
            }
            if let made { return made }
        }
        return leaf(shape)
    }

    private mutating func intExpression(_ depth: Int) -> String? {
        switch random.below(8) {
        case 0, 1:
            let op = safe ? pick(["+", "-", "*"]) : pick(["+", "-", "*", "/", "%", "+", "-"])
            return "(\(expression(.int, depth: depth - 1)) \(op) \(expression(.int, depth: depth - 1)))"
        case 2: return "-(\(expression(.int, depth: depth - 1)))"
        case 3:
            guard let sized = sizedExpression(depth) else { return nil }
            return random.below(2) == 0 ? "size(\(sized))" : "\(sized).size()"
        case 4: return conditional(.int, depth)
        case 5: return safe ? nil : "(\(expression(.list(.int), depth: depth - 1)))[\(random.below(4))]"
        case 6: return indexedField(.int)
        default: return leaf(.int)
        }
    }

    private mutating func stringExpression(_ depth: Int) -> String? {
        switch random.below(6) {
        case 0, 1: return "(\(expression(.string, depth: depth - 1)) + \(expression(.string, depth: depth - 1)))"
        case 2: return conditional(.string, depth)
        case 3: return safe ? nil : "(\(expression(.list(.string), depth: depth - 1)))[\(random.below(3))]"
        case 4: return "string(\(expression(.int, depth: depth - 1)))"
        default: return indexedField(.string)
        }
    }

    private mutating func boolExpression(_ depth: Int) -> String? {
        switch random.below(12) {
        case 0, 1:
            let (shape, ops) = pick([(DifferentialShape.int, ["<", "<=", ">", ">=", "==", "!="]), (.string, ["<", "<=", ">", ">=", "==", "!="]),
                                     (.bool, ["==", "!="]), (.list(.int), ["==", "!="]), (.list(.string), ["==", "!="])])
            return "(\(expression(shape, depth: depth - 1)) \(pick(ops)) \(expression(shape, depth: depth - 1)))"
        case 2: return "(\(expression(.bool, depth: depth - 1)) && \(expression(.bool, depth: depth - 1)))"
        case 3: return "(\(expression(.bool, depth: depth - 1)) || \(expression(.bool, depth: depth - 1)))"
        case 4: return "!(\(expression(.bool, depth: depth - 1)))"
        case 5:
            guard let object = pickTerm(where: \.isObject, sure: true), case .object(let fields) = object.shape else { return nil }
            let field = random.below(4) == 0 || fields.isEmpty ? pick(Self.keys + Self.absentKeys) : pick(fields).name
            return "has(\(object.text).\(field))"
        case 6:
            let element = pick([DifferentialShape.int, .string])
            return "(\(expression(element, depth: depth - 1)) in \(expression(.list(element), depth: depth - 1)))"
        case 7:
            guard let object = pickTerm(where: \.isObject), case .object(let fields) = object.shape else { return nil }
            let key = random.below(3) == 0 || fields.isEmpty ? pick(Self.keys + Self.absentKeys) : pick(fields).name
            return "('\(key)' in \(object.text))"
        case 8:
            let method = pick(["contains", "startsWith", "endsWith"])
            let receiver = method == "contains" ? containsReceiver() : expression(.string, depth: depth - 1)
            return "\(receiver).\(method)(\(expression(.string, depth: depth - 1)))"
        case 9, 10:
            return macro(pick(["all", "exists", "exists_one"]), result: .bool, depth)
        default: return conditional(.bool, depth)
        }
    }

    private mutating func listExpression(_ element: DifferentialShape, _ depth: Int) -> String? {
        switch random.below(6) {
        case 0: return "(\(expression(.list(element), depth: depth - 1)) + \(expression(.list(element), depth: depth - 1)))"
        case 1:
            let list = expression(.list(element), depth: depth - 1)
            return withLoopVariable(element, safe: true) { this, variable in
                "(\(list)).filter(\(variable), \(this.expression(.bool, depth: depth - 1)))"
            }
        case 2, 3: return macro("map", result: element, depth)
        case 4: return conditional(.list(element), depth)
        default: return leaf(.list(element))
        }
    }

    /// `range.name(v, body)` over a list of any element type, or over an object's keys.
    private mutating func macro(_ name: String, result: DifferentialShape, _ depth: Int) -> String? {
        let range: String
        let variableShape: DifferentialShape
        if random.below(4) == 0, let object = pickTerm(where: \.isObject) {
            (range, variableShape) = (object.text, .string)
        } else if random.below(2) == 0, let list = pickTerm(where: \.isList), case .list(let element) = list.shape {
            (range, variableShape) = (list.text, element)
        } else {
            variableShape = pick([.int, .string, .bool])
            range = expression(.list(variableShape), depth: depth - 1)
        }
        return withLoopVariable(variableShape, safe: name == "map" || name == "exists_one") { this, variable in
            "(\(range)).\(name)(\(variable), \(this.expression(name == "map" ? result : .bool, depth: depth - 1)))"
        }
    }

    /// `body` with a new loop variable of `shape` in scope, and in safe mode if asked.
    private mutating func withLoopVariable(_ shape: DifferentialShape, safe: Bool = false,
                                           _ body: (inout Self, String) -> String) -> String? {
        guard scope.count < Self.loopVariables.count else { return nil }
        let name = Self.loopVariables[scope.count - 1]
        let wasSafe = self.safe
        scope.append((name, shape))
        self.safe = wasSafe || safe
        defer {
            scope.removeLast()
            self.safe = wasSafe
        }
        return body(&self, name)
    }

    private mutating func conditional(_ shape: DifferentialShape, _ depth: Int) -> String {
        "(\(expression(.bool, depth: depth - 1)) ? \(expression(shape, depth: depth - 1)) : \(expression(shape, depth: depth - 1)))"
    }

    /// Something `size` takes: a string, a list or an object.
    private mutating func sizedExpression(_ depth: Int) -> String? {
        switch random.below(3) {
        case 0: return "(\(expression(.string, depth: depth - 1)))"
        case 1: return "(\(expression(.list(pick([.int, .string])), depth: depth - 1)))"
        default: return pickTerm(where: { $0.isObject || $0.isList })?.text
        }
    }

    /// `object['field']` for a field of `shape`.
    private mutating func indexedField(_ shape: DifferentialShape) -> String? {
        let candidates = terms().compactMap { term -> (String, String)? in
            guard !safe || term.sure, case .object(let fields) = term.shape,
                  let field = fields.first(where: { $0.shape == shape && !(safe && $0.optional) }) else { return nil }
            return (term.text, field.name)
        }
        guard !candidates.isEmpty else { return nil }
        let (object, field) = pick(candidates)
        return "\(object)['\(field)']"
    }

    /// A string read from the document or written as a literal, never one that cel-python
    /// made (a loop variable may hold a concatenation's result).
    private mutating func containsReceiver() -> String {
        if random.below(3) != 0, let term = pickTerm(where: { $0 == .string }), term.text.hasPrefix("doc") { return term.text }
        return literal(.string)
    }

    /// A path of `shape` (now and then one that no document has), or a literal.
    private mutating func leaf(_ shape: DifferentialShape) -> String {
        if !safe, random.below(12) == 0, let object = pickTerm(where: \.isObject) {
            return "\(object.text).\(pick(Self.absentKeys))"
        }
        if random.below(3) != 0, let term = pickTerm(where: { $0 == shape }) { return term.text }
        return literal(shape)
    }

    private mutating func literal(_ shape: DifferentialShape) -> String {
        switch shape {
        case .int: return String(random.below(25) - 4)
        case .string: return "'\(pick(Self.strings))'"
        case .bool: return pick(["true", "false"])
        case .list(let element) where !element.isObject:
            return "[" + (0..<random.below(4)).map { _ in literal(element) }.joined(separator: ", ") + "]"
        case .list: return "[]"
        case .object: return "{}"
        }
    }

    /// A path; `sure` when every document holds it (no optional field on the way).
    private typealias Term = (text: String, shape: DifferentialShape, sure: Bool)

    /// Every path from a variable in scope through object fields, up to three selections.
    private func terms() -> [Term] {
        var found: [Term] = []
        func walk(_ text: String, _ shape: DifferentialShape, _ sure: Bool, _ depth: Int) {
            found.append((text, shape, sure))
            guard depth < 3, case .object(let fields) = shape else { return }
            for field in fields { walk("\(text).\(field.name)", field.shape, sure && !field.optional, depth + 1) }
        }
        for variable in scope { walk(variable.name, variable.shape, true, 0) }
        return found
    }

    /// A path whose shape `matches`; one every document holds when `sure` or in safe mode.
    private mutating func pickTerm(where matches: (DifferentialShape) -> Bool, sure: Bool = false) -> Term? {
        let candidates = terms().filter { matches($0.shape) && ($0.sure || !(sure || safe)) }
        return candidates.isEmpty ? nil : pick(candidates)
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[random.below(choices.count)] }
}
