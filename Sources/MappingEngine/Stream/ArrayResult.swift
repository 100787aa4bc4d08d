/// The result of a streamed array conversion, built as its elements arrive: each element is
/// converted into the output (`[`, elements separated by `,`, `]`), which goes to a discardable
/// sink (a spool, in the service and the CLI); its errors, coercions and unknown keys are
/// located under its index and capped across the whole array exactly as `Engine.convert` caps
/// those of the whole document.
///
/// Once an element fails, the answer will be the error list: the output written so far is
/// discarded and later elements are only converted for their errors.
///
/// Elements may also be converted elsewhere, batch by batch (`ArrayBatch`, converted by a
/// result of its own without a sink), and their parts absorbed here in order (`absorb`): the
/// answer is the one converting them here would have given.
final class ArrayResult {
    /// The output is handed to the sink in pieces of about this size.
    private static let pieceSize = 256 << 10
    private let model: CompiledModel
    private let options: ConversionOptions
    /// Nil for a batch's result, whose output is kept whole for its part.
    private let output: (any DiscardableOutputSink)?
    // One element at a time goes through `add`, from one thread: runtime exclusivity checks on
    // the properties it touches would cost more than the rest of its bookkeeping.
    /// The output not yet handed to the sink.
    @exclusivity(unchecked) private var out: JSONWriter
    /// Re-indents the output on its way to the sink, with `pretty`.
    private var printer: JSONPrettyPrinter?
    private var indented = JSONWriter(capacity: 0)
    /// Elements converted (or refused) so far: the index of the next one.
    @exclusivity(unchecked) private(set) var count = 0
    /// What is left of the document's expression budget, carried from element to element.
    @exclusivity(unchecked) private var ruleBudget: Int
    /// Every error, coercion, unknown key and recovery so far, recorded or not.
    @exclusivity(unchecked) private var counts = ArrayPart.Counts()
    /// The recorded ones, located: at most `maxErrors` of each kind.
    @exclusivity(unchecked) private var issues: [Issue] = []

    init(model: CompiledModel, options: ConversionOptions, pretty: Bool, output: any DiscardableOutputSink) {
        self.model = model
        self.options = options
        ruleBudget = max(0, options.ruleBudget)
        self.output = output
        out = JSONWriter(capacity: ArrayResult.pieceSize + ArrayResult.pieceSize / 4)
        if pretty { printer = JSONPrettyPrinter() }
        if options.explain { out.ascii(ResultJSON.explanationPrefix) }
    }

    /// The result of a batch of elements whose first is the array's `firstIndex`th, as if
    /// converted first: with the whole expression budget and nothing counted before.
    init(batchOf model: CompiledModel, options: ConversionOptions, firstIndex: Int) {
        self.model = model
        self.options = options
        ruleBudget = max(0, options.ruleBudget)
        output = nil
        count = firstIndex
        out = JSONWriter(capacity: ArrayResult.pieceSize)
    }

    deinit {
        out.deallocate()
        indented.deallocate()
    }

    /// The recoveries so far by code and action.
    var recoveries: RecoveryTally {
        RecoveryTally(IssueReport.warnings(issues), omitted: max(0, counts.warnings - options.maxErrors))
    }

    /// Whether an element has failed: the answer will be the errors.
    var failed: Bool { counts.errors > 0 }

    /// Converts the next element, parsed into `document` (its root is the element; fewer than
    /// `Int32.max` nodes, as property slots hold node indices as Int32).
    func add(_ document: JSONDocument, workspace: Workspace) {
        let index = count
        count += 1
        if !failed { out.byte(index == 0 ? UInt8(ascii: "[") : UInt8(ascii: ",")) }
        var ctx = ConversionContext(document: document, out: out.take(), slots: workspace.slots, keyOrders: workspace.keyOrders,
                                    options: options, expressions: workspace.expressions,
                                    elementKeys: workspace.elementKeys)
        // The counts and the expression budget go on from the elements before, so the caps fall
        // where they fall in the whole document.
        ctx.ruleBudget = ruleBudget
        ctx.errorCount = counts.errors
        ctx.coercionCount = counts.coercions
        ctx.unknownKeyCount = counts.unknownKeys
        ctx.warningCount = counts.warnings
        _ = model.entry.meta.convertRoot(0, &ctx)
        if !ctx.issues.isEmpty {
            ctx.locate(since: 0, out: .index(index), input: [.index(index)])
            issues.append(contentsOf: ctx.issues)
        }
        out = ctx.out.take()
        workspace.slots = ctx.slots
        counts.errors = ctx.errorCount
        ruleBudget = ctx.ruleBudget
        counts.coercions = ctx.coercionCount
        counts.unknownKeys = ctx.unknownKeyCount
        counts.warnings = ctx.warningCount
        if failed {
            drop()
        } else if output != nil && out.count >= ArrayResult.pieceSize {
            flush()
        }
    }

    /// Fails the next element without converting it: it is larger than `limit` bytes.
    func refuseTooLarge(limit: Int) {
        count += 1
        refuse(.bodyTooLarge, "the element is larger than the limit of \(limit) bytes")
    }

    /// The outcome once the array has ended: the output is complete in the sink, or the errors.
    func finish() -> ArrayConversion.Outcome {
        guard !failed else {
            return .failed(IssueReport.errors(issues, total: counts.errors, maxErrors: options.maxErrors))
        }
        out.ascii(count == 0 ? "[]" : "]")
        if options.explain {
            let (coercions, unknownKeys) = IssueReport.explanation(issues)
            ResultJSON.writeExplanation(coercions: coercions, unknownKeys: unknownKeys,
                                        coercionsOmitted: max(0, counts.coercions - options.maxErrors),
                                        unknownKeysOmitted: max(0, counts.unknownKeys - options.maxErrors),
                                        warnings: IssueReport.warnings(issues), warningsOmitted: max(0, counts.warnings - options.maxErrors),
                                        into: &out)
        }
        flush()
        return .converted(elements: count)
    }

    /// Records an error about the whole element just counted, as the engine records one.
    private func refuse(_ code: ErrorCode, _ message: String) {
        counts.errors += 1
        if counts.errors <= options.maxErrors {
            let index = count - 1
            issues.append(Issue(kind: .error(code), message: message, input: nil, outPath: [.index(index)], inPath: [.index(index)]))
        }
        drop()
    }

    /// Hands the output so far to the sink, re-indented with `pretty`. Called between
    /// elements only, so that no piece ends inside a value, or just after the array's `[`.
    private func flush() {
        guard let output else { return }
        guard printer != nil else {
            out.withBytes { output.write($0) }
            out.reset()
            return
        }
        out.withBytes { printer?.format($0, into: &indented) }
        out.reset()
        indented.withBytes { output.write($0) }
        indented.reset()
    }

    /// Gives up the output: it will not be answered.
    private func drop() {
        out.reset()
        output?.discard()
    }

    /// What a batch's result holds once its elements are converted; `parsed` false when one of
    /// them did not parse, after those before it.
    func part(of batch: ArrayBatch, parsed: Bool) -> ArrayPart {
        ArrayPart(batch: batch, parsed: parsed, output: failed ? [] : out.makeArray(), issues: issues,
                  counts: counts,
                  ruleSpent: max(0, options.ruleBudget) - ruleBudget)
    }

    /// Takes in the part of the next batch of elements, converted elsewhere (every element
    /// parsed), as if they had been
    /// converted here. Where that part cannot say what they would have given here — a cap on
    /// listed issues reached within it, or an expression budget it spent more of than is left —
    /// its elements are converted again here, parsed with `parser` into `workspace`.
    func absorb(_ part: ArrayPart, parser: JSONParser, workspace: Workspace) {
        guard part.ruleSpent <= ruleBudget, let listed = part.listed(after: counts, maxErrors: options.maxErrors) else {
            // The elements parsed where the part was made.
            _ = part.batch.forEach(parser: parser, workspace: workspace) { add($0, workspace: workspace) }
            return
        }
        count += part.batch.count
        ruleBudget -= part.ruleSpent
        counts += part.counts
        issues.append(contentsOf: part.issues.filter { listed.contains($0.kind.tally) })
        if failed {
            drop()
            return
        }
        // A part of half a piece or more goes to the sink as it is, after what is before it, unless it
        // is re-indented: copying it into the output first would only be copied again.
        if let output, printer == nil, part.output.count >= ArrayResult.pieceSize / 2 {
            flush()
            output.write(part.output)
            return
        }
        part.output.withUnsafeBufferPointer { out.bytes($0) }
        if out.count >= ArrayResult.pieceSize { flush() }
    }
}
