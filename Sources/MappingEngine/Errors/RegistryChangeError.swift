/// Why a schema change was refused; the registry served is unchanged.
public enum RegistryChangeError: Error, Sendable, CustomStringConvertible {
    /// The change leaves schema mistakes: every one, with its file, model and property.
    case invalid(SchemaErrors)
    /// A `DELETE` of a model that other models extend or reference (`by`, sorted).
    case inUse(model: String, by: [String])
    /// A `DELETE` of a model that does not exist.
    case unknownModel(String)
    /// A `PUT` whose source does not define the model it is stored under.
    case modelNotDefined(String)

    public var description: String {
        switch self {
        case .invalid(let errors): errors.description
        case .inUse(let model, let users): "model '\(model)' is used by \(users.joined(separator: ", "))"
        case .unknownModel(let model): "no model '\(model)'"
        case .modelNotDefined(let model): "the source does not define model '\(model)'"
        }
    }
}
