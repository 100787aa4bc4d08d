/// Where a reshaped list's element wrote its key (`keyBy`, `uniqueBy`): the element's model
/// converts its key property anyway, so the list takes the key's bytes from the output instead
/// of finding the key in the input and converting it a second time (`KeyField.write`).
///
/// Records one property's value span, and only on the reshaping lists' walk: a model converted
/// anywhere else passes `NoMemberRecorder`, and its walk is compiled without this one's compare.
struct WrittenKey: MemberRecorder {
    /// The key property's position among the model's properties.
    let property: Int
    /// The value's first and past-last byte in the output; an empty span when nothing was written.
    let span: UnsafeMutablePointer<Int>

    @inline(__always)
    func record(_ index: Int, start: Int, keyLength: Int, end: Int) {
        guard index == property else { return }
        span[0] = start &+ keyLength
        span[1] = end
    }

    @inline(__always)
    func recordEnd(_ count: Int, at: Int) {}
}

extension KeyField {
    /// Converts the list element at `node` by `spec`, and tells where its key's converted value
    /// was written, when it was and is not `null`; nil otherwise, and then `write` finds and
    /// converts the key as before (a missing or null key is reported there, a null becomes the
    /// key's default). `direct`: `spec` converts this field's model, as `ModelConverter` does.
    ///
    /// The span is read only for an object of a model without discriminator or expressions,
    /// whose conversion is exactly its members' walk; any other element converts as usual.
    @inline(__always)
    func convertElement(_ node: Int, _ spec: ElementSpec, direct: Bool, _ ctx: inout ConversionContext) -> (converted: Bool, key: Range<Int>?) {
        guard direct, ctx.document[node].kind == .object else { return (ctx.convertElement(node, spec), nil) }
        return model._withUnsafeGuaranteedRef { meta in
            guard meta.discriminator == nil, meta.expressions == nil else { return (ctx.convertElement(node, spec), nil) }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2) { span in
                let bounds = span.baseAddress.unsafelyUnwrapped
                bounds[0] = 0
                bounds[1] = 0
                let converted = meta.convertObjectMembers(node, recorder: WrittenKey(property: index, span: bounds), &ctx)
                let start = bounds[0], end = bounds[1]
                guard converted, end > start, !ctx.out.withBytes({ Self.isNullLiteral($0, start, end) }) else { return (converted, nil) }
                return (true, start..<end)
            }
        }
    }

    /// Whether the bytes from `start` to `end` are JSON's `null`, which no key is: a null key
    /// is the key's default, or missing.
    @inline(__always)
    private static func isNullLiteral(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        end &- start == 4 && bytes[start] == UInt8(ascii: "n")
    }

    /// Whether `spec` converts the elements as this field's model: then `convertElement` may
    /// read their keys from the output.
    func converts(_ spec: ElementSpec) -> Bool {
        guard let converter = spec.converter as? ModelConverter else { return false }
        return converter.model.toOpaque() == model.toOpaque()
    }
}

extension JSONWriter {
    /// Writes `"key":` at `start`, before the element written from there, which holds the key's
    /// value at `range`: the element is moved up once and the key copied from it (a number or
    /// boolean in quotes, as `quoteKey` makes it). Returns where the key's text went.
    mutating func insertKey(copying range: Range<Int>, before start: Int) -> Range<Int> {
        let count = range.count
        let quoted = storage[range.lowerBound] == UInt8(ascii: "\"")
        let keyLength = quoted ? count : count &+ 2
        let shift = keyLength &+ 1
        reserve(shift)
        UnsafeMutableRawPointer(storage + start + shift).copyMemory(from: storage + start, byteCount: used &- start)
        used &+= shift
        var to = start
        if !quoted { storage[to] = UInt8(ascii: "\""); to &+= 1 }
        UnsafeMutableRawPointer(storage + to).copyMemory(from: storage + range.lowerBound + shift, byteCount: count)
        to &+= count
        if !quoted { storage[to] = UInt8(ascii: "\""); to &+= 1 }
        storage[to] = UInt8(ascii: ":")
        return start..<(start &+ keyLength)
    }

    /// Moves the bytes from `tail` to the end in front of those from `start` to `tail`: a keyed
    /// map's key, found after its element was written, goes before it.
    mutating func moveTail(from tail: Int, before start: Int) {
        let moved = used - tail
        reserve(moved)
        // The tail is copied past the end first: the element, moved up, covers where it was.
        // Raw copies are `memmove`s; typed ones compiled to byte loops.
        UnsafeMutableRawPointer(storage + used).copyMemory(from: storage + tail, byteCount: moved)
        UnsafeMutableRawPointer(storage + start + moved).copyMemory(from: storage + start, byteCount: tail - start)
        UnsafeMutableRawPointer(storage + start).copyMemory(from: storage + used, byteCount: moved)
    }
}
