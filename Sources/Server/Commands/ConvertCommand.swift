import ArgumentParser
import Glibc
import MappingEngine
import Spooling

/// `convertd convert`: one payload through one model, printed as normalized JSON.
///
/// The input is read in chunks. A top-level array is converted element by element as it is
/// read, its output spooled (memory, then a temporary file) and printed only when every element
/// converted, so memory is bounded by the largest element; any other document is read whole.
/// NDJSON is converted line by line, each result printed as it is made.
///
/// With more than one job, an array's elements and NDJSON's lines are cut out here and parsed
/// and converted on `--jobs` threads in batches, their results written in input order: byte for
/// byte the output of one job, in memory bounded by two batches a thread.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a JSON document (a file, or stdin) with a schema; prints the result or the error list (exit 1).",
        discussion: """
            A top-level array is converted element by element as it is read, in memory bounded by its largest element. \
            With --ndjson (or a .ndjson or .jsonl file) each line is a document: one result line per input line, \
            {"line":N,"errors":[…]} for a line that fails (exit 1 once any failed). \
            With --jobs N both are converted on N threads, the output in input order and the same as with one job.
            """
    )

    @OptionGroup var schemaOptions: SchemaOptions
    @OptionGroup var document: DocumentOptions

    @Option(name: .long, help: "lax (coerce, default) or strict (natural JSON types only).")
    var mode: String = Default.mode

    @Flag(name: .long, help: "Wrap the result with the coercions applied and the unknown keys seen.")
    var explain = false

    @Option(name: .long, help: "Errors listed before one too_many_errors entry with the total; also caps the coercions and unknown keys listed by --explain.")
    var maxErrors = Default.maxErrors

    @Option(name: .long, help: "fail: recovery off, as ?onError=fail (a value that fails fails the document, whatever onError and onItemError say).")
    var onError: String?

    @Flag(name: .long, help: "The input is NDJSON, one document a line (also chosen by a .ndjson or .jsonl file name).")
    var ndjson = false

    @OptionGroup var profile: ProfileOption

    // One by default: on the machines measured (BENCHMARKS.md, issue 26) reading the input and
    // finding where its elements end, on the reading thread, cost more than the conversion that
    // the other threads take over: more jobs were slower on arrays and about even on NDJSON.
    @Option(name: .long, help: "Threads converting a top-level array's elements or NDJSON's lines in batches; the output is the same whatever their number (not yet faster than one on the payloads measured: see BENCHMARKS.md).")
    var jobs = Default.jobs

    /// The defaults of the options above, which `QuickArguments` gives too.
    enum Default {
        static let mode = "lax"
        static let maxErrors = 100
        static let jobs = 1
    }

    func validate() throws {
        guard (1...100_000).contains(maxErrors) else { throw ValidationError("--max-errors must be 1–100000") }
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs must be 1–256") }
        if ndjson && document.pretty { throw ConvertCommand.prettyNDJSON }
    }

    /// NDJSON results are one a line, which indenting would break.
    private static let prettyNDJSON = ValidationError("--pretty cannot indent NDJSON, whose results are one a line")

    func run() throws {
        guard let mode = ConversionOptions.Mode(rawValue: mode) else {
            throw ValidationError("--mode must be lax or strict")
        }
        let engine = try schemaOptions.engine(for: document.schema)
        guard onError == nil || onError == "fail" else { throw ValidationError("--on-error must be fail") }
        let options = ConversionOptions(mode: mode, explain: explain, maxErrors: maxErrors, recover: onError == nil)
        let input = try InputReader(document.file)
        let model = try profile.model(document.schema, in: engine)
        if ndjson || InputReader.namesNDJSON(document.file) {
            guard !document.pretty else { throw ConvertCommand.prettyNDJSON }
            try convertLines(input, engine: engine, model: model, options: options)
            return
        }
        // The first bytes other than white space tell an array, converted as it is read, from a document read whole.
        var prefix: [UInt8] = []
        while true {
            let chunk = try input.next()
            if chunk.isEmpty { break }
            switch DocumentStart(chunk) {
            case .undecided:
                prefix.append(contentsOf: chunk)
            case .array:
                try convertArray(input, prefix: prefix, first: chunk, model: model, options: options)
                return
            case .other:
                prefix.append(contentsOf: chunk)
                try convertWhole(try input.rest(after: prefix), engine: engine, model: model, options: options)
                return
            }
        }
        try convertWhole(prefix, engine: engine, model: model, options: options)
    }

    /// Converts a document read whole.
    private func convertWhole(_ input: [UInt8], engine: Engine, model: CompiledModel, options: ConversionOptions) throws {
        // Through a workspace rather than `OwnedResult`, which leaves out the omitted counts.
        let workspace = Workspace(outputCapacity: max(256, input.count * 2))
        let result = input.withUnsafeBufferPointer { engine.convert($0, model: model, options: options, workspace: workspace) }
        switch result {
        case .success(let success):
            Output.stdout(success.explained ? ResultJSON.explained(success) : Array(success.output), pretty: document.pretty)
        case .failure(let errors): throw Output.invalid(errors, schema: document.schema, pretty: document.pretty)
        case .malformed(let error): throw Output.malformed(error, pretty: document.pretty)
        case .unknownModel(let name): throw Output.unknownModel(name)
        }
    }

    /// Converts a top-level array element by element as the rest of it is read: printed when
    /// every element converted, else the errors (exit 1), as for a document read whole.
    ///
    /// The output is spooled; when standard output is a regular file (`> out.json`) it is the
    /// spool, written as the elements convert and cut back if one fails, which spares writing
    /// the output twice. The file is written on a thread of its own while the next elements
    /// convert, as the input is read ahead on another (`SpoolWriter`, `ReadAhead`).
    private func convertArray(_ input: InputReader, prefix: [UInt8], first: UnsafeBufferPointer<UInt8>, model: CompiledModel,
                              options: ConversionOptions) throws {
        let spool = Spool.writingThrough(STDOUT_FILENO, overlapped: true) ?? Spool(overlapped: true)
        let batches = jobs > 1 ? ParallelBatches<ArrayBatch, ArrayPart>(jobs: jobs) { $0.convert(model: model, options: options, workspace: $1) } : nil
        let conversion = ArrayConversion(model: model, options: options, pretty: document.pretty, output: spool, batches: batches)
        let workspace = Workspace()
        prefix.withUnsafeBufferPointer { conversion.feed($0, workspace: workspace) }
        conversion.feed(first, workspace: workspace)
        while true {
            let chunk = try input.next()
            if chunk.isEmpty { break }
            conversion.feed(chunk, workspace: workspace)
        }
        switch conversion.finish(workspace: workspace) {
        case .converted:
            spool.write([0x0A])
            spool.seal()
            if let failure = spool.failure {
                spool.discard()
                Output.stderr(failure)
                throw ExitCode(2)
            }
            StandardOutput().send(spool)
        case .failed(let errors): throw Output.invalid(errors, schema: document.schema, pretty: document.pretty)
        case .malformed(let error): throw Output.malformed(error, pretty: document.pretty)
        }
    }

    /// Converts NDJSON line by line, printing each result line as it is made; exit 1 when a line failed.
    private func convertLines(_ input: InputReader, engine: Engine, model: CompiledModel, options: ConversionOptions) throws {
        let output = StandardOutput()
        let lines = NDJSONConversion.LineConverter(engine: engine, model: model, options: options)
        let batches = jobs > 1 ? ParallelBatches<NDJSONBatch, NDJSONPart>(jobs: jobs) { $0.convert(with: lines, workspace: $1) } : nil
        let conversion = NDJSONConversion(engine: engine, model: model, options: options, output: output, batches: batches)
        let workspace = Workspace()
        while true {
            let chunk = try input.next()
            if chunk.isEmpty { break }
            conversion.feed(chunk, workspace: workspace)
        }
        conversion.finish(workspace: workspace)
        output.flush()
        if conversion.failedLines > 0 { throw ExitCode(1) }
    }
}
