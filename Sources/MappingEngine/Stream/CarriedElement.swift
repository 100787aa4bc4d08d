/// An array element that spans chunks, kept until its end arrives: its bytes so far (at most
/// the element and the byte that ends it), where it starts in the body, and the scan for its
/// end. Once it is over the limit its bytes are no longer kept, only scanned past.
struct CarriedElement {
    /// Where the element (with the white space before it) starts in the body.
    let start: TextPosition
    /// The most bytes kept: the element and the byte that ends it.
    let limit: Int
    private(set) var bytes: [UInt8] = []
    /// The element went over the limit: its bytes are dropped until its end.
    private(set) var skipping = false
    private var scanner = ElementScanner()

    init(start: TextPosition, limit: Int, reusing buffer: [UInt8]) {
        self.start = start
        self.limit = limit
        bytes = buffer
        bytes.removeAll(keepingCapacity: true)
    }

    /// What `take` found in the bytes it was given.
    struct Taken {
        /// The index of the byte that ends the element, when it is among them.
        var end: Int?
        /// The bytes went past the limit: kept up to it, for a last look at their syntax.
        var overflowed: Bool
    }

    /// Keeps the element's bytes among `rest`, the next bytes of the body: up to its end (with
    /// the byte that ends it) or all of them, and never past the limit.
    mutating func take(_ rest: UnsafeBufferPointer<UInt8>) -> Taken {
        let end = scanner.end(in: rest)
        guard !skipping else { return Taken(end: end, overflowed: false) }
        let wanted = end.map { $0 + 1 } ?? rest.count
        let room = limit - bytes.count
        bytes.append(contentsOf: rest[..<min(wanted, room)])
        return Taken(end: end, overflowed: wanted > room)
    }

    /// From now on the element's bytes are only scanned past, not kept.
    mutating func skip() {
        skipping = true
        bytes = []
    }
}
