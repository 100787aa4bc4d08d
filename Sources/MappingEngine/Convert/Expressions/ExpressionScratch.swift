import CEL

/// The memory a conversion's CEL expressions reuse: the activation they are evaluated over,
/// and per nesting level a tape and a buffer for the scratch documents that hold a
/// `transform`'s or `compute`'s value while the property's converter reads it (a transformed
/// value may be an object whose own properties transform, hence the levels). Not thread-safe;
/// one per workspace.
final class ExpressionScratch {
    /// One level's scratch document: the value's JSON text and its parse.
    final class Level {
        let tape = JSONTape(capacity: 64)
        @exclusivity(unchecked) var text = JSONWriter(capacity: 256)
        deinit { text.deallocate() }

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
    /// The written object's members, three offsets a field (`WrittenObject.scan`): room for
    /// `spanCapacity` fields, grown by `reserveSpans`.
    @exclusivity(unchecked) private(set) var spans = UnsafeMutablePointer<Int>.allocate(capacity: 3 * 16)
    @exclusivity(unchecked) private var spanCapacity = 16
    /// Which fields failed, when some did.
    @exclusivity(unchecked) var failed: [Bool] = []
    @exclusivity(unchecked) private var levels: [Level] = []
    /// Levels in use.
    @exclusivity(unchecked) private(set) var depth = 0

    init() {}

    deinit { spans.deallocate() }

    /// Makes room for the spans of `fields` fields, and for their values in the activation.
    func reserve(fields: Int) {
        if fields > spanCapacity {
            spans.deallocate()
            spanCapacity = max(fields, spanCapacity * 2)
            spans = .allocate(capacity: 3 * spanCapacity)
        }
        if activation.fields.count < fields {
            activation.fields.append(contentsOf: repeatElement(nil, count: fields - activation.fields.count))
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
