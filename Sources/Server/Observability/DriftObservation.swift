import MappingEngine

/// What one sampled conversion showed of drift between its payload and its model: the keys no
/// property read, the lax coercions applied, the values recovered from, the errors, and the
/// values found outside an enum. Built from the engine's results by the caller, then handed to
/// `DriftMonitor.record`.
///
/// Each list holds at most `maxPerList` items (the engine lists at most `maxErrors` of each
/// anyway), so one observation costs the monitor a bounded time under its lock.
struct DriftObservation: Sendable {
    /// The most items of each list kept from one conversion.
    static let maxPerList = 100

    /// Unknown keys by their JSON Pointer in the input, with the kind and text of the value.
    var unknownKeys: [(path: String, kinds: DriftKinds, example: String)] = []
    /// Coercions by their JSON Pointer in the output and the rule applied.
    var coercions: [(path: String, rule: String)] = []
    /// Recoveries by their JSON Pointer in the output and the code of the error recovered from.
    var recoveries: [(path: String, code: String)] = []
    /// Errors by their JSON Pointer in the output and their code (a rule's own code for a rule).
    var errors: [(path: String, code: String)] = []
    /// Values outside an enum (`enum_mismatch`) by their output JSON Pointer and minified JSON text.
    var outsideEnum: [(path: String, value: String)] = []

    init() {}

    /// What a successful conversion showed. Its coercions and unknown keys are only listed when
    /// it was explained (`explain`, or a model with `unknownKeys: report`), so the caller asks for
    /// `explain` on sampled conversions. A value outside an enum that was recovered from counts
    /// under `outsideEnum` as well as under `recoveries`.
    init(success: ConversionResult.Success) {
        unknownKeys = success.unknownKeys.prefix(Self.maxPerList).map { ($0.path, DriftKinds(ofJSON: $0.input), $0.input) }
        coercions = success.coercions.prefix(Self.maxPerList).map { ($0.path, $0.rule) }
        let warnings = success.warnings.prefix(Self.maxPerList)
        recoveries = warnings.map { ($0.path, $0.code) }
        outsideEnum = warnings.compactMap { warning in
            guard warning.code == ErrorCode.enumMismatch.rawValue, let input = warning.input else { return nil }
            return (warning.errorPath ?? warning.path, input)
        }
    }

    /// What a failed conversion showed: its errors, and under `outsideEnum` also those of them
    /// that are `enum_mismatch` with the value refused. The closing `too_many_errors` entry is a
    /// count, not an error at a path, and is left out.
    init(errors: [ConversionError]) {
        let listed = errors.lazy.filter { $0.code != .tooManyErrors }.prefix(Self.maxPerList)
        self.errors = listed.map { ($0.path, $0.codeText) }
        outsideEnum = listed.compactMap { error in
            guard error.code == .enumMismatch, error.ruleCode == nil, let input = error.input else { return nil }
            return (error.path, input)
        }
    }

    /// Whether the conversion showed nothing at all.
    var isEmpty: Bool {
        unknownKeys.isEmpty && coercions.isEmpty && recoveries.isEmpty && errors.isEmpty && outsideEnum.isEmpty
    }
}
