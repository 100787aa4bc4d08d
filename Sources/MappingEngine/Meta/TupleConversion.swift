/// A tuple model's conversion: the elements of a positional array fill the properties' slots
/// in order, then the object is written as any other (SPEC §9, reshaping).
extension ModelMeta {
    /// Converts a top-level value: the document, or an element of a top-level array or an
    /// NDJSON body. A tuple model reads its positional array there too.
    @inline(__always)
    func convertRoot(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        if isTuple { return convertTuple(node, &ctx) }
        return convertValue(node, strict: false, &ctx)
    }

    /// Converts the positional array at `node`, then runs the model's rules and computed
    /// members when it has any; anything but an array is `type_mismatch`.
    func convertTuple(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        guard ctx.document[node].kind == .array else {
            ctx.typeMismatch(node, expected: "array (positional: \(properties.map(\.name).joined(separator: ", ")))")
            return false
        }
        if let expressions { return convertObject(node, with: expressions, &ctx) }
        return convertTupleMembers(node, &ctx)
    }

    /// Writes the object the positional array at `node` holds: element i is property i's value.
    /// More elements than properties is `too_many_items`: a position no property reads would be lost.
    func convertTupleMembers(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        convertTupleMembers(node, recorder: NoMemberRecorder(), &ctx)
    }

    /// `convertTupleMembers`, telling `recorder` where each property went (for rules).
    func convertTupleMembers<Recorder: MemberRecorder>(_ node: Int, recorder: Recorder, _ ctx: inout ConversionContext) -> Bool {
        let properties = ownedProperties
        let count = properties.count
        let length = Int(ctx.document[node].length)
        var ok = true
        if length > count {
            ctx.fail(.tooManyItems, "\(length) elements, more than the \(count) properties they are read into", node: node)
            ok = false
        }
        let frame = ctx.slots.push(count)
        var element = node + 1
        for index in 0..<min(length, count) {
            ctx.slots.base[frame + index] = Int32(truncatingIfNeeded: element)
            element = Int(ctx.document[element].end)
        }
        let written = borrowedKeyTable._withUnsafeGuaranteedRef { keyTable in
            writeMembers(of: node, count: 0, UnsafePointer(properties.baseAddress), count, frame: frame, keyTable, recorder, &ctx)
        }
        ctx.slots.pop(count)
        return written && ok
    }
}
