extension SchemaUpdate {
    /// Adds the samples of `input`: one JSON document, or with `ndjson` one document per line
    /// (blank lines skipped). Throws the first syntax error, for NDJSON with the input's line
    /// and the column within it; samples before it are kept.
    public mutating func add(samples input: UnsafeBufferPointer<UInt8>, ndjson: Bool, maxDepth: Int = 256) throws(JSONSyntaxError) {
        try SampleReader.forEachDocument(in: input, ndjson: ndjson, maxDepth: maxDepth,
                                         syntax: { (error: JSONSyntaxError) in error }) { (document) throws(JSONSyntaxError) in
            add(sample: JSONValue(document))
        }
    }
}
