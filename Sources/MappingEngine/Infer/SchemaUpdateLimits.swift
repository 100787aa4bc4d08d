/// What one schema update may take in and change, so that any number of samples or any drift
/// report costs bounded time and memory.
public struct SchemaUpdateLimits: Sendable, Hashable {
    /// Samples converted; later ones are counted and skipped, with a note.
    public var maxSamples = 10_000
    /// Rounds of convert → fix → reload per sample: each round fixes what the errors and unknown
    /// keys it saw ask for, and may reveal more (unknown keys show only once a sample converts).
    public var maxRounds = 8
    /// Values kept per added property to guess its type from.
    public var maxValuesPerProperty = 64
    /// Values added to one property's `enum`.
    public var maxEnumAdditions = 64
    /// Properties added in all.
    public var maxAddedProperties = 500
    /// Entries read from each list of a drift report.
    public var maxReportEntries = 1_000
    /// Notes kept; later ones are counted in a last note.
    public var maxNotes = 200
    /// Errors and unknown keys listed per conversion of a sample.
    public var maxIssuesPerSample = 1_000

    public init() {}
}
