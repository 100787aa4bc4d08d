/// Elements of a streamed top-level array in a row, cut out of the body by `ArrayConversion`
/// to be parsed and converted on another thread (`convertd convert --jobs`): the bytes of each,
/// from the white space before it to the `,` or `]` after it, as they came, and where the first
/// starts in the body.
///
/// The cutting only found where each element seems to end (`ElementScanner`): an element that
/// does not parse makes the batch's part say so, and the array is then converted where it is
/// read from this batch on, so that the syntax error is found there, at its place.
public final class ArrayBatch: @unchecked Sendable {
    /// The array index of the batch's first element.
    public let firstIndex: Int
    /// Where the batch's first byte is in the body.
    let start: TextPosition
    private var bytes: [UInt8]
    /// Where each element's bytes end in `bytes`.
    private var ends: [Int] = []

    /// A batch filled into `storage` (see `BatchStorage`), or a new buffer of `capacity` bytes.
    init(firstIndex: Int, start: TextPosition, capacity: Int, storage: [UInt8]? = nil) {
        self.firstIndex = firstIndex
        self.start = start
        bytes = BatchStorage.make(reusing: storage, capacity: capacity)
    }

    /// Gives up the batch's buffer, for the next batch to be filled into: once its part has
    /// been taken in, as nothing reads the batch after that.
    func releaseStorage() -> [UInt8] {
        ends = []
        defer { bytes = [] }
        return bytes
    }

    /// Elements in the batch.
    public var count: Int { ends.count }

    /// Bytes the batch holds.
    var size: Int { bytes.count }

    /// Bytes of the element being cut out, so far.
    var elementSize: Int { bytes.count - (ends.last ?? 0) }

    /// Adds bytes of the element being cut out.
    func append(_ piece: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: piece)
    }

    /// The element being cut out has ended, with the `,` or `]` last appended.
    func endElement() {
        ends.append(bytes.count)
    }

    /// Calls `body` with every byte of the batch, the element being cut out included.
    func withBytes(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer(body)
    }

    /// Parses each element in turn into `workspace`'s tape and hands it to `body`, which is
    /// done with the document when it returns. False, after the elements before it, at the
    /// first element that does not parse up to the byte it was cut at, or that has too many
    /// values to convert.
    func forEach(parser: JSONParser, workspace: Workspace, _ body: (JSONDocument) -> Void) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for end in ends {
                let element = UnsafeBufferPointer(rebasing: all[start..<end])
                guard let (document, separator) = try? parser.parseElement(element, into: workspace.tape),
                      separator == element.count - 1, document.nodes.count < Int(Int32.max) else { return false }
                body(document)
                start = end
            }
            return true
        }
    }

    /// Parses and converts the elements into `model` as the batch's own array result, in
    /// `workspace`: its part of the answer, to be taken in, in order, by the array's result.
    public func convert(model: CompiledModel, options: ConversionOptions, workspace: Workspace) -> ArrayPart {
        let result = ArrayResult(batchOf: model, options: model.answering(options), firstIndex: firstIndex)
        let parsed = forEach(parser: JSONParser(maxDepth: options.maxDepth), workspace: workspace) { document in
            result.add(document, workspace: workspace)
        }
        if workspace.hasGrown { workspace.shrink() }
        return result.part(of: self, parsed: parsed)
    }
}
