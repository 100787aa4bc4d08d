/// One compiled property: where its value comes from, how it converts, and what absence means.
struct PropertyMeta: @unchecked Sendable {
    // The buffers point into the owning model's arena, immutable once compiled.
    /// How the property finds its input.
    enum Placement: Sendable {
        /// One key of the object, matched through the model's key table.
        case key
        /// A key path or JSON Pointer.
        case path(Lookup)
        /// Candidates in priority order: the first present and non-null wins.
        case candidates([Lookup])
    }

    let name: String
    /// `,"name":` — the member prefix, written from index 1 for the first member (arena bytes).
    let member: UnsafeBufferPointer<UInt8>
    let placement: Placement
    /// The single key, for `.key` placement (and the first candidate's key otherwise; arena bytes).
    let key: UnsafeBufferPointer<UInt8>
    /// Input location of the value, for errors.
    let inputPath: [PathComponent]
    /// The converter, in a cell the model's `cells` own; unmanaged so a call costs no retain.
    let cell: Unmanaged<ConverterCell>
    /// The converter as the hot path calls it.
    let call: ConverterCall

    /// The converter, for cold paths.
    var converter: any ValueConverter { cell.takeUnretainedValue().converter }
    let required: Bool
    let nullable: Bool
    /// Property-level `strict`.
    let strict: Bool
    /// Whether strings are the converter's natural input (then lax null words do not apply).
    let keepsNullWords: Bool
    /// Whether blank text counts as null (url).
    let blankIsNull: Bool
    /// The default's output bytes (arena bytes).
    var defaultOutput: UnsafeBufferPointer<UInt8>?
    /// `nulls: omit`: a null value (or a null default) leaves the member out.
    var omitsNull = false
    /// The next property reading the same key, or -1: one key may feed several properties.
    var nextSameKey: Int32 = -1
}
