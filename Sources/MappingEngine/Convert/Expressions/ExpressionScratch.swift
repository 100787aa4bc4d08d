import CEL

/// The memory a conversion's CEL expressions reuse: the activation they are evaluated over,
/// and per nesting level the spans of an object being written and a tape and a buffer for
/// the scratch documents that hold a `transform`'s or `compute`'s value while the property's
/// converter reads it (an object with rules may nest another, and a transformed value may be
/// an object whose own properties transform, hence the levels). Not thread-safe; one per
/// workspace.
final class ExpressionScratch {
    /// One level's memory.
    final class Level {
        let tape = JSONTape(capacity: 64)
        @exclusivity(unchecked) var text = JSONWriter(capacity: 256)
        /// Where the object of this level put its members (`MemberSpans`): room for
        /// `spanFields` fields and the offset after them.
        @exclusivity(unchecked) private(set) var spans = UnsafeMutablePointer<Int>.allocate(capacity: 3 * 16 + 1)
        @exclusivity(unchecked) private var spanFields = 16

        deinit {
            text.deallocate()
            spans.deallocate()
        }

        /// Makes room for the spans of an object of `fields` fields.
        func reserveSpans(fields: Int) {
            guard fields > spanFields else { return }
            spans.deallocate()
            spanFields = max(fields, spanFields * 2)
            spans = .allocate(capacity: 3 * spanFields + 1)
        }

        /// `string` as a document of one string node, without writing and parsing its JSON
        /// text, when it has nothing JSON escapes: its bytes are then the node's text as is.
        /// Nil for a string that has.
        func plainString(_ string: String) -> JSONDocument? {
            var string = string
            return string.withUTF8 { bytes -> JSONDocument? in
                for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return nil }
                text.reset()
                text.byte(UInt8(ascii: "\""))
                text.bytes(bytes)
                text.byte(UInt8(ascii: "\""))
                tape.nodes[0] = JSONNode(kind: .string, flags: 0, start: 1, length: UInt32(bytes.count), end: 1)
                return text.withBytes { JSONDocument(input: $0, base: $0.baseAddress.unsafelyUnwrapped,
                                                     nodes: UnsafeBufferPointer(start: tape.nodes, count: 1)) }
            }
        }

        /// `bytes`, which the engine wrote itself, parsed into this level's tape.
        func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONDocument {
            do throws(JSONSyntaxError) {
                return try JSONParser().parse(bytes, into: tape)
            } catch {
                preconditionFailure("the engine wrote text that is not JSON: \(error.message)")
            }
        }
    }

    @exclusivity(unchecked) var activation = CELActivation(variables: [.null], fields: [])
    /// Which fields failed, when some did.
    @exclusivity(unchecked) var failed: [Bool] = []
    @exclusivity(unchecked) private var levels: [Level] = []
    /// Levels in use.
    @exclusivity(unchecked) private(set) var depth = 0

    init() {}

    /// Makes room for the values of `fields` fields in the activation.
    func reserve(fields: Int) {
        if activation.fields.count < fields {
            activation.fields.append(contentsOf: repeatElement(nil, count: fields - activation.fields.count))
        }
    }

    /// Lets go of the values of `fields` in the activation.
    func letGo(_ fields: [Int]) {
        activation.fields.withUnsafeMutableBufferPointer { values in
            for field in fields { values[field] = nil }
        }
    }

    /// The next level's scratch, in use until `release()`.
    func acquire() -> Level {
        if depth == levels.count { levels.append(Level()) }
        depth += 1
        return levels[depth - 1]
    }

    func release() { depth -= 1 }
}
