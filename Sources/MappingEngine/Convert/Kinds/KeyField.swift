/// The property of a list element's model whose converted value keys the list (`keyBy`,
/// `uniqueBy`): converted by the property's own converter, so `"7"` and `7` are one key of an
/// `int64` field. Read where the element wrote it (`WrittenKey`); found in the element object
/// where the model finds it and converted again (`write`) when the element wrote none.
struct KeyField: @unchecked Sendable {
    // The model is kept alive by the referring model's `MetaGroup`, as a `ModelConverter`'s is.
    /// The element model; filled by the compiler before any conversion, so read at run time.
    let model: Unmanaged<ModelMeta>
    /// The property's position among the model's compiled properties.
    let index: Int
    /// The property's name as the schema declares it, for messages.
    let name: String

    /// Where an element holds the key, for errors.
    var inputPath: [PathComponent] {
        model._withUnsafeGuaranteedRef { $0.properties[index].inputPath }
    }

    /// Where an element writes the key, for errors: the property's output name (a profile's key
    /// style), which the model's meta holds.
    var outPath: PathComponent {
        .key(model._withUnsafeGuaranteedRef { $0.properties[index].name })
    }

    /// What writing an element's key came to.
    enum Outcome {
        /// The key's converted value is written.
        case written
        /// Nothing is written and nothing reported: the element is not an object, or the key's
        /// value does not convert; the element's own conversion reports why.
        case unreported
        /// Nothing is written; the key is missing or null, which is reported here.
        case reported
    }

    /// Writes the converted key of the element at `node` to `ctx.out`. Whatever its conversion
    /// recorded (errors, coercions) is taken back: the element's conversion, which converts the
    /// same value again, records it once.
    func write(of node: Int, _ ctx: inout ConversionContext) -> Outcome {
        let entry = ctx.document[node]
        // PHP's empty array stands for an empty object in lax mode: it has no key.
        let isObject = entry.kind == .object || (entry.kind == .array && entry.length == 0 && ctx.lax)
        guard isObject else { return .unreported }
        return model._withUnsafeGuaranteedRef { meta in
            let property = UnsafePointer(meta.ownedProperties.baseAddress.unsafelyUnwrapped + index)
            let found = entry.kind == .object ? Self.valueNode(of: property, in: node, meta, ctx) : nil
            let lax = ctx.lax && !property.pointee.strict
            guard let found, !ctx.isNull(found, lax: lax, keepsNullWords: property.pointee.keepsNullWords) else {
                if let output = property.pointee.defaultOutput {
                    ctx.out.bytes(output)
                    return .written
                }
                let mark = ctx.issues.count
                if found == nil {
                    ctx.fail(.missing, "the key '\(name)' is missing", node: nil)
                } else {
                    ctx.fail(.nullNotAllowed, "the key '\(name)' is null", node: found)
                }
                if ctx.issues.count > mark { ctx.locate(since: mark, out: .key(property.pointee.name), input: property.pointee.inputPath) }
                return .reported
            }
            let before = ConversionContext.Tally(ctx)
            let start = ctx.out.count
            let converted = property.pointee.call.convert(found, &ctx)
            before.restore(&ctx)
            guard converted, ctx.out.count > start else {
                ctx.out.rewind(to: start)
                return .unreported
            }
            return .written
        }
    }
}

extension KeyField {
    /// Reports that the key written at `key` repeats the key of the item at `earlier`
    /// (`duplicate_key`, `duplicate_item`), at the key of the item at `node`.
    func reportDuplicate(_ code: ErrorCode, _ noun: String, at index: Int, of earlier: Int, key: Range<Int>, in node: Int,
                         _ ctx: inout ConversionContext) {
        let message = KeyField.duplicate(noun, key: key, at: index, of: earlier, ctx.out)
        let before = ctx.issues.count
        ctx.fail(code, message, node: valueNode(in: node, ctx))
        if ctx.issues.count > before { ctx.locate(since: before, out: outPath, input: inputPath) }
    }

    /// The message of a repeated key: `key "a1" at index 2 duplicates index 0`, the key as
    /// written at `key` of `out`.
    static func duplicate(_ noun: String, key: Range<Int>, at index: Int, of earlier: Int, _ out: borrowing JSONWriter) -> String {
        let text = out.withBytes { String(decoding: $0[key], as: UTF8.self) }
        return "\(noun) \(text) at index \(index) duplicates index \(earlier)"
    }

    /// The key's value node in the element object at `node`, where the model finds it; nil when absent.
    func valueNode(in node: Int, _ ctx: borrowing ConversionContext) -> Int? {
        guard ctx.document[node].kind == .object else { return nil }
        return model._withUnsafeGuaranteedRef { meta in
            KeyField.valueNode(of: UnsafePointer(meta.ownedProperties.baseAddress.unsafelyUnwrapped + index), in: node, meta, ctx)
        }
    }

    private static func valueNode(of property: UnsafePointer<PropertyMeta>, in node: Int, _ meta: ModelMeta,
                                  _ ctx: borrowing ConversionContext) -> Int? {
        switch property.pointee.placement {
        case .key: lastMember(of: node, named: property.pointee.key, ctx.document)
        case .path, .candidates: meta.resolveLookup(property, node, ctx)
        }
    }
}

extension KeyField {
    /// `JSONDocument.lastMember` on the raw nodes: a key without escapes is told apart by its
    /// length and bytes, as the object walk tells keys apart; escaped ones are decoded.
    private static func lastMember(of object: Int, named key: UnsafeBufferPointer<UInt8>, _ document: JSONDocument) -> Int? {
        let nodes = document.nodes.baseAddress.unsafelyUnwrapped
        var found: Int?
        var member = object &+ 1
        for _ in 0..<Int(nodes[object].length) {
            let entry = nodes[member]
            if entry.flags & JSONNode.hasEscapes == 0 {
                if Int(entry.length) == key.count
                    && ByteText.equal(UnsafeBufferPointer(start: document.base + Int(entry.start), count: key.count), key) {
                    found = member &+ 1
                }
            } else if document.stringEquals(member, key) {
                found = member &+ 1
            }
            member = Int(nodes[member &+ 1].end)
        }
        return found
    }
}

extension ConversionContext {
    /// The counts of what a conversion recorded, to take back what a value's second conversion
    /// (a list's key) recorded after them.
    struct Tally {
        let issues: Int
        let errors: Int
        let coercions: Int
        let unknownKeys: Int
        let warnings: Int

        init(_ ctx: borrowing ConversionContext) {
            issues = ctx.issues.count
            errors = ctx.errorCount
            coercions = ctx.coercionCount
            unknownKeys = ctx.unknownKeyCount
            warnings = ctx.warningCount
        }

        /// Takes back everything recorded since the tally.
        func restore(_ ctx: inout ConversionContext) {
            if ctx.issues.count > issues { ctx.issues.removeSubrange(issues...) }
            ctx.errorCount = errors
            ctx.coercionCount = coercions
            ctx.unknownKeyCount = unknownKeys
            ctx.warningCount = warnings
            ctx.leftOut = false
        }
    }
}

extension JSONWriter {
    /// Makes the value written from `start` a JSON string: a key's text is written as an object
    /// key. A string is one already; a number or boolean gets quotes around its literal.
    mutating func quoteKey(from start: Int) {
        guard storage[start] != UInt8(ascii: "\"") else { return }
        reserve(2)
        (storage + start + 1).update(from: storage + start, count: used - start)
        storage[start] = UInt8(ascii: "\"")
        used += 1
        storage[used] = UInt8(ascii: "\"")
        used += 1
    }
}
