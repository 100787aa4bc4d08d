import Glibc

/// An NDJSON body converted line by line as it arrives, one result line per input line (blank
/// lines are skipped); a line that fails gives `{"line": N, "errors": […]}` and the rest go on.
/// Memory holds one line; the results go to an output sink as they are made.
///
/// The whole stream lists at most `options.maxErrors` error entries (a line cut short ends with
/// a `too_many_errors` entry holding its total). Once they are spent, failing lines are no
/// longer written one by one: each run of consecutive failing lines becomes one record,
/// `{"line": first, "lastLine": last, "errors": [{"code": "too_many_errors", "message": …,
/// "total": K}]}` with K the errors of those lines, written when the run ends (at the next
/// successful line or the end of the body). Successful lines are still converted and written
/// in place, so the output stays aligned with the input and its size is bounded by the
/// successful output plus one record per run of failures.
///
/// Given a `BatchConverter`, lines are handed on in batches to be converted elsewhere (on
/// other threads, in `convertd convert --jobs`); their outcomes come back in order and are
/// written as the lines converted here would have been.
public final class NDJSONConversion {
    /// How each line converts.
    public let lines: LineConverter
    private let options: ConversionOptions
    private let maxLineBytes: Int
    private let output: any OutputSink
    /// Buffers of batches written, for the next ones: at most as many as are in flight at once.
    private var spareBatches: [[UInt8]] = []
    /// The start of a line that spans chunks.
    private var pending: [UInt8] = []
    private var pendingTooLong = false
    private var line = 0
    /// Error entries the stream may still list.
    private var errorBudget: Int
    /// The failing lines seen since the budget was spent and the last successful line.
    private var run: FailureRun?
    /// Where batches of lines are converted, when not here; the batch being filled, and the
    /// size at which it is handed on.
    private let batches: (any BatchConverter<NDJSONBatch, NDJSONPart>)?
    private var batch: NDJSONBatch?
    private let batchSize: Int
    /// Lines that failed, listed or not.
    public private(set) var failedLines = 0
    /// Values recovered from in the lines that converted (`onError`, `onItemError`), by code
    /// and action: their total is the answer's `Convertd-Warnings`. A line's own are listed in
    /// its explained result.
    public private(set) var recoveries = RecoveryTally()

    /// A conversion of each line into `model`; a line longer than `maxLineBytes` fails alone
    /// with `body_too_large`. With `batches`, lines are handed to it in batches of about
    /// `batchSize` bytes.
    public init(engine: Engine, model: CompiledModel, options: ConversionOptions = .init(), maxLineBytes: Int = .max,
                output: any OutputSink, batches: (any BatchConverter<NDJSONBatch, NDJSONPart>)? = nil, batchSize: Int = 256 << 10) {
        self.batches = batches
        self.batchSize = max(1, batchSize)
        lines = LineConverter(engine: engine, model: model, options: options)
        self.options = lines.options
        self.maxLineBytes = maxLineBytes
        self.output = output
        errorBudget = max(0, options.maxErrors)
    }

    /// Takes the next bytes of the body, converting every line they complete. `workspace` is
    /// used only during the call.
    public func feed(_ chunk: UnsafeBufferPointer<UInt8>, workspace: Workspace) {
        guard let base = chunk.baseAddress else { return }
        var start = 0
        while start < chunk.count {
            guard let found = memchr(base + start, 0x0A, chunk.count - start) else {
                hold(UnsafeBufferPointer(rebasing: chunk[start...]))
                break
            }
            let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let piece = UnsafeBufferPointer(rebasing: chunk[start..<newline])
            if pending.isEmpty && !pendingTooLong {
                convertLine(piece, tooLong: piece.count > maxLineBytes, workspace: workspace)
            } else {
                hold(piece)
                pending.withUnsafeBufferPointer { convertLine($0, tooLong: pendingTooLong, workspace: workspace) }
                pending.removeAll(keepingCapacity: true)
                pendingTooLong = false
            }
            start = newline + 1
        }
    }

    /// The body has ended: converts its last line, if it had no newline, and closes the
    /// current run of failing lines.
    public func finish(workspace: Workspace) {
        if !pending.isEmpty || pendingTooLong {
            pending.withUnsafeBufferPointer { convertLine($0, tooLong: pendingTooLong, workspace: workspace) }
            pending = []
            pendingTooLong = false
        }
        if let batches {
            handOn(workspace: workspace)
            for part in batches.drain() { take(part, workspace: workspace) }
        }
        endRun()
    }

    /// Keeps the start of a line until its end arrives, up to the line limit.
    private func hold(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !pendingTooLong else { return }
        if pending.count + bytes.count > maxLineBytes {
            pending = []
            pendingTooLong = true
        } else {
            pending.append(contentsOf: bytes)
        }
    }

    private func convertLine(_ raw: UnsafeBufferPointer<UInt8>, tooLong: Bool, workspace: Workspace) {
        if batches != nil {
            let filling = batch ?? NDJSONBatch(capacity: batchSize + batchSize / 4, storage: spareBatches.popLast())
            batch = filling
            filling.append(raw, tooLong: tooLong)
            if filling.size >= batchSize { handOn(workspace: workspace) }
            return
        }
        lines.withOutcome(of: raw, tooLong: tooLong, maxErrors: options.explain ? options.maxErrors : errorBudget, workspace: workspace) { write($0) }
    }

    /// Hands the batch being filled on, and writes the lines that came back.
    private func handOn(workspace: Workspace) {
        guard let batches, let full = batch else { return }
        batch = nil
        for part in batches.submit(full) { take(part, workspace: workspace) }
    }

    /// Writes the lines of a batch converted elsewhere. A line converted there with the whole
    /// error cap where this stream had less left, that failed or recovered, is converted again
    /// here: the cap decides which of its errors and recoveries are listed.
    private func take(_ part: NDJSONPart, workspace: Workspace) {
        for (index, converted) in part.outcomes.enumerated() {
            let cap = options.explain ? options.maxErrors : errorBudget
            guard converted.listing(under: cap, after: options.maxErrors) else {
                part.batch.line(index) { lines.withOutcome(of: $0, tooLong: false, maxErrors: cap, workspace: workspace) { write($0) } }
                continue
            }
            converted.borrowed { write($0) }
        }
        spareBatches.append(part.batch.releaseStorage())
    }

    /// Writes the next line's outcome.
    private func write(_ outcome: LineOutcome<UnsafeBufferPointer<UInt8>>) {
        line += 1
        switch outcome {
        case .blank:
            break
        case .tooLong:
            failLine([NDJSONConversion.entry(code: ErrorCode.bodyTooLarge.rawValue, message: "the line is larger than the limit of \(maxLineBytes) bytes")],
                     total: 1)
        case .converted(let bytes, let lineRecoveries):
            endRun()
            if let lineRecoveries { recoveries.add(lineRecoveries) }
            output.write(bytes)
            output.write([0x0A])
        case .failed(let entries, let total):
            failLine(entries, total: total)
        }
    }

    /// Writes a failing line's record with as many of its `total` errors as the budget allows,
    /// or, once the budget is spent, adds the line to the current run.
    private func failLine(_ entries: [JSONValue], total: Int) {
        failedLines += 1
        guard errorBudget > 0 else {
            run = FailureRun(first: run?.first ?? line, last: line, total: (run?.total ?? 0) + total)
            return
        }
        let listed = min(entries.count, errorBudget)
        errorBudget -= listed
        var errors = Array(entries.prefix(listed))
        if total > listed { errors.append(ResultJSON.error(.tooMany(total: total, listed: listed))) }
        output.write(JSONValue.object([.init("line", .number(String(line))), .init("errors", .array(errors))]).jsonBytes)
        output.write([0x0A])
    }

    /// Writes the record of the current run of failing lines, if there is one.
    private func endRun() {
        guard let run else { return }
        self.run = nil
        let summary = JSONValue.object([
            .init("code", .string(ErrorCode.tooManyErrors.rawValue)),
            .init("message", .string("\(run.total) errors in lines \(run.first)–\(run.last); a stream lists its first \(options.maxErrors) errors only")),
            .init("total", .number(String(run.total))),
        ])
        output.write(JSONValue.object([
            .init("line", .number(String(run.first))), .init("lastLine", .number(String(run.last))), .init("errors", .array([summary])),
        ]).jsonBytes)
        output.write([0x0A])
    }

    /// An error entry about a whole line: its code and message.
    static func entry(code: String, message: String) -> JSONValue {
        .object([.init("code", .string(code)), .init("message", .string(message))])
    }

    /// Consecutive failing lines past the stream's error budget, collapsed into one record.
    private struct FailureRun {
        var first: Int
        var last: Int
        /// Errors in those lines.
        var total: Int
    }
}
