/// A top-level JSON array converted element by element as its bytes arrive, so that memory is
/// bounded by the largest element rather than by the document.
///
/// Fed the body in chunks of any size from its first byte. An element that lies wholly in a
/// chunk is parsed where it lies; only one that spans chunks is copied, into a buffer bounded
/// by `maxElementBytes`. Each element is converted as `Engine.convert` converts it inside the
/// whole array, so the outcome is the one the whole document gets: the same output bytes, the
/// same errors at `/index/…` paths, capped across the array, and the same syntax error, at its
/// offset, line and column in the whole body. Nesting counts the array's level.
///
/// Beyond the whole document's answer: an element longer than `maxElementBytes` (white space
/// before it included) fails alone with `body_too_large` at its index, unless its first
/// `maxElementBytes` bytes already hold a syntax error; its bytes are skipped to its end.
///
/// Given a `BatchConverter` (and no element limit), elements are only cut out here, their ends
/// found by `ElementScanner`, and handed on in batches to be parsed and converted elsewhere (on
/// other threads, in `convertd convert --jobs`); their parts come back in order and are taken in
/// by the array's result. A batch whose elements do not parse where they were cut, an element
/// that grows past `maxCutElement`, or a body that ends or goes wrong where the cutting cannot
/// say how, end the cutting: the batches not taken back are fed here again, in order, and the
/// rest of the body is converted here, so that every syntax error is the one, at the place, that
/// converting here from the start finds.
public final class ArrayConversion {
    /// How the array ended.
    public enum Outcome {
        /// Every element converted: the output (the array, or with `explain` the explained
        /// answer around it) is complete in the output.
        case converted(elements: Int)
        /// Elements failed: their errors, located under their indices, at most `maxErrors`,
        /// then one `too_many_errors` entry with the total. The output was discarded.
        case failed([ConversionError])
        /// The body is not a well-formed JSON array (or nests too deep): its first syntax
        /// error, located in the whole body. The output was discarded.
        case malformed(JSONSyntaxError)
    }

    /// Where the body is, between chunks.
    private enum Phase {
        /// White space before the array's `[`.
        case opening
        /// After `[`: an element, or the `]` of an empty array.
        case first
        /// An element, after `[` or `,`.
        case element
        /// After the array's `]`: white space only.
        case closed
        case malformed(JSONSyntaxError)
    }

    private let parser: JSONParser
    private let maxElementBytes: Int
    /// The most bytes an element's parse is given: the element and the byte that ends it.
    private let regionLimit: Int
    private let result: ArrayResult
    private let output: any DiscardableOutputSink
    private var phase = Phase.opening
    /// Where the chunk being fed starts in the body.
    private var chunkStart = TextPosition()
    /// A byte of the chunk being fed and where it is in the body: positions are asked in
    /// increasing order, so each is counted on from the last.
    private var cursor = (index: 0, position: TextPosition())
    /// The element that spans chunks, while one does.
    private var carried: CarriedElement?
    /// The last carried element's buffer, kept for the next one.
    private var spare: [UInt8] = []

    /// Where batches of elements are converted, while they are cut out for it.
    private let batches: (any BatchConverter<ArrayBatch, ArrayPart>)?
    private var cutting: Bool
    private let batchSize: Int
    /// The batch being filled; the batches handed on and not taken back, in order.
    private var batch: ArrayBatch?
    private var handedOn: [ArrayBatch] = []
    /// Buffers of batches taken in, for the next ones: at most as many as are in flight at once.
    private var spareBatches: [[UInt8]] = []
    /// Looks for the end of the element being cut out, across chunks.
    private var scanner = ElementScanner()
    /// Elements cut out so far: the index of the next.
    private var cut = 0
    /// The cutting is to end at the end of the chunk being fed; and why: a part came back
    /// whose elements did not parse (no later part is taken in).
    private var fallingBack = false
    private var unparsed = false
    /// The most bytes an element being cut out may reach before the cutting ends: one that
    /// never ends (brackets that do not close) would otherwise hold the rest of the body.
    private let maxCutElement: Int

    /// A conversion of the array's elements into `model`, its output written to `output`.
    /// With `pretty` the output is indented as `JSONPrettyPrinter` indents the whole of it.
    ///
    /// With `batches` and no `maxElementBytes`, elements are handed to it in batches of about
    /// `batchSize` bytes, while none grows past `maxCutElement` bytes.
    public init(model: CompiledModel, options: ConversionOptions = .init(), maxElementBytes: Int = .max, pretty: Bool = false,
                output: any DiscardableOutputSink, batches: (any BatchConverter<ArrayBatch, ArrayPart>)? = nil,
                batchSize: Int = 256 << 10, maxCutElement: Int = 4 << 20) {
        self.maxCutElement = maxCutElement
        parser = JSONParser(maxDepth: options.maxDepth)
        self.batches = maxElementBytes == .max ? batches : nil
        cutting = self.batches != nil
        self.batchSize = max(1, batchSize)
        self.maxElementBytes = max(0, maxElementBytes)
        regionLimit = self.maxElementBytes < Int.max ? self.maxElementBytes + 1 : .max
        self.output = output
        result = ArrayResult(model: model, options: model.answering(options), pretty: pretty, output: output)
    }

    /// The values recovered from so far (`onError`, `onItemError`) by code and action: once the
    /// array has converted, their total is the answer's `Convertd-Warnings`.
    public var recoveries: RecoveryTally { result.recoveries }

    /// Takes the next bytes of the body, converting every element they complete. `workspace`
    /// is used only during the call (a thread's workspace serves other requests in between).
    public func feed(_ chunk: UnsafeBufferPointer<UInt8>, workspace: Workspace) {
        guard let base = chunk.baseAddress else { return }
        let count = chunk.count
        cursor = (0, chunkStart)
        var i = 0
        feeding: while true {
            switch phase {
            case .opening:
                i = ArrayConversion.skipWhitespace(base, from: i, count: count)
                guard i < count else { break feeding }
                guard base[i] == UInt8(ascii: "[") else {
                    fail(ArrayConversion.error("expected '[', found \(JSONSyntaxError.describe(base[i]))", at: position(i, in: chunk)))
                    break feeding
                }
                // The array is the first level of nesting.
                guard parser.maxDepth > 0 else {
                    fail(ArrayConversion.error("nesting deeper than \(parser.maxDepth)", at: position(i, in: chunk), code: JSONSyntaxError.tooDeep))
                    break feeding
                }
                i += 1
                phase = .first
            case .first:
                i = ArrayConversion.skipWhitespace(base, from: i, count: count)
                guard i < count else { break feeding }
                if base[i] == UInt8(ascii: "]") {
                    i += 1
                    phase = .closed
                } else {
                    phase = .element
                }
            case .element:
                let next = cutting ? cutOut(chunk, from: i, workspace: workspace)
                    : carried != nil ? carryOn(chunk, from: i, workspace: workspace) : convertInPlace(chunk, from: i, workspace: workspace)
                guard let next else { break feeding }
                i = next
            case .closed:
                i = ArrayConversion.skipWhitespace(base, from: i, count: count)
                guard i < count else { break feeding }
                let trailing = ArrayConversion.error("trailing data after JSON value", at: position(i, in: chunk))
                // An element cut out before may hold an earlier mistake.
                if cutting, !settle(workspace: workspace) {
                    refeed(workspace: workspace)
                    if case .malformed = phase { break feeding }
                }
                fail(trailing)
                break feeding
            case .malformed:
                break feeding
            }
        }
        chunkStart = position(count, in: chunk)
        if cutting && fallingBack { fallBack(workspace: workspace) }
        // Nothing parsed into the workspace outlives the call.
        if workspace.hasGrown { workspace.shrink() }
    }

    /// The body has ended: how the conversion came out.
    public func finish(workspace: Workspace) -> Outcome {
        if cutting {
            // Converted elsewhere up to its `]`; else the end is told here, from the bytes cut out.
            if case .closed = phase, settle(workspace: workspace) {
                cutting = false
            } else {
                fallBack(workspace: workspace)
            }
        }
        let error: JSONSyntaxError
        switch phase {
        case .opening:
            let message = chunkStart.offset == 0 ? "empty input" : "input holds only whitespace"
            error = JSONSyntaxError(code: JSONSyntaxError.emptyBody, message: message, offset: 0, line: 1, column: 1)
        case .first:
            error = endError(parsing: [], from: chunkStart, workspace: workspace)
        case .element:
            if let element = carried, !element.skipping {
                error = endError(parsing: element.bytes, from: element.start, workspace: workspace)
            } else {
                // A skipped element's bytes are gone: where the body ended is all there is to say.
                error = ArrayConversion.error("unexpected end of input, expected ',' or ']'", at: chunkStart)
            }
        case .closed:
            return result.finish()
        case .malformed(let found):
            error = found
        }
        fail(error)
        return .malformed(error)
    }

    /// Converts the element that starts at `start` when it ends in this chunk; else starts
    /// carrying it. Returns where the bytes after it start, or nil when the chunk is used up
    /// (or the body is malformed).
    private func convertInPlace(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, workspace: Workspace) -> Int? {
        let available = chunk.count - start
        let length = min(available, regionLimit)
        let region = UnsafeBufferPointer(rebasing: chunk[start..<(start + length)])
        do {
            let (document, separator) = try parser.parseElement(region, into: workspace.tape)
            guard accept(document, workspace: workspace, at: position(start, in: chunk)) else { return nil }
            let end = start + separator
            phase = chunk[end] == UInt8(ascii: "]") ? .closed : .element
            return end + 1
        } catch where error.truncated {
            carried = CarriedElement(start: position(start, in: chunk), limit: regionLimit, reusing: spare)
            spare = []
            // Cut by the limit rather than by the chunk: the element is over it.
            if length < available { refuseTooLarge() }
            return carryOn(chunk, from: start, workspace: workspace)
        } catch {
            fail(error.located(after: position(start, in: chunk)))
            return nil
        }
    }

    /// Goes on with the carried element in this chunk from `start`: keeps its bytes, up to the
    /// limit, and converts it once its end is among them. Returns where the bytes after it
    /// start, or nil when the chunk is used up (or the body is malformed).
    private func carryOn(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, workspace: Workspace) -> Int? {
        guard var element = carried else { return convertInPlace(chunk, from: start, workspace: workspace) }
        let taken = element.take(UnsafeBufferPointer(rebasing: chunk[start...]))
        carried = element
        if taken.overflowed {
            // Over the limit, unless the bytes it may have hold a syntax error.
            if let error = genuineError(in: element.bytes, workspace: workspace) {
                fail(error.located(after: element.start))
                return nil
            }
            refuseTooLarge()
        }
        guard let end = taken.end else { return nil }
        carried = nil
        let separator = start + end
        if element.skipping || taken.overflowed { return endSkipped(chunk, at: separator) }
        let converted = element.bytes.withUnsafeBufferPointer { bytes -> Bool in
            do throws(JSONSyntaxError) {
                let (document, _) = try parser.parseElement(bytes, into: workspace.tape)
                return accept(document, workspace: workspace, at: element.start)
            } catch {
                fail(error.located(after: element.start))
                return false
            }
        }
        // A huge element's buffer is not kept for the next one that spans chunks.
        spare = element.bytes.capacity > Workspace.restingLimit ? [] : element.bytes
        guard converted else { return nil }
        phase = chunk[separator] == UInt8(ascii: "]") ? .closed : .element
        return separator + 1
    }

    /// Converts a parsed element that starts at `start`; false (and malformed) when its tape is
    /// too large to convert.
    private func accept(_ document: JSONDocument, workspace: Workspace, at start: @autoclosure () -> TextPosition) -> Bool {
        guard document.nodes.count < Int(Int32.max) else {
            fail(ArrayConversion.error("element has more than \(Int32.max) values", at: start()))
            return false
        }
        result.add(document, workspace: workspace)
        return true
    }

    /// Fails the element being carried for its size; its bytes are skipped from now on.
    private func refuseTooLarge() {
        result.refuseTooLarge(limit: maxElementBytes)
        carried?.skip()
    }

    /// After a skipped element, the byte that ended it at `index`: the next element, the end of
    /// the array, or (a stray `}`) the syntax error the parser would have found there.
    private func endSkipped(_ chunk: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        switch chunk[index] {
        case UInt8(ascii: "]"): phase = .closed
        case UInt8(ascii: ","): phase = .element
        default:
            fail(ArrayConversion.error("expected ',' or ']', found \(JSONSyntaxError.describe(chunk[index]))", at: position(index, in: chunk)))
            return nil
        }
        return index + 1
    }

    /// The syntax error in `bytes`, the start of an element that goes on past them, if there
    /// is one before they end.
    private func genuineError(in bytes: [UInt8], workspace: Workspace) -> JSONSyntaxError? {
        bytes.withUnsafeBufferPointer { bytes -> JSONSyntaxError? in
            do throws(JSONSyntaxError) {
                _ = try parser.parseElement(bytes, into: workspace.tape)
                return nil
            } catch {
                return error.truncated ? nil : error
            }
        }
    }

    /// The error of the body ending within the element whose bytes so far are `bytes`,
    /// starting at `start`: the parser's, as it fails on them.
    private func endError(parsing bytes: [UInt8], from start: TextPosition, workspace: Workspace) -> JSONSyntaxError {
        bytes.withUnsafeBufferPointer { bytes -> JSONSyntaxError in
            do throws(JSONSyntaxError) {
                _ = try parser.parseElement(bytes, into: workspace.tape)
            } catch {
                return error.located(after: start)
            }
            // An element with its `,` or `]` is converted as soon as that byte arrives.
            return ArrayConversion.error("unexpected end of input, expected ',' or ']'", at: start)
        }
    }

    /// Cuts out the element that starts at `start`, or goes on from the chunk before, into the
    /// batch being filled, up to the `,` or `]` after it. Returns where the bytes after it start,
    /// or nil when the chunk is used up.
    private func cutOut(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, workspace: Workspace) -> Int? {
        let filling = batch ?? begin(at: position(start, in: chunk))
        let rest = UnsafeBufferPointer(rebasing: chunk[start...])
        guard let end = scanner.end(in: rest) else {
            filling.append(rest)
            if filling.elementSize > maxCutElement { fallingBack = true }
            return nil
        }
        filling.append(UnsafeBufferPointer(rebasing: rest[...end]))
        filling.endElement()
        scanner = ElementScanner()
        cut += 1
        let separator = start + end
        phase = chunk[separator] == UInt8(ascii: "]") ? .closed : .element
        if filling.size >= batchSize && !fallingBack { handOn(workspace: workspace) }
        return separator + 1
    }

    /// Begins a batch whose first element starts at `start`.
    private func begin(at start: TextPosition) -> ArrayBatch {
        let begun = ArrayBatch(firstIndex: cut, start: start, capacity: batchSize + batchSize / 4, storage: spareBatches.popLast())
        batch = begun
        return begun
    }

    /// Hands the batch being filled on, and takes in the parts that came back.
    private func handOn(workspace: Workspace) {
        guard let batches, let full = batch else { return }
        batch = nil
        handedOn.append(full)
        take(batches.submit(full), workspace: workspace)
    }

    /// Takes in parts in order, up to the first whose elements did not parse.
    private func take(_ parts: [ArrayPart], workspace: Workspace) {
        for part in parts {
            guard !unparsed else { return }
            guard part.parsed else {
                unparsed = true
                fallingBack = true
                return
            }
            handedOn.removeFirst()
            result.absorb(part, parser: parser, workspace: workspace)
            spareBatches.append(part.batch.releaseStorage())
        }
    }

    /// Hands the last batch on and waits for every part: true when all were taken in.
    private func settle(workspace: Workspace) -> Bool {
        if !fallingBack { handOn(workspace: workspace) }
        take(batches?.drain() ?? [], workspace: workspace)
        return !unparsed && batch == nil
    }

    /// Ends the cutting: waits for the parts in flight, takes them in up to the first whose
    /// elements did not parse, and converts the rest here.
    private func fallBack(workspace: Workspace) {
        take(batches?.drain() ?? [], workspace: workspace)
        // Where the body's bytes so far end: past the batches' when white space followed the `]`.
        let end = chunkStart
        refeed(workspace: workspace)
        chunkStart = end
    }

    /// Feeds the bytes of the batches not taken in, and of the one being filled, here again as if
    /// they had just arrived, from the place of the first; the cutting ends.
    private func refeed(workspace: Workspace) {
        let pending = handedOn + (batch.map { [$0] } ?? [])
        handedOn = []
        batch = nil
        cutting = false
        fallingBack = false
        guard let first = pending.first else { return }
        chunkStart = first.start
        phase = .element
        for batch in pending {
            batch.withBytes { feed($0, workspace: workspace) }
        }
    }

    /// The body is malformed: nothing more is converted, and the output is dropped.
    private func fail(_ error: JSONSyntaxError) {
        phase = .malformed(error)
        carried = nil
        spare = []
        output.discard()
    }

    /// Where byte `index` of the chunk being fed is in the body.
    private func position(_ index: Int, in chunk: UnsafeBufferPointer<UInt8>) -> TextPosition {
        if index < cursor.index { cursor = (0, chunkStart) }
        cursor.position.advance(over: UnsafeBufferPointer(rebasing: chunk[cursor.index..<index]))
        cursor.index = index
        return cursor.position
    }

    /// A syntax error at `position`.
    private static func error(_ message: String, at position: TextPosition, code: String = JSONSyntaxError.badJSON) -> JSONSyntaxError {
        JSONSyntaxError(code: code, message: message, offset: position.offset, line: position.line, column: position.column)
    }

    /// The index of the first byte at or after `index` that is not JSON white space, or `count`.
    private static func skipWhitespace(_ base: UnsafePointer<UInt8>, from index: Int, count: Int) -> Int {
        var p = base + index
        JSONParser.skipWhitespace(&p, base + count)
        return p - base
    }
}
