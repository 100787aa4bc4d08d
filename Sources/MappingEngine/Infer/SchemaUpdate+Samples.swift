extension SchemaUpdate {
    /// Adds the samples of `input`: one JSON document, or with `ndjson` one document per line
    /// (blank lines skipped). Throws the first syntax error, for NDJSON with the input's line
    /// and the column within it; samples before it are kept.
    public mutating func add(samples input: UnsafeBufferPointer<UInt8>, ndjson: Bool, maxDepth: Int = 256) throws(JSONSyntaxError) {
        let parser = JSONParser(maxDepth: maxDepth)
        let tape = JSONTape()
        guard ndjson else {
            add(sample: JSONValue(try parser.parse(input, into: tape)))
            return
        }
        var lineStart = 0
        var lineNumber = 1
        while lineStart < input.count {
            let newline = input[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
            let line = UnsafeBufferPointer(rebasing: input[lineStart..<newline])
            if !line.allSatisfy(ScalarASCII.isWhitespace) {
                let document: JSONDocument
                do {
                    document = try parser.parse(line, into: tape)
                } catch {
                    throw JSONSyntaxError(code: error.code, message: error.message, offset: lineStart + error.offset,
                                          line: lineNumber, column: error.column)
                }
                add(sample: JSONValue(document))
            }
            lineStart = newline + 1
            lineNumber += 1
        }
    }
}
