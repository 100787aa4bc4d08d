/// One model as its schema file states it, before inheritance is resolved.
public struct ModelDefinition: Sendable, Hashable {
    /// Unique across all files.
    public var name: String
    /// The file it was read from, relative to the schema directory.
    public var file: String
    /// The parent model whose properties come first.
    public var extends: String?
    /// Key style; nil inherits the parent's, else `as_is`.
    public var keys: KeyStyle?
    /// Unknown-key policy; nil inherits the parent's, else `ignore`.
    public var unknownKeys: UnknownKeyPolicy?
    /// Whitelist of property names, applied after `extends`.
    public var include: [String]?
    /// Blacklist of property names, applied after `extends`.
    public var exclude: [String]?
    public var discriminator: DiscriminatorDefinition?
    /// `required: all`: every property is required unless it says `required: false`.
    public var requiredAll: Bool?
    public var description: String?
    /// Properties in declaration order, which is the output order.
    public var properties: [PropertyDefinition] = []
    /// Content hash of the definition (16 hex digits), for `GET /schemas`.
    public var version = ""

    public init(name: String, file: String) {
        self.name = name
        self.file = file
    }

    /// Every model this definition refers to: parent, property types and discriminator targets.
    public var references: Set<String> {
        var names = Set(properties.flatMap { $0.type.modelNames })
        if let extends { names.insert(extends) }
        if let discriminator { names.formUnion(discriminator.mapping.map(\.model)) }
        return names
    }
}

/// Picks the concrete model from a tag in the payload.
public struct DiscriminatorDefinition: Sendable, Hashable {
    /// Where the tag is read.
    public var from: KeySource
    /// Tag text → model name, in declaration order.
    public var mapping: [Entry]

    /// One tag and the model it selects.
    public struct Entry: Sendable, Hashable {
        public var tag: String
        public var model: String
    }
}

/// One property as its schema file states it.
public struct PropertyDefinition: Sendable, Hashable {
    /// The output key.
    public var name: String
    public var type: TypeRef
    /// Candidate input locations in priority order; nil means the key from the model's `keys` style.
    public var from: [KeySource]?
    /// nil: the model's default (`required: all` or optional).
    public var required: Bool?
    /// Used when the key is missing, or null on a non-nullable property.
    public var defaultValue: JSONValue?
    /// Allowed output values.
    public var enumValues: [JSONValue]?
    /// Input literal text → output value.
    public var values: [JSONValue.Member]?
    /// Number bounds, kept as literal text so they are exact.
    public var minimum: String?
    public var maximum: String?
    public var exclusiveMinimum: String?
    public var exclusiveMaximum: String?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    public var minItems: Int?
    public var maxItems: Int?
    /// Accepted date input formats, replacing the defaults.
    public var formats: [DateFormat]?
    /// This property never coerces, whatever the request's mode.
    public var strict = false
    /// A single non-array value becomes a one-element array.
    public var wrapSingle = false
    public var description: String?

    public init(name: String, type: TypeRef) {
        self.name = name
        self.type = type
    }
}
