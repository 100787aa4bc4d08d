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
    /// For a CEL expression refused: which (`rule 2`, `compute`, `transform`, `when 1`), the
    /// kind of mistake (`syntax_error`, `unknown_property`, `type_error`, `cost_unbounded`,
    /// `cost_exceeded`, `invalid_pattern`) and its 1-based column in the expression.
    public var expression: ExpressionLocation?

    /// Where in which expression a CEL mistake is.
    public struct ExpressionLocation: Sendable, Hashable {
        public var name: String
        public var code: String
        public var column: Int
        public var source: String
    }

    public init(file: String, model: String? = nil, property: String? = nil, message: String, limit: RegistryLimits.Limit? = nil) {
        self.file = file
        self.model = model
        self.property = property
        self.message = message
        self.limit = limit
    }

    /// `file: model.property: message`; only the message for a mistake of the whole set of files.
    /// A CEL mistake adds the expression with a caret under its column.
    public var description: String {
        if file.isEmpty && model == nil { return message }
        var location = file
        if let model {
            location += ": \(model)"
            if let property { location += ".\(property)" }
        }
        guard let expression else { return "\(location): \(message)" }
        let caret = String(repeating: " ", count: max(0, expression.column - 1)) + "^"
        return "\(location): \(expression.name), column \(expression.column): \(expression.code): \(message)\n    \(expression.source)\n    \(caret)"
    }
}

/// Every mistake of a schema set at once; nothing is loaded when this is thrown.
public struct SchemaErrors: Error, Sendable, CustomStringConvertible {
    /// The mistakes, in file order.
    public var errors: [SchemaError]

    public init(_ errors: [SchemaError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
