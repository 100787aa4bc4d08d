/// A mistake in a schema file, found at load time and reported with everything that locates it.
public struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The schema file, relative to the schema directory when loaded from one.
    public var file: String
    /// The model, when the mistake is inside one.
    public var model: String?
    /// The property, when the mistake is inside one.
    public var property: String?
    /// What is wrong.
    public var message: String
    /// The registry limit the schemas go over, when that is the mistake.
    public var limit: RegistryLimits.Limit?

    public init(file: String, model: String? = nil, property: String? = nil, message: String, limit: RegistryLimits.Limit? = nil) {
        self.file = file
        self.model = model
        self.property = property
        self.message = message
        self.limit = limit
    }

    /// `file: model.property: message`; only the message for a mistake of the whole set of files.
    public var description: String {
        if file.isEmpty && model == nil { return message }
        var location = file
        if let model {
            location += ": \(model)"
            if let property { location += ".\(property)" }
        }
        return "\(location): \(message)"
    }
}

/// Every mistake of a schema set at once; nothing is loaded when this is thrown.
public struct SchemaErrors: Error, Sendable, CustomStringConvertible {
    /// The mistakes, in file order.
    public var errors: [SchemaError]

    public init(_ errors: [SchemaError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
