/// Elements of a streamed top-level array in a row, cut out of the body by `ArrayConversion`
/// to be converted on another thread (`convertd convert --jobs`): the bytes of each, from the
/// white space before it to the `,` or `]` after it, as they came. An element refused for its
/// size has no bytes, only its place.
///
/// The elements were parsed once already, where they were cut out, so they are well formed:
/// a syntax error is the cutting side's to report, at its place in the whole body.
public final class ArrayBatch: @unchecked Sendable {
    /// One element of the batch.
    enum Element {
        /// Its bytes end at this offset in `bytes`.
        case bytes(end: Int)
        /// It was larger than the limit (`ArrayConversion`'s `maxElementBytes`).
        case refused(limit: Int)
    }

    /// The array index of the batch's first element.
    public let firstIndex: Int
    private(set) var bytes: [UInt8] = []
    private(set) var elements: [Element] = []

    init(firstIndex: Int, capacity: Int) {
        self.firstIndex = firstIndex
        bytes.reserveCapacity(capacity)
    }

    /// Elements in the batch.
    public var count: Int { elements.count }

    /// Bytes the batch holds.
    var size: Int { bytes.count }

    /// Adds the next element, `element` its bytes with the `,` or `]` after it.
    func append(_ element: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: element)
        elements.append(.bytes(end: bytes.count))
    }

    /// Adds the next element as refused for its size.
    func refuse(limit: Int) {
        elements.append(.refused(limit: limit))
    }

    /// One element as handed to `forEach`.
    enum Parsed {
        case parsed(JSONDocument)
        case refused(limit: Int)
    }

    /// Parses each element in turn into `workspace`'s tape and hands it to `body`, which is
    /// done with the document when it returns.
    func forEach(parser: JSONParser, workspace: Workspace, _ body: (Parsed) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            for element in elements {
                switch element {
                case .refused(let limit):
                    body(.refused(limit: limit))
                case .bytes(let end):
                    // Well formed: it parsed where it was cut out.
                    guard let (document, _) = try? parser.parseElement(UnsafeBufferPointer(rebasing: all[start..<end]), into: workspace.tape) else {
                        preconditionFailure("an element of a batch no longer parses")
                    }
                    body(.parsed(document))
                    start = end
                }
            }
        }
    }

    /// Converts the elements into `model` as the batch's own array result, in `workspace`: its
    /// part of the answer, to be absorbed in order by the array's result.
    public func convert(model: CompiledModel, options: ConversionOptions, workspace: Workspace) -> ArrayPart {
        let result = ArrayResult(batchOf: model, options: model.answering(options), firstIndex: firstIndex)
        forEach(parser: JSONParser(maxDepth: options.maxDepth), workspace: workspace) { element in
            switch element {
            case .parsed(let document): result.add(document, workspace: workspace)
            case .refused(let limit): result.refuseTooLarge(limit: limit)
            }
        }
        if workspace.hasGrown { workspace.shrink() }
        return result.part(of: self)
    }
}
