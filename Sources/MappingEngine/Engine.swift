/// What a conversion produced.
public enum ConversionResult {
    /// The normalized JSON; `output` stays valid until the workspace is used again or shrunk.
    case success(Success)
    /// The validation errors of the payload: the first `maxErrors`, then, when there were more,
    /// one `too_many_errors` entry with the total.
    case failure([ConversionError])
    /// The body is not JSON (or too deep, or empty).
    case malformed(JSONSyntaxError)
    /// No model of that name is registered.
    case unknownModel(String)

    /// A successful conversion and what `explain` and `unknownKeys: report` add to it: at most
    /// `maxErrors` of each, and how many more there were.
    public struct Success {
        public let output: UnsafeBufferPointer<UInt8>
        /// Whether the answer is the explained form: `explain` was asked, or the model reports
        /// unknown keys (`unknownKeys: report`).
        public let explained: Bool
        public let coercions: [Coercion]
        public let unknownKeys: [UnknownKey]
        /// Coercions applied but not listed in `coercions`.
        public let coercionsOmitted: Int
        /// Unknown keys seen but not listed in `unknownKeys`.
        public let unknownKeysOmitted: Int
        /// The values recovered from (`onError`, `onItemError`), at most `maxErrors`.
        public internal(set) var warnings: [Warning] = []
        /// Recoveries made but not listed in `warnings`.
        public internal(set) var warningsOmitted = 0

        /// Every recovery made, listed or not: the `Convertd-Warnings` count.
        public var warningCount: Int { warnings.count + warningsOmitted }
    }
}

/// An input key no property reads, listed under `explain` or `unknownKeys: report`.
public struct UnknownKey: Sendable, Hashable {
    /// JSON Pointer of the key in the input.
    public var path: String
    public var input: String
}

/// The conversion engine: registry → cached metas → payload conversion; schema changes go
/// through its one pipeline, one at a time, while conversions go on.
public final class Engine: Sendable {
    /// The compiled-model table; filled and swapped only by `pipeline`.
    let cache: MetaCache

    /// The registry served now.
    public var registry: SchemaRegistry { cache.currentRegistry }

    /// The compiled-model table's counters now.
    public var statistics: MetaCache.Stats { cache.snapshot }
    let pipeline: SchemaPipeline
    /// Earlier versions compiled for pinned requests (`Book@2`).
    let pinned = PinnedVersions()

    /// An engine serving no model until the first `load`; every change must stay within `limits`.
    public init(limits: RegistryLimits = .default) {
        cache = MetaCache()
        pipeline = SchemaPipeline(cache: cache, limits: limits)
    }

    /// An engine serving `sources`, run through the schema pipeline (each model compiled once);
    /// throws every mistake at once. `readErrors` are errors found reading them.
    public convenience init(sources: [SchemaSource], readErrors: [SchemaError] = [],
                            limits: RegistryLimits = .default) throws(SchemaErrors) {
        self.init(limits: limits)
        switch load(sources, readErrors: readErrors) {
        case .success:
            return
        case .failure(.invalid(let errors)):
            throw errors
        case .failure(let other):
            // Only PUT and DELETE refuse for other reasons; kept as an error rather than a trap.
            throw SchemaErrors([SchemaError(file: "", message: other.description)])
        }
    }

    /// An engine serving every schema file under `directory`; throws every mistake at once.
    public convenience init(directory: String, limits: RegistryLimits = .default) throws(SchemaErrors) {
        let read = SchemaLoader.sources(in: directory, limits: limits)
        try self.init(sources: read.sources, readErrors: read.errors, limits: limits)
    }

    /// An engine serving the sources `registry` was loaded from.
    public convenience init(registry: SchemaRegistry, limits: RegistryLimits = .default) throws(SchemaErrors) {
        try self.init(sources: registry.sources, limits: limits)
    }

    /// Replaces every source (startup, SIGHUP, `POST /schemas/reload`, the directory watch).
    /// `readErrors` are errors found reading the directory (unreadable files), reported with the rest.
    public func load(_ sources: [SchemaSource], readErrors: [SchemaError] = []) -> Result<RegistryUpdate, RegistryChangeError> {
        pipeline.load(sources, readErrors: readErrors, histories: [:], gate: nil)
    }

    /// Replaces every source as `load(_:readErrors:)` does, but compiles only `roots` and the
    /// models they reach, for a command that converts with those alone (`convert`, `reverse`,
    /// `bench`). Every file is still read, decoded and resolved, so a file that does not parse,
    /// an unknown type or model, or a broken `extends` anywhere refuses the load; what only
    /// compiling finds (a constraint that does not fit, a default that does not convert, a
    /// pattern or CEL expression refused, a key collision) is found in the models compiled. A
    /// model left out is unknown to `convert` until a full load.
    public func load(_ sources: [SchemaSource], readErrors: [SchemaError] = [],
                     compiling roots: [String]) -> Result<RegistryUpdate, RegistryChangeError> {
        pipeline.load(sources, readErrors: readErrors, histories: [:], gate: nil, roots: roots)
    }

    /// `PUT /schemas/{model}`: `source` (a whole schema file, JSON or YAML by its file extension)
    /// must define `model` and may define models it needs. Its models are added, or replace the
    /// definitions of the same names, which leave the files that held them (those files' other
    /// models stay, re-serialized without them). The source is stored as `<model>.json`,
    /// `<model>.yaml` or `<model>.yml`, after the source's own extension.
    public func put(model: String, source: SchemaSource) -> Result<RegistryUpdate, RegistryChangeError> {
        pipeline.put(model: model, source: source, gate: nil)
    }

    /// `DELETE /schemas/{model}`: takes the model out of its file (the file disappears when it
    /// held nothing else); refused while other models extend or reference it.
    public func delete(model: String) -> Result<RegistryUpdate, RegistryChangeError> {
        pipeline.delete(model: model)
    }

    /// The sources the served registry was built from, sorted by file.
    public var sources: [SchemaSource] { cache.currentRegistry.sources }

    /// The compiled model named `name`, for a run of conversions that must all use the same
    /// model (a streamed body); nil when no such model is registered. Counts as one lookup.
    public func model(named name: String) -> CompiledModel? {
        cache.entry(for: name).map(CompiledModel.init)
    }

    /// Converts `input` (an object, or an array of objects) to the normalized form of `model`.
    public func convert(_ input: UnsafeBufferPointer<UInt8>, model name: String, options: ConversionOptions = .init(),
                        workspace: Workspace) -> ConversionResult {
        guard let entry = cache.entry(for: name, memo: &workspace.lastModel) else { return .unknownModel(name) }
        return convert(input, model: CompiledModel(entry: entry), options: options, workspace: workspace)
    }

    /// Converts `input` (an object, or an array of objects) to the normalized form of a model
    /// resolved before; never `.unknownModel`.
    @inline(__always)
    public func convert(_ input: UnsafeBufferPointer<UInt8>, model: CompiledModel, options asked: ConversionOptions = .init(),
                        workspace: Workspace) -> ConversionResult {
        let options = model.answering(asked)
        let entry = model.entry
        let meta = entry.meta
        // The models `meta` points at are owned by its group, which a schema change may drop meanwhile.
        defer { withExtendedLifetime(entry.group) {} }
        let document: JSONDocument
        do {
            document = try JSONParser(maxDepth: options.maxDepth).parse(input, into: workspace.tape)
        } catch {
            return .malformed(error)
        }
        // Property slots hold node indices as Int32.
        guard document.nodes.count < Int(Int32.max) else {
            return .malformed(JSONSyntaxError(code: JSONSyntaxError.badJSON, message: "document has more than \(Int32.max) values",
                                              offset: 0, line: 1, column: 1))
        }
        workspace.writer.reset()
        var ctx = ConversionContext(document: document, out: workspace.writer.take(), slots: workspace.slots, keyOrders: workspace.keyOrders,
                                    options: options, expressions: workspace.expressions,
                                    elementKeys: workspace.elementKeys)
        let root = document[0]
        if root.kind == .array {
            ctx.out.byte(UInt8(ascii: "["))
            var item = 1
            for index in 0..<Int(root.length) {
                if index > 0 { ctx.out.byte(UInt8(ascii: ",")) }
                let mark = ctx.issues.count
                _ = meta.convertRoot(item, &ctx)
                if ctx.issues.count > mark { ctx.locate(since: mark, out: .index(index), input: [.index(index)]) }
                item = Int(document[item].end)
            }
            ctx.out.byte(UInt8(ascii: "]"))
        } else {
            _ = meta.convertRoot(0, &ctx)
        }
        workspace.writer = ctx.out.take()
        workspace.slots = ctx.slots
        // The context's fields one by one: passing the whole context costs a memcpy of it.
        return Engine.result(of: ctx.issues, errors: ctx.errorCount, coercions: ctx.coercionCount, unknownKeys: ctx.unknownKeyCount,
                             warnings: ctx.warningCount, maxErrors: ctx.maxErrors, explained: options.explain, workspace: workspace)
    }

    /// Converts a byte array, copying the output out of a fresh workspace (for tools and tests).
    public func convert(_ input: [UInt8], model name: String, options: ConversionOptions = .init()) -> OwnedResult {
        let workspace = Workspace(outputCapacity: max(256, input.count * 2))
        return input.withUnsafeBufferPointer { bytes in
            switch convert(bytes, model: name, options: options, workspace: workspace) {
            case .success(let success): .success(Array(success.output), success.coercions, success.unknownKeys)
            case .failure(let errors): .failure(errors)
            case .malformed(let error): .malformed(error)
            case .unknownModel(let name): .unknownModel(name)
            }
        }
    }

    /// `ConversionResult` with the output copied out.
    public enum OwnedResult {
        case success([UInt8], [Coercion], [UnknownKey])
        case failure([ConversionError])
        case malformed(JSONSyntaxError)
        case unknownModel(String)
    }

    /// The errors, or the output with its coercions and unknown keys, of a finished conversion
    /// that recorded `issues` and counted `errors`, `coercions`, `unknownKeys` and `warnings` in all.
    private static func result(of issues: [Issue], errors errorCount: Int, coercions coercionCount: Int, unknownKeys unknownKeyCount: Int,
                               warnings warningCount: Int, maxErrors: Int, explained: Bool, workspace: Workspace) -> ConversionResult {
        guard errorCount == 0 else {
            return .failure(IssueReport.errors(issues, total: errorCount, maxErrors: maxErrors))
        }
        let (coercions, unknownKeys) = IssueReport.explanation(issues)
        let output = workspace.writer.withBytes { $0 }
        return .success(.init(output: output, explained: explained, coercions: coercions, unknownKeys: unknownKeys,
                              coercionsOmitted: max(0, coercionCount - maxErrors), unknownKeysOmitted: max(0, unknownKeyCount - maxErrors),
                              warnings: warningCount > 0 ? IssueReport.warnings(issues) : [], warningsOmitted: max(0, warningCount - maxErrors)))
    }
}
