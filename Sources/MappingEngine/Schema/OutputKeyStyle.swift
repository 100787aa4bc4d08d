/// How a property's name becomes its output key under `output: { keys: … }`.
public enum OutputKeyStyle: String, Sendable, CaseIterable {
    case asIs = "as_is"
    case camelCase
    case snakeCase = "snake_case"
    case kebabCase = "kebab-case"

    /// The output key of `name`: `avatar_url` → `avatarUrl` (camelCase), `avatarURL` →
    /// `avatar_url` (snake_case), `avatar-url` (kebab-case). Words split as `keys:` splits them.
    public func key(for name: String) -> String {
        switch self {
        case .asIs: return name
        case .snakeCase: return KeyStyle.snakeCase.key(for: name)
        case .kebabCase: return KeyStyle.kebabCase.key(for: name)
        case .camelCase:
            let words = KeyStyle.words(name)
            guard let head = words.first else { return name }
            return head.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        }
    }
}
