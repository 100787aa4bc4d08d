/// A model with inheritance, `include` and `exclude` applied: what it really reads and writes.
public struct ResolvedModel: Sendable, Hashable {
    public var name: String
    public var file: String
    /// The model and its ancestors, nearest first.
    public var lineage: [String]
    public var keys: KeyStyle
    public var unknownKeys: UnknownKeyPolicy
    public var requiredAll: Bool
    /// `tuple: true`: read from a positional array in property order (SPEC §9).
    public var tuple = false
    /// Declared by this model itself; a discriminator is not inherited, so a mapped model that
    /// extends its declarer does not dispatch again.
    public var discriminator: DiscriminatorDefinition?
    public var description: String?
    /// Output order: inherited properties first (an override keeps its parent's place).
    public var properties: [PropertyDefinition]
    /// The ancestors' rules, then the model's own.
    public var rules: [RuleDefinition] = []
    /// The model's `output:` over its ancestors': how its members are written by default.
    public var output = OutputOptions()
    /// Content hash of the model's own definition.
    public var version: String
    /// The model's direct parent.
    public var extends: String? { lineage.count > 1 ? lineage[1] : nil }

    /// Whether a property must be present; under `required: all` a property with a default is not.
    public func isRequired(_ property: PropertyDefinition) -> Bool {
        property.required ?? (requiredAll && property.defaultValue == nil)
    }

    /// The input locations of a property, in priority order.
    public func sources(of property: PropertyDefinition) -> [KeySource] {
        property.from ?? [.key(keys.key(for: property.name))]
    }
}
