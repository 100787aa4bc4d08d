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
    @exclusivity(unchecked) private var levels: [Level] = []
    /// Levels in use.
    @exclusivity(unchecked) private(set) var depth = 0

    init() {}

    /// The next level's scratch, in use until `release()`.
    func acquire() -> Level {
        if depth == levels.count { levels.append(Level()) }
        depth += 1
        return levels[depth - 1]
    }

    func release() { depth -= 1 }
}
