/// One way a model's new version breaks its contract with an earlier one: on which side, where
/// in the model's schema, of which stable kind, and the old and new forms as short text.
public struct BreakingChange: Sendable, Equatable, Hashable {
    /// The side of the contract a change breaks.
    public enum Side: String, Sendable, Hashable {
        /// A payload the old version converted is no longer converted.
        case input
        /// The new version's output may not validate against the old output schema.
        case output
    }

    public var side: Side
    /// A JSON Pointer into the model's schema ("" for the model itself); a nested model is
    /// followed through the property that holds it ("/properties/author/properties/name").
    public var path: String
    /// A stable snake_case name: `type_narrowed`, `became_required`, `output_property_removed`…
    public var kind: String
    /// The old form, as short text.
    public var old: String
    /// The new form, as short text.
    public var new: String
    /// One sentence saying what changed.
    public var message: String

    public init(side: Side, path: String, kind: String, old: String, new: String, message: String) {
        self.side = side
        self.path = path
        self.kind = kind
        self.old = old
        self.new = new
        self.message = message
    }

    /// The change as the API lists it: `{"side", "path", "kind", "old", "new", "message"}`.
    public var json: JSONValue {
        [
            "side": .string(side.rawValue),
            "path": .string(path),
            "kind": .string(kind),
            "old": .string(old),
            "new": .string(new),
            "message": .string(message),
        ]
    }
}
