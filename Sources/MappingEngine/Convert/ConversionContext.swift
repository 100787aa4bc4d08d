/// Per-request conversion options.
public struct ConversionOptions: Sendable {
    /// Lax coerces by SPEC §3.2; strict accepts only each target's natural JSON type.
    public enum Mode: String, Sendable, CaseIterable { case lax, strict }

    public var mode: Mode
    /// Record which rule changed which value.
    public var explain: Bool
    /// Deepest nesting the parser accepts.
    public var maxDepth: Int
    /// Steps the CEL expressions (rules, compute, transform, `when`) of one document may take
    /// in all; past it, `rule_cost_exceeded`.
    public var ruleBudget: Int
    /// Most errors listed per document; past it they are only counted, and the list ends with
    /// one `too_many_errors` entry holding the total. Coercions and unknown keys under
    /// `explain` are capped at the same number.
    public var maxErrors: Int
    /// Whether properties and containers recover from failed values as their `onError` and
    /// `onItemError` say; false (`?onError=fail`) fails the document as if neither were declared.
    public var recover = true

    /// The default `ruleBudget`: far above what a declared rule's static bound allows, low
    /// enough that a document's expressions take milliseconds at most.
    public static let defaultRuleBudget = 1_000_000

    public init(mode: Mode = .lax, explain: Bool = false, maxDepth: Int = 256, maxErrors: Int = 100,
                ruleBudget: Int = ConversionOptions.defaultRuleBudget, recover: Bool = true) {
        self.mode = mode
        self.recover = recover
        self.explain = explain
        self.maxDepth = maxDepth
        self.maxErrors = maxErrors
        self.ruleBudget = ruleBudget
    }
}

/// Something a conversion noticed: an error, a coercion or an unknown key, located by paths
/// that containers extend, innermost first, as the issue bubbles up.
struct Issue {
    enum Kind {
        case error(ErrorCode)
        case coercion(String)
        case unknownKey
        /// A value recovered from: what was done, and the first error it had.
        case warning(RecoveredError)
    }

    var kind: Kind
    var message: String
    var input: String?
    /// Output path, innermost component first.
    var outPath: [PathComponent] = []
    /// Input path, innermost component first.
    var inPath: [PathComponent] = []
    /// For a failed rule: its text and its own code.
    var rule: (rule: String, code: String?)?
}

/// The state one conversion threads through its converters: the parsed input, the output
/// buffer, the issues found, a stack of per-object slots and the models' last key orders. Passed `inout`, never shared.
///
/// At most `maxErrors` issues of each kind are recorded; the rest are only counted, so a
/// hostile payload of millions of failing values costs a counter, not an `Issue` each.
/// Containers test `issues.count > mark` before locating, which stays false past the cap.
struct ConversionContext: ~Copyable {
    /// The document converted. A `transform` or `compute` points it at the scratch document
    /// holding its value while the property's converter runs, and back.
    var document: JSONDocument
    var out: JSONWriter
    var issues: [Issue] = []
    /// Every error, recorded or not.
    var errorCount = 0
    /// Every coercion seen with `explain`, recorded or not.
    var coercionCount = 0
    /// Every unknown key seen under `report`, recorded or not.
    var unknownKeyCount = 0
    /// Every recovery (`onError`, `onItemError`), recorded or not.
    var warningCount = 0
    /// Whether recovery is on for this request (`ConversionOptions.recover`).
    let recovers: Bool
    /// The error count at which `fail` records an error even past the cap: the first error of
    /// the value being recovered, which its warning names. 0: none.
    var forcedError = 0
    /// Set by a recovery that leaves its property out (`onError: omit`) and taken by the
    /// object walk, which then takes back the member's key.
    var leftOut = false
    let maxErrors: Int
    let lax: Bool
    let explain: Bool
    var slots: SlotStack
    let keyOrders: KeyOrders
    /// The memory CEL expressions reuse.
    let expressions: ExpressionScratch
    /// The memory the reshaping lists' key tables reuse. Not retained: whoever makes the context
    /// (the workspace, or a caller's local) keeps it for the conversion, and a reference held
    /// here would be retained and released by every conversion, reshaping or not.
    unowned(unsafe) let elementKeys: ElementKeyStack
    /// What is left of the document's expression budget (`ConversionOptions.ruleBudget`).
    var ruleBudget: Int
    /// The tag of the object a discriminator is converting with the model it picked: its key
    /// is no unknown key there. Set and restored by the dispatch, so the common path never reads it.
    var dispatchedTag: DispatchedTag?

    init(document: JSONDocument, out: consuming JSONWriter, slots: SlotStack, keyOrders: KeyOrders, options: ConversionOptions,
         expressions: ExpressionScratch, elementKeys: ElementKeyStack) {
        self.document = document
        self.out = out
        self.slots = slots
        self.keyOrders = keyOrders
        self.lax = options.mode == .lax
        self.explain = options.explain
        self.recovers = options.recover
        self.maxErrors = max(0, options.maxErrors)
        self.expressions = expressions
        self.elementKeys = elementKeys
        ruleBudget = max(0, options.ruleBudget)
    }

    /// Records an error about the value at `node` (nil: no input value, e.g. a missing key);
    /// past `maxErrors` only counts it, without formatting the message.
    mutating func fail(_ code: ErrorCode, _ message: @autoclosure () -> String, node: Int?) {
        errorCount += 1
        guard errorCount <= maxErrors || errorCount == forcedError else { return }
        let input = node.map { document.text($0, limit: 100) }
        issues.append(Issue(kind: .error(code), message: message(), input: input))
    }

    /// Records a lax coercion when `explain` is on.
    @inline(__always)
    mutating func coerced(_ rule: StaticString, node: Int) {
        guard explain else { return }
        recordCoercion(rule, node: node)
    }

    /// Counts a coercion and records it while under the cap.
    // Out of line so the inlined `coerced` stays one test of `explain` on the hot path.
    @inline(never)
    private mutating func recordCoercion(_ rule: StaticString, node: Int) {
        coercionCount += 1
        guard coercionCount <= maxErrors else { return }
        issues.append(Issue(kind: .coercion(rule.description), message: "", input: document.text(node, limit: 100)))
    }

    /// Records an input key that no property reads (policy `report`); past `maxErrors` only
    /// counts it, without decoding the key.
    mutating func unknownKey(_ key: @autoclosure () -> String, node: Int) {
        unknownKeyCount += 1
        guard unknownKeyCount <= maxErrors else { return }
        let name = key()
        issues.append(Issue(kind: .unknownKey, message: "", input: document.text(node, limit: 100), outPath: [.key(name)], inPath: [.key(name)]))
    }

    /// Adds a container's step to every issue recorded since `mark`.
    mutating func locate(since mark: Int, out: PathComponent, input: [PathComponent]) {
        for i in mark..<issues.count {
            issues[i].outPath.append(out)
            issues[i].inPath.append(contentsOf: input.reversed())
        }
    }

    /// Adds the same steps to the output and input paths of every issue recorded since `mark`.
    mutating func locate(since mark: Int, along path: [PathComponent]) {
        for i in mark..<issues.count {
            issues[i].outPath.append(contentsOf: path.reversed())
            issues[i].inPath.append(contentsOf: path.reversed())
        }
    }

    /// Whether the node is null for a target: JSON null, or in lax mode one of the null words
    /// (`nil`, `<null>`…) unless the target keeps them (string, any).
    @inline(__always)
    func isNull(_ node: Int, lax: Bool, keepsNullWords: Bool) -> Bool {
        let entry = document[node]
        if entry.kind == .null { return true }
        guard lax, !keepsNullWords, entry.kind == .string, entry.length >= 3, entry.length <= 6 else { return false }
        // A null word starts with `n`, `<` or `(`, or with whitespace: most text is ruled out here.
        let first = document.base[Int(entry.start)]
        guard first | 0x20 == UInt8(ascii: "n") || first == UInt8(ascii: "<") || first == UInt8(ascii: "(") || first <= 0x20 else {
            return false
        }
        return BoolText.isNullWord(document.content(node))
    }
}
