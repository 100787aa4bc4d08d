extension CELStandardFunctions {
    static let strings: [CELFunction] = [
        CELFunction("size", .global, arity: 1, overloads: sizeOverloads(receiver: false), body: .unary(size)),
        CELFunction("size", .receiver, arity: 1, overloads: sizeOverloads(receiver: true), body: .unary(size)),
        CELFunction("contains", .receiver, arity: 2, overloads: [.init("contains_string", [.string, .string], .bool)],
                    body: .binary(contains)),
        CELFunction("startsWith", .receiver, arity: 2,
                    overloads: [.init("starts_with_string", [.string, .string], .bool)], body: .binary(startsWith)),
        CELFunction("endsWith", .receiver, arity: 2,
                    overloads: [.init("ends_with_string", [.string, .string], .bool)], body: .binary(endsWith)),
        // The planner compiles the literal pattern of every `matches` call at load; these
        // declarations give the checker the signatures, and the bodies are never reached.
        CELFunction("matches", .global, arity: 2, overloads: [.init("matches", [.string, .string], .bool)],
                    body: .binary { _, _ throws(CELError) in throw unplannedMatches }),
        CELFunction("matches", .receiver, arity: 2, overloads: [.init("matches_string", [.string, .string], .bool)],
                    body: .binary { _, _ throws(CELError) in throw unplannedMatches }),
    ]

    static let unplannedMatches = CELError(.invalidArgument, "matches takes a string literal pattern, compiled at load")

    private static func sizeOverloads(receiver: Bool) -> [CELFunction.Overload] {
        let prefix = receiver ? ["string_size", "bytes_size", "list_size", "map_size"]
            : ["size_string", "size_bytes", "size_list", "size_map"]
        return zip(prefix, [CELType.string, .bytes, listA, mapAB]).map { id, type in .init(id, [type], .int) }
    }

    /// Code points of a string, bytes of bytes, elements of a list, entries of a map.
    static func size(_ value: CELValue) throws(CELError) -> CELValue {
        switch value {
        case .string(let text): return .int(Int64(CELText.count(text)))
        case .bytes(let bytes): return .int(Int64(bytes.count))
        case .list(let elements): return .int(Int64(elements.count))
        case .map(let map): return .int(Int64(map.count))
        default: throw CELError(.noSuchOverload, "no such overload: size(\(value.typeName))")
        }
    }

    static func contains(_ text: CELValue, _ part: CELValue) throws(CELError) -> CELValue {
        let (whole, piece) = try strings("contains", text, part)
        return .bool(utf8(whole, piece) { haystack, needle in
            needle.isEmpty || CELUTF8Text.firstMatch(of: needle, in: haystack, from: 0) != nil
        })
    }

    static func startsWith(_ text: CELValue, _ prefix: CELValue) throws(CELError) -> CELValue {
        let (whole, piece) = try strings("startsWith", text, prefix)
        return .bool(utf8(whole, piece) { haystack, needle in
            needle.count <= haystack.count && CELBytes.compare(UnsafeBufferPointer(rebasing: haystack[..<needle.count]), needle) == 0
        })
    }

    static func endsWith(_ text: CELValue, _ suffix: CELValue) throws(CELError) -> CELValue {
        let (whole, piece) = try strings("endsWith", text, suffix)
        return .bool(utf8(whole, piece) { haystack, needle in
            needle.count <= haystack.count
                && CELBytes.compare(UnsafeBufferPointer(rebasing: haystack[(haystack.count - needle.count)...]), needle) == 0
        })
    }

    private static func strings(_ function: String, _ a: CELValue, _ b: CELValue) throws(CELError) -> (String, String) {
        guard case .string(let x) = a, case .string(let y) = b else {
            throw CELError(.noSuchOverload, "no such overload: \(a.typeName).\(function)(\(b.typeName))")
        }
        return (x, y)
    }

    /// `body` over the UTF-8 bytes of both strings: code point semantics, since CEL's strings
    /// are code points and Swift's own `contains` would match by grapheme and canonical
    /// equivalence.
    private static func utf8(_ a: String, _ b: String,
                             _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in b.withUTF8 { right in body(left, right) } }
    }
}
