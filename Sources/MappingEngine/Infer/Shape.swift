/// Everything the samples showed at one position (the samples themselves, one key of an object
/// shape, the elements of an array): how many values of each JSON type, and for objects and
/// arrays the positions one level down, as indices into the `ShapeTable`.
struct Shape: Sendable {
    /// Values seen here, nulls included.
    var values = 0
    var nulls = 0
    var scalars = ScalarSummary()
    /// Objects seen here.
    var objects = 0
    /// The keys of those objects in order of first appearance, while they are properties.
    var fields: [Field] = []
    /// `fields` by key.
    var fieldIndex: [String: Int] = [:]
    /// Once the objects here had more keys than a model may hold, the position of all their
    /// values together (the objects are a map); -1 before.
    var mapValues = -1
    /// Arrays seen here.
    var arrays = 0
    /// Empty arrays among them, which a model also takes (PHP's empty object).
    var emptyArrays = 0
    /// The position of every element of those arrays; -1 until one is seen.
    var elements = -1
    /// Containers seen here past the depth limit, which were not followed.
    var deepContainers = 0
    /// The keys the arrays of objects seen here kept distinct (reshaping).
    var listKeys = ListKeys()

    /// One key of the objects seen at a position.
    struct Field: Sendable {
        var key: String
        /// The position of its values.
        var shape: Int
        /// Objects that had the key.
        var present: Int
        /// The stamp of the last object that had it, so a key repeated in one object counts once.
        var lastObject: Int
    }

    /// Whether the objects here are a map, their keys being data.
    var isMap: Bool { mapValues >= 0 }
}
