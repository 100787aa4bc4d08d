/// How an example's expected document meets the document convertd wrote: as JSON values, an
/// object's members in any order (an author writes them as they like; convertd writes them in
/// declaration order), numbers and strings by their exact text.
enum ExpectedOutput {
    /// Whether `expected` and `actual` are the same JSON value, objects compared as sets of members.
    static func matches(_ expected: JSONValue, _ actual: JSONValue) -> Bool {
        switch (expected, actual) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            let byKey = Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            // Equal counts and every key found with its value: the same members, unless a side repeats a key.
            return byKey.count == b.count && Set(a.map(\.key)).count == a.count
                && a.allSatisfy { member in byKey[member.key].map { matches(member.value, $0) } ?? false }
        default:
            return expected == actual
        }
    }

    /// `expected` with each object's members in the order `actual` has them (members `actual`
    /// lacks last, as written), so a diff of the two shows what differs and not the order.
    static func aligned(_ expected: JSONValue, to actual: JSONValue) -> JSONValue {
        switch (expected, actual) {
        case (.array(let a), .array(let b)):
            return .array(a.enumerated().map { $0.offset < b.count ? aligned($0.element, to: b[$0.offset]) : $0.element })
        case (.object(let a), .object(let b)):
            // The first unplaced member of each key, by key: one pass over each side, however many members.
            var unplaced: [String: [Int]] = [:]
            for (index, member) in a.enumerated().reversed() { unplaced[member.key, default: []].append(index) }
            var placed = Set<Int>()
            var ordered: [JSONValue.Member] = []
            for member in b {
                guard let index = unplaced[member.key]?.popLast() else { continue }
                placed.insert(index)
                ordered.append(.init(a[index].key, aligned(a[index].value, to: member.value)))
            }
            return .object(ordered + a.indices.filter { !placed.contains($0) }.map { a[$0] })
        default:
            return expected
        }
    }
}
