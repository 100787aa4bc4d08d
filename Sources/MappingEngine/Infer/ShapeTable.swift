/// Every position the samples have, in one array (position 0 is the samples themselves):
/// recording a document adds its values to their positions, creating those it is the first to
/// have, and positions merge when an object turns out to be a map.
///
/// A value type: a copy is an independent table. Growth is bounded by `InferenceLimits`:
/// past `maxFields` positions recording fails with `too_complex`; an object position with more
/// than `maxProperties` keys collapses into a map; containers past `maxDepth` are not followed.
struct ShapeTable: Sendable {
    private(set) var shapes = [Shape()]
    let limits: InferenceLimits
    /// Counts objects recorded, to stamp each one.
    private var objectStamp = 0
    /// The most positions there may be, those a collapse left behind included: `maxFields`
    /// while recording, more while resolving (see `allowGrowth`).
    private var capacity: Int

    init(limits: InferenceLimits) {
        self.limits = limits
        capacity = limits.maxFields
    }

    subscript(index: Int) -> Shape { shapes[index] }

    /// Positions so far: where the next one will be.
    var count: Int { shapes.count }

    /// Drops the positions from `mark` on, left by a trial merge that found no map; merging
    /// writes only to positions it creates, so nothing before `mark` refers to them.
    mutating func discard(from mark: Int) {
        shapes.removeSubrange(mark...)
    }

    /// Adds the value at `node` of `document` to position `index`, `depth` containers down.
    mutating func record(_ document: JSONDocument, _ node: Int, into index: Int, depth: Int) throws(InferenceError) {
        let entry = document[node]
        shapes[index].values += 1
        switch entry.kind {
        case .null:
            shapes[index].nulls += 1
        case .true, .false:
            shapes[index].scalars.observeBool()
        case .number:
            shapes[index].scalars.observeNumber(document.content(node), integral: entry.flags & JSONNode.isInteger != 0)
        case .string:
            let escaped = entry.flags & JSONNode.hasEscapes != 0
            document.withDecodedString(node) { shapes[index].scalars.observeString($0, escaped: escaped, limits: limits) }
        case .object where depth >= limits.maxDepth, .array where depth >= limits.maxDepth:
            shapes[index].deepContainers += 1
        case .object:
            try recordObject(document, node, into: index, depth: depth)
        case .array:
            shapes[index].arrays += 1
            guard entry.length > 0 else {
                shapes[index].emptyArrays += 1
                return
            }
            if shapes[index].elements < 0 { shapes[index].elements = try newShape() }
            let elements = shapes[index].elements
            shapes[index].listKeys.observe(document, array: node)
            var child = node + 1
            for _ in 0..<Int(entry.length) {
                try record(document, child, into: elements, depth: depth + 1)
                child = Int(document[child].end)
            }
        }
    }

    private mutating func recordObject(_ document: JSONDocument, _ node: Int, into index: Int, depth: Int) throws(InferenceError) {
        shapes[index].objects += 1
        objectStamp += 1
        let stamp = objectStamp
        var key = node + 1
        for _ in 0..<Int(document[node].length) {
            let value = key + 1
            let target: Int
            if shapes[index].isMap {
                target = shapes[index].mapValues
            } else {
                target = try field(document.decodedString(key), of: index, stamp: stamp, present: 1)
            }
            try record(document, value, into: target, depth: depth + 1)
            key = Int(document[value].end)
        }
    }

    /// The position of `key` in the objects of position `index`, created when new; counts one
    /// more object having it unless the object stamped `stamp` was already counted. Collapses
    /// the position into a map, and answers its values' position, once it has too many keys.
    private mutating func field(_ key: String, of index: Int, stamp: Int, present: Int) throws(InferenceError) -> Int {
        if let position = shapes[index].fieldIndex[key] {
            if stamp < 0 || shapes[index].fields[position].lastObject != stamp {
                shapes[index].fields[position].present += present
                shapes[index].fields[position].lastObject = stamp
            }
            return shapes[index].fields[position].shape
        }
        guard shapes[index].fields.count < limits.maxProperties else {
            try collapse(index)
            return shapes[index].mapValues
        }
        let shape = try newShape()
        shapes[index].fieldIndex[key] = shapes[index].fields.count
        shapes[index].fields.append(Shape.Field(key: key, shape: shape, present: present, lastObject: stamp))
        return shape
    }

    /// Turns the objects of position `index` into a map: the values of all their keys go to one
    /// new position, and their keys are forgotten.
    mutating func collapse(_ index: Int) throws(InferenceError) {
        guard !shapes[index].isMap else { return }
        let values = try mergedValues(of: index)
        shapes[index].fields = []
        shapes[index].fieldIndex = [:]
        shapes[index].mapValues = values
    }

    /// A new position holding what the values of every key of position `index` saw together:
    /// the values of its objects read as a map.
    mutating func mergedValues(of index: Int) throws(InferenceError) -> Int {
        let values = try newShape()
        for field in shapes[index].fields { try merge(field.shape, into: values) }
        return values
    }

    /// Adds everything position `source` saw to position `target`, one level after another.
    mutating func merge(_ source: Int, into target: Int) throws(InferenceError) {
        let other = shapes[source]
        shapes[target].values += other.values
        shapes[target].nulls += other.nulls
        shapes[target].scalars.merge(other.scalars, limits: limits)
        shapes[target].objects += other.objects
        shapes[target].arrays += other.arrays
        shapes[target].emptyArrays += other.emptyArrays
        shapes[target].deepContainers += other.deepContainers
        shapes[target].listKeys.merge(other.listKeys)
        if other.isMap {
            try collapse(target)
            try merge(other.mapValues, into: shapes[target].mapValues)
        }
        for field in other.fields {
            let position = shapes[target].isMap
                ? shapes[target].mapValues
                : try self.field(field.key, of: target, stamp: -1, present: field.present)
            try merge(field.shape, into: position)
        }
        if other.elements >= 0 {
            if shapes[target].elements < 0 { shapes[target].elements = try newShape() }
            try merge(other.elements, into: shapes[target].elements)
        }
    }

    /// A new, empty position: its index.
    private mutating func newShape() throws(InferenceError) -> Int {
        guard shapes.count < capacity else {
            throw .tooComplex("more than \(limits.maxFields) distinct fields (InferenceLimits.maxFields)")
        }
        shapes.append(Shape())
        return shapes.count - 1
    }

    /// Lets resolving merge positions (to test and type maps) on a copy of a full table. A map's
    /// merged values take at most as many positions as its keys held (a trial that finds no map
    /// is discarded), so maps side by side always fit; maps nested in maps merge again at each
    /// level, and past this many positions fail with `too_complex` too.
    mutating func allowGrowth() {
        capacity = shapes.count + 4 * limits.maxFields
    }
}
