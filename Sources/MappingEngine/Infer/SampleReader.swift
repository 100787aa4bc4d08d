/// Reads sample payloads — one JSON document, or NDJSON — into a `SchemaInference`, for the
/// command line and the server alike.
public enum SampleReader {
    /// Adds the samples of `input`: one JSON document, or with `ndjson` one document per line
    /// (blank lines skipped, a `\r` before the `\n` allowed). Throws `bad_json`, `too_deep` or
    /// `empty_body` with the position of the problem (for NDJSON, the input's line and the
    /// column within it), or the inference's own errors.
    public static func add(_ input: UnsafeBufferPointer<UInt8>, ndjson: Bool, maxDepth: Int = 256,
                           to inference: inout SchemaInference) throws(InferenceError) {
        let parser = JSONParser(maxDepth: maxDepth)
        let tape = JSONTape()
        guard ndjson else {
            let document: JSONDocument
            do { document = try parser.parse(input, into: tape) } catch { throw InferenceError(syntax: error) }
            try inference.add(document)
            return
        }
        var lineStart = 0
        var lineNumber = 1
        var documents = 0
        while lineStart < input.count {
            let newline = input[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
            let line = UnsafeBufferPointer(rebasing: input[lineStart..<newline])
            if !line.allSatisfy(ScalarASCII.isWhitespace) {
                let document: JSONDocument
                do {
                    document = try parser.parse(line, into: tape)
                } catch {
                    // A line holds no `\n`: the error is on its first line, at the right column already.
                    throw InferenceError(syntax: JSONSyntaxError(code: error.code, message: error.message, offset: lineStart + error.offset,
                                                                 line: lineNumber, column: error.column))
                }
                try inference.add(document)
                documents += 1
            }
            lineStart = newline + 1
            lineNumber += 1
        }
        guard documents > 0 else {
            throw InferenceError(syntax: JSONSyntaxError(code: JSONSyntaxError.emptyBody, message: "no JSON line in the input",
                                                         offset: 0, line: 1, column: 1))
        }
    }
}
