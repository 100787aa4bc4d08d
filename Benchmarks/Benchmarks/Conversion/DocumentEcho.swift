import MappingEngine

/// A parsed JSON document and a writer that re-emits it minified: the engine's write side
/// with parsing and conversion out of the timing.
final class DocumentEcho {
    /// The document's text, owned here because `document` points into it.
    private let text: UnsafeMutableBufferPointer<UInt8>
    private let tape = JSONTape()
    private let document: JSONDocument
    private var writer = JSONWriter(capacity: 64 * 1024)

    init(_ json: [UInt8]) throws {
        let text = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: json.count)
        _ = text.initialize(from: json)
        do {
            document = try JSONParser().parse(UnsafeBufferPointer(text), into: tape)
        } catch {
            text.deallocate()
            throw error
        }
        self.text = text
    }

    deinit {
        writer.deallocate()
        text.deallocate()
    }

    /// Writes the whole document again and returns its length.
    func write() -> Int {
        writer.reset()
        writer.value(document, 0)
        return writer.count
    }
}
