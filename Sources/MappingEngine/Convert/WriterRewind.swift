extension JSONWriter {
    /// Drops what was written after `count` bytes: a converter that fails takes back its output.
    @inline(__always)
    mutating func rewind(to count: Int) {
        used = count
    }
}
