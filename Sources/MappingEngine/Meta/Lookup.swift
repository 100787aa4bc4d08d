/// A compiled `from`: finds a property's input value inside an object node.
struct Lookup: Sendable {
    /// One step: a key, which may also index an array when it is a pointer token of digits.
    struct Step: Sendable {
        let key: [UInt8]
        let index: Int?
    }

    let steps: [Step]
    /// The input location, for error reports.
    let inputPath: [PathComponent]

    init(_ source: KeySource) {
        switch source {
        case .key(let key):
            steps = [Step(key: Array(key.utf8), index: nil)]
            inputPath = [.key(key)]
        case .path(let keys):
            steps = keys.map { Step(key: Array($0.utf8), index: nil) }
            inputPath = keys.map(PathComponent.key)
        case .pointer(let tokens):
            steps = tokens.map { Step(key: Array($0.utf8), index: Lookup.arrayIndex($0)) }
            inputPath = tokens.map { token in Lookup.arrayIndex(token).map(PathComponent.index) ?? .key(token) }
        case .enclosing:
            // No step: the lookup reaches the object it starts from.
            steps = []
            inputPath = []
        }
    }

    /// The first key, read at the object's top level; empty for the enclosing object.
    var firstKey: [UInt8] { steps.first?.key ?? [] }

    /// Whether this is a single key of the object itself.
    var isSingleKey: Bool { steps.count == 1 }

    /// The value node this lookup reaches from `object`, or nil.
    func resolve(in document: JSONDocument, from object: Int) -> Int? {
        var node = object
        for step in steps {
            let entry = document[node]
            if entry.kind == .object {
                guard let next = step.key.withUnsafeBufferPointer({ document.lastMember(of: node, named: $0) }) else { return nil }
                node = next
            } else if entry.kind == .array, let index = step.index {
                guard let next = document.element(of: node, at: index) else { return nil }
                node = next
            } else {
                return nil
            }
        }
        return node
    }

    /// RFC 6901 array index: `0` or digits without a leading zero.
    static func arrayIndex(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              token == "0" || !token.hasPrefix("0") else { return nil }
        return Int(token)
    }
}
