/// The heart of a conversion: one object of a model, matched key by key to its properties,
/// written in property order with defaults, nulls and unknown keys handled.
extension ModelMeta {
    /// Converts a value into this model: an object, or in lax mode PHP's empty array `[]`;
    /// a discriminator hands the object to the model its tag selects.
    func convertValue(_ node: Int, strict: Bool, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document[node]
        if entry.kind != .object {
            guard entry.kind == .array, entry.length == 0, ctx.lax, !strict else {
                ctx.typeMismatch(node, expected: "object")
                return false
            }
            ctx.coerced("empty_array_to_object", node: node)
        }
        guard let discriminator, entry.kind == .object else {
            return convertObject(node, &ctx)
        }
        return discriminator.dispatch(node, default: self, &ctx)
    }

    /// Converts the object at `node` (or an empty array standing for one) and writes it, then
    /// runs the model's rules and computed members, when it has any.
    func convertObject(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        if let expressions { return convertObject(node, with: expressions, &ctx) }
        return convertObjectMembers(node, &ctx)
    }

    /// Converts the object at `node` (or an empty array standing for one) and writes it,
    /// telling `recorder` where each property went.
    @inline(__always)
    func convertObjectMembers<Recorder: MemberRecorder>(_ node: Int, recorder: Recorder, _ ctx: inout ConversionContext) -> Bool {
        // Borrowed pointers: no exclusivity checks and no retain/release on the hot path.
        let properties = ownedProperties
        return borrowedKeyTable._withUnsafeGuaranteedRef { keyTable in
            convertObject(node, UnsafePointer(properties.baseAddress), properties.count, keyTable, recorder, &ctx)
        }
    }

    /// Converts the object at `node` (or an empty array standing for one) and writes it.
    func convertObjectMembers(_ node: Int, _ ctx: inout ConversionContext) -> Bool {
        convertObjectMembers(node, recorder: NoMemberRecorder(), &ctx)
    }

    /// `convertObject` on borrowed pointers, in three walks: the properties' slots are filled
    /// with the value nodes they read (from the payload's keys or the properties' own, then by
    /// the key paths and candidates), then the properties are written in order, absent ones
    /// by their defaults.
    ///
    /// Every walk is inlined here, so the object stays one function as it was written before.
    /// `writeMembers` is `@_transparent`, inlined before optimization: with `@inline(__always)`
    /// the optimizer, having inlined the converters into it first, found this caller too large
    /// and left it out of line (+0.9 % instructions on weibo.json). The slot walks made
    /// transparent too cost more (+1.4 % on user.json) than as they are.
    private func convertObject<Recorder: MemberRecorder>(_ node: Int, _ properties: UnsafePointer<PropertyMeta>?, _ propertyCount: Int,
                                                         _ keyTable: KeyTable, _ recorder: Recorder, _ ctx: inout ConversionContext) -> Bool {
        let entry = ctx.document.nodes.baseAddress.unsafelyUnwrapped[node]
        let memberCount = entry.kind == .object ? Int(entry.length) : 0
        let frame = ctx.slots.push(propertyCount)
        var ok = true
        // Walk whichever is smaller, the payload's keys or the model's properties (YYModel);
        // unknown keys can only be seen from the payload's side. Nothing before the write
        // pushes a frame, so the slots stay where they are until then.
        if memberCount <= propertyCount || unknownKeys != .ignore || ctx.explain {
            if !slotMembers(of: node, count: memberCount, properties, keyTable, into: ctx.slots.base + frame, &ctx) { ok = false }
        } else if memberCount > 0 {
            slotKeyProperties(of: node, properties, into: ctx.slots.base + frame, ctx)
        }
        if memberCount > 0 && !lookupProperties.isEmpty {
            slotLookups(of: node, properties, into: ctx.slots.base + frame, ctx)
        }
        if !writeMembers(of: node, count: memberCount, properties, propertyCount, frame: frame, keyTable, recorder, &ctx) { ok = false }
        ctx.slots.pop(propertyCount)
        return ok
    }

    /// The first walk, from the payload's side: each member's key matched against the key
    /// table, its value node put in the slot of every property that reads that key; an unknown
    /// key meets the model's policy. False when that policy refuses one.
    @inline(__always)
    private func slotMembers(of node: Int, count memberCount: Int, _ properties: UnsafePointer<PropertyMeta>?,
                             _ keyTable: KeyTable, into slots: UnsafeMutablePointer<Int32>, _ ctx: inout ConversionContext) -> Bool {
        let nodes = ctx.document.nodes.baseAddress.unsafelyUnwrapped
        let input = ctx.document.base
        var ok = true
        // What the key table said at each position for the previous object of this model: a
        // key equal to the predicted property's key needs no lookup (the table's values are
        // the properties that own their key, so the lookup would return the same).
        let predictions = ctx.keyOrders.row(for: serial)
        var key = node &+ 1
        for position in 0..<memberCount {
            let value = key &+ 1
            let keyEntry = nodes[key]
            let remembered = position < KeyOrders.positions
            let predicted = remembered ? predictions[position] : -1
            let found: Int32
            if keyEntry.flags & JSONNode.hasEscapes == 0 {
                let text = UnsafeBufferPointer(start: input + Int(keyEntry.start), count: Int(keyEntry.length))
                if predicted >= 0 && ByteText.equal(properties.unsafelyUnwrapped[Int(predicted)].key, text) {
                    found = predicted
                } else {
                    found = keyTable.lookup(text)
                }
            } else {
                found = ctx.document.withDecodedString(key) { keyTable.lookup($0) }
            }
            if remembered { predictions[position] = found }
            if found >= 0 {
                Self.fill(slots, from: Int(found), with: value, properties)
            } else if found == KeyTable.unknown && (unknownKeys != .ignore || ctx.explain) {
                if !noteUnknown(key: key, value: value, object: node, &ctx) { ok = false }
            }
            key = Int(nodes[value].end)
        }
        return ok
    }

    /// The first walk from the model's side, for objects with more members than the model
    /// has properties: each key the properties read looked up in the payload (the last
    /// member of that name wins, as in `slotMembers`).
    @inline(__always)
    private func slotKeyProperties(of node: Int, _ properties: UnsafePointer<PropertyMeta>?,
                                   into slots: UnsafeMutablePointer<Int32>, _ ctx: borrowing ConversionContext) {
        for head in keyProperties {
            guard let found = ctx.document.lastMember(of: node, named: properties.unsafelyUnwrapped[head].key) else { continue }
            Self.fill(slots, from: head, with: found, properties)
        }
    }

    /// The second walk: the slots of key-path and candidate properties, found by their lookups.
    @inline(__always)
    private func slotLookups(of node: Int, _ properties: UnsafePointer<PropertyMeta>?,
                             into slots: UnsafeMutablePointer<Int32>, _ ctx: borrowing ConversionContext) {
        for index in lookupProperties {
            if let found = resolveLookup(properties.unsafelyUnwrapped + index, node, ctx) {
                slots[index] = Int32(found)
            }
        }
    }

    /// Puts `value` in the slot of property `head` and of every later property reading the
    /// same key (chained by `nextSameKey`).
    @inline(__always)
    private static func fill(_ slots: UnsafeMutablePointer<Int32>, from head: Int, with value: Int,
                             _ properties: UnsafePointer<PropertyMeta>?) {
        var index = head
        repeat {
            slots[index] = Int32(truncatingIfNeeded: value)
            index = Int(properties.unsafelyUnwrapped[index].nextSameKey)
        } while index >= 0
    }

    /// The third walk: `{`, every property in order (its value converted, or, when absent or
    /// null, its default, `null` or nothing), the members kept under `unknownKeys: keep`, `}`.
    /// False when a value fails or a required one is absent. `recorder` hears where each
    /// property went (a model without expressions passes one that compiles to nothing).
    @_transparent
    func writeMembers<Recorder: MemberRecorder>(of node: Int, count memberCount: Int, _ properties: UnsafePointer<PropertyMeta>?,
                                                _ propertyCount: Int, frame: Int, _ keyTable: KeyTable, _ recorder: Recorder,
                                                _ ctx: inout ConversionContext) -> Bool {
        var ok = true
        ctx.out.byte(UInt8(ascii: "{"))
        var first = true
        for index in 0..<propertyCount {
            let property = properties.unsafelyUnwrapped + index
            // Re-read per property: a nested object may have moved the slot stack.
            let slot = Int(ctx.slots.base[frame &+ index])
            let start = ctx.out.count
            // The key's quote: past the comma unless the member is the first one written.
            let keyStart = first ? start : start &+ 1
            let member = property.pointee.member
            // The common case inline: a value that is there and not null is converted and kept.
            if slot < 0 || isNull(property, slot, ctx) {
                if !emitAbsent(property, slot, object: node, &ctx, first: &first) { ok = false }
                recorder.record(index, start: keyStart, keyLength: member.count &- 1, end: ctx.out.count)
                continue
            }
            if first {
                ctx.out.bytes(member.baseAddress.unsafelyUnwrapped + 1, count: member.count &- 1)
            } else {
                ctx.out.bytes(member)
            }
            let mark = ctx.issues.count
            let converted = property.pointee.call.convert(slot, &ctx)
            if ctx.issues.count > mark { locate(property, since: mark, value: slot, object: node, &ctx) }
            if converted {
                first = false
            } else {
                ctx.out.rewind(to: start)
                // A recovery that omitted the property (`onError: omit`) leaves the object whole.
                if !ctx.leftOut { ok = false }
                ctx.leftOut = false
            }
            recorder.record(index, start: keyStart, keyLength: member.count &- 1, end: ctx.out.count)
        }
        recorder.recordEnd(propertyCount, at: ctx.out.count)
        if unknownKeys == .keep && memberCount > 0 {
            writeKept(object: node, keyTable, &ctx, first: first)
        }
        ctx.out.byte(UInt8(ascii: "}"))
        return ok
    }

    /// Whether the value at `slot` counts as null for the property: JSON null, a lax null word,
    /// or blank text for a url. Only strings need a closer look.
    @inline(__always)
    private func isNull(_ property: UnsafePointer<PropertyMeta>, _ slot: Int, _ ctx: borrowing ConversionContext) -> Bool {
        let kind = ctx.document[slot].kind
        if kind == .null { return true }
        guard kind == .string else { return false }
        return ctx.isNull(slot, lax: ctx.lax && !property.pointee.strict, keepsNullWords: property.pointee.keepsNullWords)
            || (property.pointee.blankIsNull && URLConverter.isBlank(ctx.document, slot))
    }

    /// Writes a missing or null property as its default, `null` or nothing, and reports what is
    /// wrong with it.
    @inline(never)
    private func emitAbsent(_ property: UnsafePointer<PropertyMeta>, _ slot: Int, object: Int, _ ctx: inout ConversionContext,
                            first: inout Bool) -> Bool {
        if slot < 0 {
            if property.pointee.required {
                let mark = ctx.issues.count
                ctx.fail(.missing, "required property is missing", node: nil)
                if ctx.issues.count > mark {
                    ctx.locate(since: mark, out: .key(property.pointee.name), input: property.pointee.inputPath)
                }
                return false
            }
            if let output = property.pointee.defaultOutput { writeMember(property, output, &ctx, first: &first) }
            return true
        }
        if property.pointee.nullable {
            if !property.pointee.omitsNull { writeMember(property, nil, &ctx, first: &first) }
        } else if let output = property.pointee.defaultOutput {
            writeMember(property, output, &ctx, first: &first)
        } else if property.pointee.required {
            let mark = ctx.issues.count
            ctx.fail(.nullNotAllowed, "null is not allowed for a required property", node: slot)
            if ctx.issues.count > mark {
                ctx.locate(since: mark, out: .key(property.pointee.name), input: inputPath(of: property, value: slot, object: object, ctx.document))
            }
            return false
        }
        return true
    }

    /// Adds the property's step to the issues its converter recorded since `mark`.
    @inline(never)
    private func locate(_ property: UnsafePointer<PropertyMeta>, since mark: Int, value: Int, object: Int, _ ctx: inout ConversionContext) {
        ctx.locate(since: mark, out: .key(property.pointee.name), input: inputPath(of: property, value: value, object: object, ctx.document))
    }

    private func writeMember(_ property: UnsafePointer<PropertyMeta>, _ value: UnsafeBufferPointer<UInt8>?, _ ctx: inout ConversionContext, first: inout Bool) {
        let member = property.pointee.member
        ctx.out.bytes(first ? UnsafeBufferPointer(rebasing: member[1...]) : member)
        if let value { ctx.out.bytes(value) } else { ctx.out.ascii("null") }
        first = false
    }

    /// Where a property's value was found: the candidate that matched, for error reports.
    private func inputPath(of property: UnsafePointer<PropertyMeta>, value: Int, object: Int, _ doc: JSONDocument) -> [PathComponent] {
        guard case .candidates(let lookups) = property.pointee.placement else { return property.pointee.inputPath }
        return lookups.first { $0.resolve(in: doc, from: object) == value }?.inputPath ?? property.pointee.inputPath
    }

    /// The value node of a key-path or candidate property: for candidates the first present and
    /// non-null one (lax null words count as null), else the first null one.
    func resolveLookup(_ property: UnsafePointer<PropertyMeta>, _ node: Int, _ ctx: borrowing ConversionContext) -> Int? {
        let doc = ctx.document
        switch property.pointee.placement {
        case .key:
            return nil
        case .path(let lookup):
            return lookup.resolve(in: doc, from: node)
        case .candidates(let lookups):
            let lax = ctx.lax && !property.pointee.strict
            var null: Int?
            for lookup in lookups {
                guard let found = lookup.resolve(in: doc, from: node) else { continue }
                if !ctx.isNull(found, lax: lax, keepsNullWords: property.pointee.keepsNullWords) { return found }
                if null == nil { null = found }
            }
            return null
        }
    }
}
