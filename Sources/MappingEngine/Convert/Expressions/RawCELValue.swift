import CEL

/// The raw input as `transform` and `when` see it (SPEC §8): JSON's types as CEL's, numbers
/// without loss — an integer as `int` (or `uint` past int64), any other number as `decimal`,
/// never through a double.
extension JSONDocument {
    /// The value at `node`, each node read charged to `budget` (a large raw object costs what
    /// its size costs); nil when the budget runs out.
    func celValue(_ node: Int, budget: inout Int) -> CELValue? {
        budget -= 1
        guard budget >= 0 else { return nil }
        let entry = self[node]
        switch entry.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return Self.number(content(node))
        case .string: return .string(decodedString(node))
        case .array:
            var items: [CELValue] = []
            items.reserveCapacity(Int(entry.length))
            var element = node + 1
            for _ in 0..<Int(entry.length) {
                guard let item = celValue(element, budget: &budget) else { return nil }
                items.append(item)
                element = Int(self[element].end)
            }
            return .list(items)
        case .object:
            var members: [(key: CELValue, value: CELValue)] = []
            members.reserveCapacity(Int(entry.length))
            var key = node + 1
            for _ in 0..<Int(entry.length) {
                let value = key + 1
                guard let item = celValue(value, budget: &budget) else { return nil }
                members.append((.string(decodedString(key)), item))
                key = Int(self[value].end)
            }
            // A key sent twice keeps its last value, as conversion does (`CELMap(entries:)`).
            return .map(CELMap(entries: members))
        }
    }

    /// A JSON number's text as `int`, `uint` or `decimal`.
    static func number(_ text: UnsafeBufferPointer<UInt8>) -> CELValue {
        let string = String(decoding: text, as: UTF8.self)
        if let value = Int64(string) { return .int(value) }
        if let value = UInt64(string) { return .uint(value) }
        if let value = CELDecimal(string) { return .decimal(value) }
        return .double(Double(string) ?? .nan)
    }
}
