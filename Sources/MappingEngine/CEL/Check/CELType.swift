/// A type as the checker sees it.
public indirect enum CELType: Sendable, Hashable {
    /// Known only at run time.
    case dyn
    case null
    case bool
    case int
    case uint
    case double
    case string
    case bytes
    case timestamp
    case duration
    case decimal
    case list(CELType)
    case map(key: CELType, value: CELType)
    /// A convertd model: named, typed fields, some of which may be absent.
    case object(CELObjectType)
    /// The type of a type value (`type(x)`).
    case type(CELType)
    /// A type parameter of a function overload (`A` in `list(A)`), during checking only.
    case parameter(String)
}

/// The fields of a convertd model, as rules, `compute` and the checker see them: output
/// names in output order. A class, so recursive models can refer to themselves: the compiler
/// makes the shell first and sets `fields` before publishing it.
public final class CELObjectType: @unchecked Sendable, Hashable {
    public struct Field: Sendable, Hashable {
        public var name: String
        public var type: CELType
        /// The field's largest size, when the schema bounds it (`maxItems`, `maxLength`,
        /// `maxProperties`): what the static cost of a loop over it is counted from.
        public var maxSize: Int?

        public init(name: String, type: CELType, maxSize: Int? = nil) {
            self.name = name
            self.type = type
            self.maxSize = maxSize
        }
    }

    public let name: String
    public var fields: [Field] = []

    public init(name: String) {
        self.name = name
    }

    /// The index of the field called `name`.
    public func index(of name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    public static func == (a: CELObjectType, b: CELObjectType) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
