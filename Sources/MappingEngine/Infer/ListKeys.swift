/// What the arrays of objects at one position showed about their keys, for reshaping (SPEC §9):
/// the keys that every element of every such array had, as a scalar, with a value no other
/// element of its array repeated. `convertd infer` reads a name/value list as `pairs` and
/// suggests `keyBy` for an id-like key from them.
struct ListKeys: Sendable {
    /// Arrays of two or more objects seen: one element alone shows no key distinct.
    var lists = 0
    /// The keys distinct in every one of them; nil before the first.
    var distinct: Set<String>?

    /// Adds the array at `node`: a list only when it holds two or more objects and nothing else.
    mutating func observe(_ document: JSONDocument, array node: Int) {
        let entry = document[node]
        guard entry.length >= 2 else { return }
        var seen: [String: Set<[UInt8]>] = [:]
        var present: [String: Int] = [:]
        var element = node + 1
        for _ in 0..<Int(entry.length) {
            guard document[element].kind == .object else {
                distinct = []
                return
            }
            var key = element + 1
            for _ in 0..<Int(document[element].length) {
                let value = key + 1
                let kind = document[value].kind
                if kind == .string || kind == .number || kind == .true || kind == .false {
                    let name = document.decodedString(key)
                    let text = [kind == .string ? UInt8(ascii: "s") : UInt8(ascii: "n")] + document.withDecodedString(value) { Array($0) }
                    if seen[name, default: []].insert(text).inserted { present[name, default: 0] += 1 }
                }
                key = Int(document[value].end)
            }
            element = Int(document[element].end)
        }
        // A key is distinct when each element had a value of its own under it.
        let keys = Set(present.filter { $0.value == Int(entry.length) }.map(\.key))
        lists += 1
        distinct = distinct.map { $0.intersection(keys) } ?? keys
    }

    /// What two positions saw together.
    mutating func merge(_ other: ListKeys) {
        guard let theirs = other.distinct else { return }
        lists += other.lists
        distinct = distinct.map { $0.intersection(theirs) } ?? theirs
    }

    /// The key names of a name/value list, when the objects have exactly a name and a value:
    /// `name`/`key` and `value` (and their short and common forms).
    static func pair(of fields: [Shape.Field], objects: Int, distinct: Set<String>) -> (name: String, value: String)? {
        guard fields.count == 2, fields.allSatisfy({ $0.present == objects }) else { return nil }
        let names: Set<String> = ["name", "key", "k", "field", "attribute", "attr", "label", "property"]
        let values: Set<String> = ["value", "val", "v"]
        for (first, second) in [(fields[0].key, fields[1].key), (fields[1].key, fields[0].key)]
        where names.contains(first.lowercased()) && values.contains(second.lowercased()) && distinct.contains(first) {
            return (first, second)
        }
        return nil
    }

    /// The id-like key of the objects, distinct in every list: `id`, a key ending in `id` or
    /// `Id`, or `key`, `sku`, `code`, `uuid`, `slug`.
    static func identifier(of fields: [Shape.Field], objects: Int, distinct: Set<String>) -> String? {
        fields.first { field in
            let key = field.key
            let lower = key.lowercased()
            let idLike = lower == "id" || key.hasSuffix("_id") || key.hasSuffix("Id") || key.hasSuffix("ID")
                || ["key", "sku", "code", "uuid", "slug"].contains(lower)
            return idLike && field.present == objects && distinct.contains(key)
        }?.key
    }
}
