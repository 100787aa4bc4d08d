import CEL

/// The object's rules and computed members, run after its properties are written (SPEC §8's
/// order: … nested models → rules → compute → output).
extension ModelMeta {
    /// Converts the object at `node`, then runs `expressions` over what was written.
    @inline(never)
    func convertObject(_ node: Int, with expressions: ModelExpressions, _ ctx: inout ConversionContext) -> Bool {
        let start = ctx.out.count
        let issueMark = ctx.issues.count
        let errorMark = ctx.errorCount
        let ok = convertObjectMembers(node, &ctx)
        let failed = failedFields(expressions, issueMark: issueMark, errorMark: errorMark, ctx)
        let level = ctx.expressions.acquire()
        defer { ctx.expressions.release() }
        // The object as written, parsed again in place: its members are the converted values
        // the rules read. Nothing writes to the output until `writeComputed`, which needs only offsets.
        let document = ctx.out.withBytes { level.parse(UnsafeBufferPointer(rebasing: $0[start...])) }
        var anchors: [Int] = []
        guard fillFields(expressions, from: document, anchors: &anchors, &ctx) else {
            costExceeded(&ctx)
            return false
        }
        var holds = ok
        for rule in expressions.rules where Self.applies(rule.reads, failed: failed, ctx) {
            if !check(rule, &ctx) { holds = false }
        }
        // Computed members only for an object that converted: a failed one is not written.
        guard holds, ctx.errorCount == errorMark, !expressions.computes.isEmpty else { return holds }
        return writeComputed(expressions, objectStart: start, anchors: anchors, &ctx)
    }

    /// Whether an expression is evaluated: every field it reads by value converted and is
    /// present (a null is absent); `has()` is how an expression asks about the others.
    private static func applies(_ reads: ModelExpressions.Reads, failed: Set<Int>, _ ctx: borrowing ConversionContext) -> Bool {
        let fields = ctx.expressions.activation.fields
        return reads.values.allSatisfy { !failed.contains($0) && fields[$0] != nil }
    }

    /// The fields whose conversion failed, by the errors recorded since `issueMark`; every
    /// field when some error went unrecorded past the cap (which one cannot be told).
    private func failedFields(_ expressions: ModelExpressions, issueMark: Int, errorMark: Int, _ ctx: borrowing ConversionContext) -> Set<Int> {
        var failed = Set<Int>()
        var recorded = 0
        for issue in ctx.issues[issueMark...] {
            guard case .error = issue.kind else { continue }
            recorded += 1
            if case .key(let name)? = issue.outPath.last, let field = expressions.fieldIndex[name] { failed.insert(field) }
        }
        if ctx.errorCount - errorMark > recorded { return Set(expressions.object.fields.indices) }
        return failed
    }

    /// Puts the values of the fields the expressions read into the activation, and notes for
    /// each field where its member starts in the written object (−1 when absent) and where the
    /// object's `}` is, as the places computed members go. False when the budget runs out.
    private func fillFields(_ expressions: ModelExpressions, from document: JSONDocument, anchors: inout [Int],
                            _ ctx: inout ConversionContext) -> Bool {
        let fields = expressions.object.fields
        let scratch = ctx.expressions
        scratch.activation.fields.removeAll(keepingCapacity: true)
        scratch.activation.fields.append(contentsOf: repeatElement(nil, count: fields.count))
        let collectAnchors = !expressions.computes.isEmpty
        if collectAnchors { anchors = [Int](repeating: -1, count: fields.count + 1) }
        let root = document[0]
        var key = 1
        var field = 0
        var kept = false
        for _ in 0..<Int(root.length) {
            let name = document.decodedString(key)
            while field < fields.count && fields[field].name != name { field += 1 }
            guard field < fields.count else {
                kept = true
                break
            }
            if collectAnchors { anchors[field] = Int(document[key].start) - 1 }
            if expressions.reads[field] {
                scratch.activation.fields[field] = document.celValue(key + 1, as: fields[field].reading, budget: &ctx.ruleBudget)
                if ctx.ruleBudget < 0 { return false }
            }
            key = Int(document[key + 1].end)
        }
        // Members kept under `unknownKeys: keep` follow the fields: computed ones go before them.
        if collectAnchors { anchors[fields.count] = kept ? Int(document[key].start) - 1 : document.input.count - 1 }
        return true
    }

    /// Evaluates one rule and reports it when it does not hold; false then.
    private func check(_ rule: ModelExpressions.Rule, _ ctx: inout ConversionContext) -> Bool {
        switch evaluate(rule.program, &ctx) {
        case .success(.bool(true)):
            return true
        case .success(let value):
            let mark = ctx.issues.count
            if case .bool(false) = value {
                ctx.fail(.ruleFailed, rule.message, node: nil)
            } else {
                ctx.fail(.evaluationError, "the rule gave \(value.kindName), not a bool", node: nil)
            }
            if ctx.issues.count > mark { ctx.issues[mark].rule = (rule.program.source, rule.code) }
            locate(rule, since: mark, &ctx)
        case .failure(let error):
            let mark = ctx.issues.count
            ctx.fail(error)
            if ctx.issues.count > mark { ctx.issues[mark].rule = (rule.program.source, nil) }
            locate(rule, since: mark, &ctx)
        }
        return false
    }

    private func locate(_ rule: ModelExpressions.Rule, since mark: Int, _ ctx: inout ConversionContext) {
        guard ctx.issues.count > mark else { return }
        ctx.issues[mark].outPath.append(contentsOf: rule.outPath.reversed())
        ctx.issues[mark].inPath.append(contentsOf: rule.inPath.reversed())
    }

    /// Evaluates the computed members, converts each through its type and puts it in its place.
    private func writeComputed(_ expressions: ModelExpressions, objectStart: Int, anchors: [Int], _ ctx: inout ConversionContext) -> Bool {
        // Evaluated first, all of them: converting a value may run other models' expressions,
        // which reuse the activation.
        var values: [CELValue?] = []
        for compute in expressions.computes {
            guard Self.applies(compute.reads, failed: [], ctx) else {
                values.append(nil)
                continue
            }
            switch evaluate(compute.program, &ctx) {
            case .success(let value): values.append(value)
            case .failure(let error):
                let mark = ctx.issues.count
                ctx.fail(error)
                if ctx.issues.count > mark { ctx.locate(since: mark, out: .key(compute.name), input: []) }
                return false
            }
        }
        // From the last place to the first, so the places before stay where they are.
        for (compute, value) in zip(expressions.computes, values).reversed() {
            guard let value else { continue }
            let anchor = objectStart + (anchors[compute.position...].first { $0 >= 0 } ?? anchors[anchors.count - 1])
            let start = ctx.out.count
            let mark = ctx.issues.count
            guard ctx.convert(value, through: compute.converter) else {
                ctx.out.rewind(to: start)
                if ctx.issues.count > mark { ctx.locate(since: mark, out: .key(compute.name), input: []) }
                return false
            }
            let converted = ctx.out.bytes(from: start)
            ctx.out.rewind(to: start)
            let before = ctx.out.withBytes { $0[anchor - 1] }
            let at = ctx.out.withBytes { $0[anchor] }
            var member: [UInt8] = []
            if at == UInt8(ascii: "\"") {
                member = compute.member + converted + [UInt8(ascii: ",")]
            } else {
                if before != UInt8(ascii: "{") { member.append(UInt8(ascii: ",")) }
                member += compute.member + converted
            }
            ctx.out.insert(member, at: anchor)
        }
        return true
    }

    /// Runs `program` over the activation with what is left of the document's budget.
    private func evaluate(_ program: CELProgram, _ ctx: inout ConversionContext) -> Result<CELValue, CELError> {
        let scratch = ctx.expressions
        scratch.activation.budget = ctx.ruleBudget
        defer { ctx.ruleBudget = scratch.activation.budget }
        do throws(CELError) {
            return .success(try program.evaluate(&scratch.activation))
        } catch {
            return .failure(error)
        }
    }

    private func costExceeded(_ ctx: inout ConversionContext) {
        ctx.fail(.ruleCostExceeded, "the document's expressions ran past their budget of \(ConversionOptions.defaultRuleBudget) steps", node: nil)
    }
}

extension ConversionContext {
    /// Records a CEL evaluation error: `rule_cost_exceeded` when the budget ran out, else
    /// `evaluation_error` with CEL's message.
    mutating func fail(_ error: CELError) {
        if error.kind == .costExceeded {
            fail(.ruleCostExceeded, "the document's expressions ran past their budget", node: nil)
        } else {
            fail(.evaluationError, "\(error.kind.rawValue): \(error.message)", node: nil)
        }
    }

    /// Converts a CEL value through `converter`, as if the payload had sent its JSON form: the
    /// value is written to a scratch document the converter reads instead of the payload.
    mutating func convert(_ value: CELValue, through converter: any ValueConverter) -> Bool {
        let level = expressions.acquire()
        defer { expressions.release() }
        level.text.reset()
        guard level.text.celValue(value) else {
            fail(.evaluationError, "the expression gave \(value.kindName), which has no JSON form", node: nil)
            return false
        }
        let scratch = level.text.withBytes { level.parse($0) }
        let payload = document
        document = scratch
        defer { document = payload }
        return converter.convert(0, &self)
    }
}

extension CELValue {
    /// The value's CEL type name, for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a bool"
        case .int: "an int"
        case .uint: "a uint"
        case .double(let d): d.isFinite ? "a double" : "a \(d) double"
        case .string: "a string"
        case .bytes: "bytes"
        case .list: "a list"
        case .map: "a map"
        case .timestamp: "a timestamp"
        case .duration: "a duration"
        case .decimal: "a decimal"
        case .type: "a type"
        }
    }
}
