/// Strict RFC 8259 parser from raw bytes into a flat `JSONTape`.
///
/// Choices where RFC 8259 leaves room: a leading byte order mark is rejected, string bytes must be
/// well-formed UTF-8, and `\u` escapes must not leave a lone UTF-16 surrogate (a high surrogate
/// must be followed by a `\u` low surrogate, a low one must follow a high one), so every string
/// decodes to valid Unicode. Numbers are validated but not converted. Nesting deeper than
/// `maxDepth` containers fails with code `too_deep`; empty or all-whitespace input with `empty_body`.
public struct JSONParser: Sendable {
    /// Maximum number of nested open containers.
    public var maxDepth: Int

    public init(maxDepth: Int = 256) {
        self.maxDepth = maxDepth
    }

    /// Parses `input` into `tape` and returns a view valid as long as both `input` and `tape` are alive and unmodified.
    public func parse(_ input: UnsafeBufferPointer<UInt8>, into tape: JSONTape) throws(JSONSyntaxError) -> JSONDocument {
        guard let base = input.baseAddress, input.count > 0 else {
            throw JSONSyntaxError(
                code: JSONSyntaxError.emptyBody, message: "empty input", offset: 0, line: 1, column: 1)
        }
        guard input.count < Int(UInt32.max) else {
            throw JSONSyntaxError.at(0, in: base, "input larger than 4 GiB")
        }
        let count = try Self.parseTape(base, input.count, tape, maxDepth, element: false)
        if tape.valueEnd < input.count {
            throw Self.failure(.trailingData, base + tape.valueEnd, base, base + input.count)
        }
        return JSONDocument(
            input: input, base: base, nodes: UnsafeBufferPointer(start: tape.nodes, count: count))
    }

    /// Parses one element of an array from `input`, which starts just after the array's `[` or
    /// a `,` and holds the element, white space and then the `,` or `]` that ends it (and
    /// possibly more bytes after that); returns the element as a document and the offset of
    /// that `,` or `]` in `input`.
    ///
    /// The element is parsed exactly as `parse` parses it inside the array: the same errors at
    /// the same offsets (relative to `input`), nesting counted with the array's level. An error
    /// caused by the input ending (rather than by a byte in it) is marked `truncated`, so a
    /// stream can tell an element that has not fully arrived from one that is malformed.
    func parseElement(_ input: UnsafeBufferPointer<UInt8>, into tape: JSONTape) throws(JSONSyntaxError)
        -> (document: JSONDocument, separator: Int) {
        guard let base = input.baseAddress else {
            return try withUnsafePointer(to: 0 as UInt8) { byte throws(JSONSyntaxError) in
                try parseElement(UnsafeBufferPointer(start: byte, count: 0), into: tape)
            }
        }
        guard input.count < Int(UInt32.max) else {
            throw JSONSyntaxError.at(0, in: base, "input larger than 4 GiB")
        }
        let count = try Self.parseTape(base, input.count, tape, maxDepth, element: true)
        let separator = tape.valueEnd
        guard separator < input.count, base[separator] == UInt8(ascii: ",") || base[separator] == UInt8(ascii: "]") else {
            throw Self.failure(.arraySeparator, base + separator, base, base + input.count)
        }
        return (JSONDocument(input: UnsafeBufferPointer(start: base, count: separator), base: base,
                             nodes: UnsafeBufferPointer(start: tape.nodes, count: count)), separator)
    }

    /// Fills the tape and returns its node count; the whole parse is one loop over an explicit
    /// container stack so that deep input cannot exhaust the call stack. Where the value and the
    /// white space after it end is left in `tape.valueEnd`, for the caller to check what follows.
    ///
    /// With `element`, the input is an array element followed by its `,` or `]` (see
    /// `parseElement`): the parse starts one level deep. `element` is not read once the loop has
    /// begun, so the loop keeps the registers it has without it.
    ///
    /// Each pass writes one value (`ParserValues` has a step per kind), then `endValue` decides
    /// what follows it. When `atKey`, the pass starts with an inner loop over object members:
    /// key, `:` and a string or number value, for as long as `,` and another key follow; it leaves
    /// either at a value of another kind (dispatched by the pass) or after a value (`valueWritten`).
    /// Every step is inlined (`@_transparent`, see `ParserValues`): the tape's pointers, `p` and
    /// the open container stay in registers.
    private static func parseTape(
        _ base: UnsafePointer<UInt8>, _ length: Int, _ tape: JSONTape, _ maxDepth: Int, element: Bool
    ) throws(JSONSyntaxError) -> Int {
        let end = base + length
        var p = base
        var nodes = TapeNodes(tape)
        var stack = ContainerStack(tape)
        var open = OpenContainer()
        var atKey = false
        // An element's containers open one level below the array it belongs to.
        let depthLimit = element ? maxDepth &- 1 : maxDepth

        try skipToFirstValue(&p, base, end, element: element)
        parsing: while true {
            nodes.reserve(1, in: tape)
            valueWritten: do {
                if atKey {
                    atKey = false
                    // A smaller loop than the whole pass, so its few values stay in registers.
                    members: while true {
                        nodes.reserve(2, in: tape)
                        try readKey(&p, base, end, &nodes)
                        guard p < end else { break members }
                        let c = p[0]
                        if c == UInt8(ascii: "\"") {
                            try readString(&p, base, end, &nodes)
                        } else if startsNumber(c) {
                            try readNumber(&p, base, end, &nodes)
                        } else {
                            break members
                        }
                        guard try nextKey(&p, base, end) else { break valueWritten }
                        open.count &+= 1
                    }
                }
                // p is at the first byte of a value, whose node this pass writes.
                guard p < end else { throw failure(.value, p, base, end) }
                switch p[0] {
                case UInt8(ascii: "\""):
                    try readString(&p, base, end, &nodes)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if try enterContainer(&p, base, end, &nodes, &stack, &open, in: tape, depthLimit: depthLimit, maxDepth: maxDepth) {
                        atKey = open.isObject
                        continue parsing
                    }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try readNumber(&p, base, end, &nodes)
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    try readLiteral(&p, base, end, &nodes)
                default:
                    throw failure(.value, p, base, end)
                }
            }
            guard try endValue(&p, base, end, &nodes, &stack, &open, atKey: &atKey) else { break parsing }
        }
        skipWhitespace(&p, end)
        tape.valueEnd = p - base
        return nodes.count
    }

    /// Moves `p` to the first value: past white space, refusing (unless the input is an
    /// element) an input of white space alone or one that starts with a UTF-8 byte order mark.
    @_transparent
    static func skipToFirstValue(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, element: Bool
    ) throws(JSONSyntaxError) {
        skipWhitespace(&p, end)
        guard !element else { return }
        if p == end {
            throw JSONSyntaxError.at(0, in: base, code: JSONSyntaxError.emptyBody, "input holds only whitespace")
        }
        if p == base && end - base >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
            throw JSONSyntaxError.at(0, in: base, "byte order mark not allowed")
        }
    }

    /// After a value: continues its container (`true`, with `p` at the next value or key),
    /// closes the containers it ends, or finds the whole value done (`false`).
    @_transparent
    static func endValue(
        _ p: inout UnsafePointer<UInt8>, _ base: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
        _ nodes: inout TapeNodes, _ stack: inout ContainerStack, _ open: inout OpenContainer, atKey: inout Bool
    ) throws(JSONSyntaxError) -> Bool {
        while stack.depth > 0 {
            open.count &+= 1
            skipWhitespace(&p, end)
            guard p < end else { throw failure(open.isObject ? .objectSeparator : .arraySeparator, p, base, end) }
            let d = p[0]
            if d == UInt8(ascii: ",") {
                p += 1
                skipWhitespace(&p, end)
                if open.isObject {
                    guard p < end, p[0] == UInt8(ascii: "\"") else { throw failure(.keyAfterComma, p, base, end) }
                    atKey = true
                }
                return true
            }
            guard d == open.closingBracket else {
                throw failure(open.isObject ? .objectSeparator : .arraySeparator, p, base, end)
            }
            p += 1
            nodes.close(open)
            open = stack.pop()
        }
        return false
    }
}
