/// Reads sample payloads — one JSON document, or NDJSON — for inference (`SchemaInference`)
/// and for the widening of a schema (`SchemaUpdate`), on the command line and the server alike.
public enum SampleReader {
    /// Adds the samples of `input`: one JSON document, or with `ndjson` one document per line
    /// (blank lines skipped, a `\r` before the `\n` allowed). Throws `bad_json`, `too_deep` or
    /// `empty_body` with the position of the problem (for NDJSON, the input's line and the
    /// column within it), or the inference's own errors.
    public static func add(_ input: UnsafeBufferPointer<UInt8>, ndjson: Bool, maxDepth: Int = 256,
                           to inference: inout SchemaInference) throws(InferenceError) {
        let documents = try forEachDocument(in: input, ndjson: ndjson, maxDepth: maxDepth,
                                            syntax: { InferenceError(syntax: $0) }) { (document) throws(InferenceError) in
            try inference.add(document)
        }
        guard documents > 0 else {
            throw InferenceError(syntax: JSONSyntaxError(code: JSONSyntaxError.emptyBody, message: "no JSON line in the input",
                                                         offset: 0, line: 1, column: 1))
        }
    }

    /// Parses each document of `input` — the whole input, or with `ndjson` each line that is not
    /// blank — and hands it to `body`; returns how many there were. A syntax error, turned into
    /// `E` by `syntax`, stops the reading: for NDJSON it names the input's line, the column within
    /// it and the offset from the input's start. Documents before it have been handed on.
    @discardableResult
    static func forEachDocument<E: Error>(in input: UnsafeBufferPointer<UInt8>, ndjson: Bool, maxDepth: Int,
                                          syntax: (JSONSyntaxError) -> E,
                                          _ body: (JSONDocument) throws(E) -> Void) throws(E) -> Int {
        let parser = JSONParser(maxDepth: maxDepth)
        let tape = JSONTape()
        guard ndjson else {
            let document: JSONDocument
            do { document = try parser.parse(input, into: tape) } catch { throw syntax(error) }
            try body(document)
            return 1
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
                    throw syntax(JSONSyntaxError(code: error.code, message: error.message, offset: lineStart + error.offset,
                                                 line: lineNumber, column: error.column))
                }
                try body(document)
                documents += 1
            }
            lineStart = newline + 1
            lineNumber += 1
        }
        return documents
    }
}
