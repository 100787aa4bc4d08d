/// What the writing walk of an object tells about each property it writes. A model without
/// rules or computed members passes `NoMemberRecorder`, whose calls compile to nothing; one
/// with them passes `MemberSpans`, so its rules read their values where they were written,
/// without reading the object again.
protocol MemberRecorder {
    /// Property `index` was written from `start` (its key's quote) to `end` (nothing when
    /// `end` is not past `start`), its value after its `"name":` of `keyLength` bytes.
    func record(_ index: Int, start: Int, keyLength: Int, end: Int)
    /// The `count` properties are written; what comes next (members kept under
    /// `unknownKeys: keep`, or `}`) starts at `at`.
    func recordEnd(_ count: Int, at: Int)
}

/// Records nothing: the writing walk of a model without expressions.
struct NoMemberRecorder: MemberRecorder {
    @inline(__always)
    func record(_ index: Int, start: Int, keyLength: Int, end: Int) {}
    @inline(__always)
    func recordEnd(_ count: Int, at: Int) {}
}

/// Three offsets per property, relative to the object's `{`: its key's quote, its value's
/// first and past-last byte; −1 when nothing was written for it. After them, one more: where
/// the members after the properties start.
struct MemberSpans: MemberRecorder {
    let spans: UnsafeMutablePointer<Int>
    /// Where the object's `{` is in the output.
    let origin: Int

    @inline(__always)
    func record(_ index: Int, start: Int, keyLength: Int, end: Int) {
        let at = spans + index &* 3
        if end <= start {
            at[0] = -1
            at[1] = -1
            at[2] = -1
        } else {
            at[0] = start &- origin
            at[1] = start &- origin &+ keyLength
            at[2] = end &- origin
        }
    }

    @inline(__always)
    func recordEnd(_ count: Int, at: Int) {
        spans[count &* 3] = at &- origin
    }
}
