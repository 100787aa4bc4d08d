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
    /// A change that breaks the compatibility level of the models listed (each with its
    /// breaking changes and replay differences); 409 `incompatible`.
    case incompatible([ModelCompatibility])
    /// A state change of a version the model does not have.
    case unknownVersion(model: String, version: Int)

    public var description: String {
        switch self {
        case .invalid(let errors): errors.description
        case .inUse(let model, let users): "model '\(model)' is used by \(users.joined(separator: ", "))"
        case .unknownModel(let model): "no model '\(model)'"
        case .modelNotDefined(let model): "the source does not define model '\(model)'"
        case .incompatible(let verdicts):
            verdicts.map { verdict in
                "incompatible: model '\(verdict.model)' breaks \(verdict.level.rawValue): "
                    + (verdict.changes.map { "\($0.kind) at \($0.path.isEmpty ? "/" : $0.path)" }
                        + verdict.replay.map { "example '\($0.name)' answers differently" }).joined(separator: "; ")
            }.joined(separator: "\n")
        case .unknownVersion(let model, let version): "model '\(model)' has no version \(version)"
        }
    }
}
