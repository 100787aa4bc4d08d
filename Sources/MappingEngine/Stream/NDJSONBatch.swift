/// NDJSON lines in a row, cut out of the body by `NDJSONConversion` to be converted on another
/// thread (`convertd convert --jobs`): each line's bytes without its newline, or, for a line
/// over the limit, only its place.
public final class NDJSONBatch: @unchecked Sendable {
    private var bytes: [UInt8]
    /// Per line: where its bytes end in `bytes`, and whether it was over the limit.
    private var lines: [(end: Int, tooLong: Bool)] = []

    /// A batch filled into `storage` (see `BatchStorage`), or a new buffer of `capacity` bytes.
    init(capacity: Int, storage: [UInt8]? = nil) {
        bytes = BatchStorage.make(reusing: storage, capacity: capacity)
    }

    /// Gives up the batch's buffer for the next batch, once its lines have been written.
    func releaseStorage() -> [UInt8] {
        lines = []
        defer { bytes = [] }
        return bytes
    }

    /// Bytes the batch holds.
    var size: Int { bytes.count }

    /// Adds the next line.
    func append(_ line: UnsafeBufferPointer<UInt8>, tooLong: Bool) {
        if !tooLong { bytes.append(contentsOf: line) }
        lines.append((bytes.count, tooLong))
    }

    /// Calls `body` with the bytes of line `index` of the batch.
    func line(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let start = index == 0 ? 0 : lines[index - 1].end
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<lines[index].end])) }
    }

    /// Converts each line with `converter`, listing every line's errors up to the stream's whole
    /// cap: the batch's part, for its stream to write in order.
    public func convert(with converter: NDJSONConversion.LineConverter, workspace: Workspace) -> NDJSONPart {
        var outcomes: [NDJSONConversion.LineOutcome<[UInt8]>] = []
        outcomes.reserveCapacity(lines.count)
        for index in lines.indices {
            if lines[index].tooLong {
                outcomes.append(.tooLong)
                continue
            }
            line(index) { bytes in
                outcomes.append(converter.withOutcome(of: bytes, tooLong: false, maxErrors: converter.options.maxErrors, workspace: workspace) { $0.owned() })
            }
        }
        return NDJSONPart(batch: self, outcomes: outcomes)
    }
}

/// The outcomes of a batch of NDJSON lines, in order (`NDJSONBatch.convert`).
public struct NDJSONPart: @unchecked Sendable {
    let batch: NDJSONBatch
    let outcomes: [NDJSONConversion.LineOutcome<[UInt8]>]
}

extension NDJSONConversion {
    /// What one line gave; a converted line's output as `Bytes`: borrowed where the line is
    /// written as it converts, owned (`[UInt8]`) in a batch's part.
    enum LineOutcome<Bytes> {
        /// White space only: no result line.
        case blank
        /// Over the line limit.
        case tooLong
        /// Its result line (the output, or with `explain` the explained answer), and the values it
        /// recovered from when there were any.
        case converted(Bytes, recoveries: RecoveryTally?)
        /// Its error entries, at most the cap it was converted with, and its errors in all.
        case failed([JSONValue], total: Int)

        /// Whether this outcome, the line converted with the stream's whole cap `full`, is what
        /// converting it with `cap` gives: the cap only lists a failing line's errors and a
        /// line's recoveries, and a failing line past the stream's budget only counts its total.
        func listing(under cap: Int, after full: Int) -> Bool {
            guard cap < full else { return true }
            switch self {
            case .blank, .tooLong, .converted(_, recoveries: nil): return true
            case .converted: return false
            case .failed: return cap == 0
            }
        }
    }
}

extension NDJSONConversion.LineOutcome where Bytes == UnsafeBufferPointer<UInt8> {
    /// The outcome with its output copied, to outlive the conversion.
    func owned() -> NDJSONConversion.LineOutcome<[UInt8]> {
        switch self {
        case .blank: .blank
        case .tooLong: .tooLong
        case .converted(let bytes, let recoveries): .converted(Array(bytes), recoveries: recoveries)
        case .failed(let entries, let total): .failed(entries, total: total)
        }
    }
}

extension NDJSONConversion.LineOutcome where Bytes == [UInt8] {
    /// The outcome with its output borrowed for `body`.
    func borrowed<R>(_ body: (NDJSONConversion.LineOutcome<UnsafeBufferPointer<UInt8>>) -> R) -> R {
        switch self {
        case .blank: body(.blank)
        case .tooLong: body(.tooLong)
        case .converted(let bytes, let recoveries): bytes.withUnsafeBufferPointer { body(.converted($0, recoveries: recoveries)) }
        case .failed(let entries, let total): body(.failed(entries, total: total))
        }
    }
}
