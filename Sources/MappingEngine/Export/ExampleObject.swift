/// The input object of one model as `ExamplePayload` writes it: values placed at the keys their
/// properties read (key paths as nested objects, JSON Pointers' digit tokens as array positions),
/// each place taken once, and the keys written in the order of the properties that read them.
///
/// Places are claimed in the order `place` is called, which need not be the output order: a
/// required property claims its key before an optional one, and a value placed whole (an array)
/// before a pointer into it, which then reads what is there.
struct ExampleObject {
    private var root: Node? = .object([])

    /// Array positions past this are written as object keys, which a pointer reads as well.
    private static let maxIndex = 16

    /// A place in the object: a value placed whole, or a container made by the places below it.
    private indirect enum Node {
        case leaf(JSONValue)
        case object([Member])
        /// By position; nil where nothing was placed (written as null).
        case array([Member?])
    }

    /// A key or position, with the rank of the first property that placed something there.
    private struct Member {
        var key: String
        var node: Node
        var rank: Int
    }

    /// Puts `value` where `source` reads, for the property of output rank `rank`. When something
    /// is already there (another property reads the same place, or a value placed whole holds it)
    /// nothing is written, and the answer is whether `accepts` takes what is there: a property
    /// that reads a value it cannot convert would fail the whole example. False also when the way
    /// is blocked (a key path through a value that is not an object).
    mutating func place(_ value: JSONValue, at source: KeySource, rank: Int, accepts: (JSONValue) -> Bool) -> Bool {
        ExampleObject.place(value, at: source.components[...], pointer: source.isPointer, rank: rank, accepts: accepts, in: &root)
    }

    /// The object, its keys (and those of the objects made on the way) in rank order.
    var value: JSONValue {
        root.map(ExampleObject.json) ?? .object([])
    }

    private static func place(_ value: JSONValue, at steps: ArraySlice<String>, pointer: Bool, rank: Int,
                              accepts: (JSONValue) -> Bool, in node: inout Node?) -> Bool {
        guard let step = steps.first else {
            guard let node else {
                node = .leaf(value)
                return true
            }
            guard case .leaf(let existing) = node else { return false }
            return accepts(existing)
        }
        let rest = steps.dropFirst()
        let position = pointer ? Lookup.arrayIndex(step).flatMap { $0 < maxIndex ? $0 : nil } : nil
        switch node {
        case nil:
            if let position {
                var items = [Member?](repeating: nil, count: position + 1)
                var child: Node?
                guard place(value, at: rest, pointer: pointer, rank: rank, accepts: accepts, in: &child), let child else { return false }
                items[position] = Member(key: step, node: child, rank: rank)
                node = .array(items)
            } else {
                var child: Node?
                guard place(value, at: rest, pointer: pointer, rank: rank, accepts: accepts, in: &child), let child else { return false }
                node = .object([Member(key: step, node: child, rank: rank)])
            }
            return true
        case .leaf(let existing)?:
            // A value placed whole is not changed: what the property reads in it must do.
            guard let inner = ExampleObject.read(existing, at: steps, pointer: pointer) else { return false }
            return accepts(inner)
        case .object(var members)?:
            let existing = members.lastIndex { $0.key == step }
            var child: Node? = existing.map { members[$0].node }
            guard place(value, at: rest, pointer: pointer, rank: rank, accepts: accepts, in: &child), let child else { return false }
            if let index = existing {
                members[index].node = child
                members[index].rank = min(members[index].rank, rank)
            } else {
                members.append(Member(key: step, node: child, rank: rank))
            }
            node = .object(members)
            return true
        case .array(var items)?:
            guard let position else { return false }
            if items.count <= position { items += [Member?](repeating: nil, count: position + 1 - items.count) }
            var child = items[position]?.node
            guard place(value, at: rest, pointer: pointer, rank: rank, accepts: accepts, in: &child), let child else { return false }
            items[position] = Member(key: step, node: child, rank: min(items[position]?.rank ?? rank, rank))
            node = .array(items)
            return true
        }
    }

    /// What a lookup reads at `steps` inside a JSON value, as conversion reads it: keys of
    /// objects, and a pointer's digit tokens as positions of arrays.
    private static func read(_ value: JSONValue, at steps: ArraySlice<String>, pointer: Bool) -> JSONValue? {
        var current = value
        for step in steps {
            switch current {
            case .object(let members):
                guard let member = members.last(where: { $0.key == step }) else { return nil }
                current = member.value
            case .array(let items):
                guard pointer, let index = Lookup.arrayIndex(step), index < items.count else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    private static func json(_ node: Node) -> JSONValue {
        switch node {
        case .leaf(let value):
            return value
        case .object(let members):
            // Sorting is stable: members of equal rank keep the order they were placed in.
            return .object(members.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
                .map { JSONValue.Member($0.element.key, json($0.element.node)) })
        case .array(let items):
            return .array(items.map { $0.map { json($0.node) } ?? .null })
        }
    }
}
