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
        let scratch = ctx.expressions
        // This object's level, taken before its members are written: a nested object with
        // expressions takes the next one, so these spans stay as they are.
        let level = scratch.acquire()
        defer { scratch.release() }
        let fieldCount = expressions.fieldCount
        level.reserveSpans(fields: fieldCount)
        // The object as written: its members are the converted values the rules read. Nothing
        // writes to the output until `writeComputed`, which needs only offsets.
        let recorder = MemberSpans(spans: level.spans, origin: start)
        let ok = isTuple ? convertTupleMembers(node, recorder: recorder, &ctx) : convertObjectMembers(node, recorder: recorder, &ctx)
        let fields = WrittenFields(base: ctx.out.storage + start, spans: level.spans)
        // The fields' values are made only when a program needs them: a rule decided on its
        // fields' text (`TextPredicate`) needs none. Reading them is charged here either way, as
        // the values are read, so both ways cost a document the same. The values that hold memory
        // (strings, bytes, containers) are let go once the object is done: the scratch outlives
        // the document. The others are overwritten by the next object that reads them.
        var filled = expressions.readsContainers
        defer { if filled && expressions.holdsMemory { scratch.letGo(expressions.heldFields) } }
        guard filled ? fillFields(expressions, fields, level: level, scratch, budget: &ctx.ruleBudget)
                     : Self.chargeReads(expressions.plan, fields, &ctx) else {
            ctx.budgetSpent(node: nil)
            return false
        }
        let failed = ctx.errorCount != errorMark && markFailed(expressions, issueMark: issueMark, errorMark: errorMark, &ctx)
        var holds = ok
        for step in expressions.plan.steps {
            guard Self.applies(step.valuesRead, step.fieldsRead, failed: failed, fields, scratch) else { continue }
            if let predicate = step.predicate {
                var cost = 0
                // Decided on the text unless a value is in a form it does not read there, or the
                // budget runs out on the way (the program then stops where it runs out).
                if let verdict = predicate.holds(over: fields, cost: &cost), cost <= ctx.ruleBudget {
                    ctx.ruleBudget -= cost
                    if !verdict {
                        refuse(step.rule.takeUnretainedValue(), &ctx)
                        holds = false
                    }
                    continue
                }
            }
            if !filled { filled = fillUncharged(expressions, fields, level: level, scratch) }
            if !check(step.rule.takeUnretainedValue(), &ctx) { holds = false }
        }
        // Computed members only for an object that converted: a failed one is not written.
        guard holds, ctx.errorCount == errorMark, expressions.hasComputes else { return holds }
        if !filled { filled = fillUncharged(expressions, fields, level: level, scratch) }
        return writeComputed(expressions, objectStart: start, level: level, &ctx)
    }

    /// Whether an expression is evaluated: no field it reads failed to convert (a failed one is
    /// not written, so `has()` would wrongly call it absent), and every field it reads by value is
    /// present (a null is absent); `has()` is how an expression asks about the others.
    @inline(__always)
    private static func applies(_ valuesRead: UnsafeBufferPointer<Int>, _ fieldsRead: UnsafeBufferPointer<Int>, failed: Bool,
                                _ fields: WrittenFields, _ scratch: ExpressionScratch) -> Bool {
        for field in valuesRead where !fields.isPresent(field) { return false }
        if failed {
            for field in fieldsRead where scratch.failed[field] { return false }
        }
        return true
    }

    /// Marks in `scratch.failed` the fields whose conversion failed, by the errors recorded
    /// since `issueMark`; every field when some error went unrecorded past the cap (which one
    /// cannot be told). True when any field failed.
    private func markFailed(_ expressions: ModelExpressions, issueMark: Int, errorMark: Int, _ ctx: inout ConversionContext) -> Bool {
        let scratch = ctx.expressions
        let count = expressions.object.fields.count
        scratch.failed.removeAll(keepingCapacity: true)
        scratch.failed.append(contentsOf: repeatElement(false, count: count))
        var recorded = 0
        for issue in ctx.issues[issueMark...] {
            guard case .error = issue.kind else { continue }
            recorded += 1
            if case .key(let name)? = issue.outPath.last, let field = expressions.fieldIndex[name] { scratch.failed[field] = true }
        }
        if ctx.errorCount - errorMark > recorded {
            for field in 0..<count { scratch.failed[field] = true }
        }
        return true
    }

    /// Puts the values of the fields the expressions read into the activation, from where the
    /// writing walk put them (`MemberSpans`), each charged to `budget`. False when it runs out.
    private func fillFields(_ expressions: ModelExpressions, _ fields: WrittenFields, level: ExpressionScratch.Level,
                            _ scratch: ExpressionScratch, budget: inout Int) -> Bool {
        var spent = budget
        defer { budget = spent }
        scratch.reserve(fields: expressions.fieldCount)
        // One uniqueness check for all the fields rather than one a field.
        return scratch.activation.fields.withUnsafeMutableBufferPointer { values in
            // Only the fields read are set: no expression of this model looks at the others.
            for read in expressions.reads {
                guard let bytes = fields.value(read.field) else {
                    values[read.field] = nil
                    continue
                }
                values[read.field] = read.reading.value(of: bytes, level: level, budget: &spent)
                if spent < 0 { return false }
            }
            // A field only `has()` looks at needs no value, only to be there and not null.
            for field in expressions.testedFields {
                values[field] = fields.isPresent(field) ? .null : nil
            }
            return true
        }
    }

    /// `fillFields` once their reading is charged (`chargeReads`): true.
    private func fillUncharged(_ expressions: ModelExpressions, _ fields: WrittenFields, level: ExpressionScratch.Level,
                               _ scratch: ExpressionScratch) -> Bool {
        var unlimited = Int.max
        return fillFields(expressions, fields, level: level, scratch, budget: &unlimited)
    }

    /// Charges what `fillFields` would for scalar fields, 1 a value present, without reading
    /// them. False when the budget runs out, which it then leaves as `fillFields` would.
    private static func chargeReads(_ plan: RulePlan, _ fields: WrittenFields, _ ctx: inout ConversionContext) -> Bool {
        var count = 0
        for field in plan.readFields where fields.isPresent(field) { count += 1 }
        guard count <= ctx.ruleBudget else {
            ctx.ruleBudget = -1
            return false
        }
        ctx.ruleBudget -= count
        return true
    }

    /// Evaluates one rule and reports it when it does not hold; false then.
    private func check(_ rule: ModelExpressions.Rule, _ ctx: inout ConversionContext) -> Bool {
        switch evaluate(rule.program, &ctx) {
        case .success(.bool(true)):
            return true
        case .success(.bool(false)):
            refuse(rule, &ctx)
        case .success(let value):
            let mark = ctx.issues.count
            ctx.fail(.evaluationError, "the rule gave \(value.kindName), not a bool", node: nil)
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

    /// Reports a rule that does not hold.
    private func refuse(_ rule: ModelExpressions.Rule, _ ctx: inout ConversionContext) {
        let mark = ctx.issues.count
        ctx.fail(.ruleFailed, rule.message, node: nil)
        if ctx.issues.count > mark { ctx.issues[mark].rule = (rule.program.source, rule.code) }
        locate(rule, since: mark, &ctx)
    }

    private func locate(_ rule: ModelExpressions.Rule, since mark: Int, _ ctx: inout ConversionContext) {
        guard ctx.issues.count > mark else { return }
        ctx.issues[mark].outPath.append(contentsOf: rule.outPath.reversed())
        ctx.issues[mark].inPath.append(contentsOf: rule.inPath.reversed())
    }

    /// Evaluates the computed members, converts each through its type and puts it in its place:
    /// before the first field declared after it that is present, else before what follows the
    /// fields (kept members or `}`).
    private func writeComputed(_ expressions: ModelExpressions, objectStart: Int, level: ExpressionScratch.Level,
                               _ ctx: inout ConversionContext) -> Bool {
        // Evaluated first, all of them: converting a value may run other models' expressions,
        // which reuse the activation and the spans.
        var values: [CELValue?] = []
        let fields = WrittenFields(base: ctx.out.storage + objectStart, spans: level.spans)
        for compute in expressions.computes {
            let applies = compute.program.valuesRead.allSatisfy(fields.isPresent)
            guard applies else {
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
        // The places, read before converting anything, which inserts bytes before them.
        let spans = level.spans
        let fieldCount = expressions.object.fields.count
        let anchors = expressions.computes.map { compute in
            objectStart + ((compute.position..<fieldCount).lazy.map { spans[$0 * 3] }.first { $0 >= 0 } ?? spans[fieldCount * 3])
        }
        // From the last place to the first, so the places before stay where they are.
        for (index, compute) in expressions.computes.enumerated().reversed() {
            guard let value = values[index] else { continue }
            let anchor = anchors[index]
            let converted: [UInt8]
            if case .null = value, let nulls = compute.nulls {
                // A nullable member computed to null: written as null, or left out under `nulls: omit`.
                if nulls == .omit { continue }
                converted = Array("null".utf8)
            } else {
                let start = ctx.out.count
                let mark = ctx.issues.count
                guard ctx.convert(value, through: compute.converter) else {
                    ctx.out.rewind(to: start)
                    if ctx.issues.count > mark { ctx.locate(since: mark, out: .key(compute.name), input: []) }
                    return false
                }
                converted = ctx.out.bytes(from: start)
                ctx.out.rewind(to: start)
            }
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
}

extension ConversionContext {
    /// Records a CEL evaluation error: `rule_cost_exceeded` when the budget ran out, else
    /// `evaluation_error` with CEL's message.
    mutating func fail(_ error: CELError) {
        if error.kind == .costExceeded {
            budgetSpent(node: nil)
        } else {
            fail(.evaluationError, "\(error.kind.rawValue): \(error.message)", node: nil)
        }
    }

    /// Records that the document's expressions spent their budget (`ConversionOptions.ruleBudget`).
    mutating func budgetSpent(node: Int?) {
        fail(.ruleCostExceeded, "the document's expressions ran past their run-time budget", node: node)
    }

    /// Converts a CEL value through `converter`, as if the payload had sent its JSON form: the
    /// value is written to a scratch document the converter reads instead of the payload.
    mutating func convert(_ value: CELValue, through converter: any ValueConverter) -> Bool {
        let level = expressions.acquire()
        defer { expressions.release() }
        let scratch: JSONDocument
        if case .string(let string) = value, let plain = level.plainString(string) {
            scratch = plain
        } else {
            level.text.reset()
            guard level.text.celValue(value) else {
                fail(.evaluationError, "the expression gave \(value.kindName), which has no JSON form", node: nil)
                return false
            }
            scratch = level.text.withBytes { level.parse($0) }
        }
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
