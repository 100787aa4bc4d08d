/// Which JSON types a union branch takes, and so which branch an input goes to: the types its
/// converter accepts in strict mode (SPEC §3.1), in lax mode as well.
///
/// Lax coercions cross JSON types (a number becomes a string, `"1"` an integer), so by them any
/// two scalars would overlap; the natural types keep `int64 | string` apart. A scalar's types are
/// found by trying its strict converter on one value of each JSON type: `type_mismatch` means it
/// does not take that type, any other answer (a value, or an error about the text such as
/// `invalid_date`) means it does. So `decimal` takes numbers and strings, a `date` whose `formats`
/// name an epoch form takes numbers too, and a new scalar type needs nothing here.
enum UnionBranches {
    /// A set of JSON types; null is none of them (a union is nullable as a whole).
    struct Types: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let boolean = Types(rawValue: 1)
        static let number = Types(rawValue: 2)
        static let string = Types(rawValue: 4)
        static let array = Types(rawValue: 8)
        static let object = Types(rawValue: 16)
        static let all: Types = [.boolean, .number, .string, .array, .object]

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The type of a parsed value; empty for null.
        init(_ kind: JSONKind) {
            switch kind {
            case .null: self = []
            case .false, .true: self = .boolean
            case .number: self = .number
            case .string: self = .string
            case .array: self = .array
            case .object: self = .object
            }
        }

        /// The type of a value; empty for null.
        init(_ value: JSONValue) {
            switch value {
            case .null: self = []
            case .bool: self = .boolean
            case .number: self = .number
            case .string: self = .string
            case .array: self = .array
            case .object: self = .object
            }
        }

        /// Each type alone, in a fixed order, with its JSON Schema name and one value of it.
        static let each: [(type: Types, name: String, probe: JSONValue)] = [
            (.boolean, "boolean", .bool(true)), (.number, "number", .number("1")), (.string, "string", .string("1")),
            (.array, "array", .array([])), (.object, "object", .object([])),
        ]

        /// The JSON Schema names of the types, in `each`'s order.
        var names: [String] { Types.each.filter { contains($0.type) }.map(\.name) }
    }

    /// The JSON types `branch` takes. `formats` are the property's (a `date` branch's).
    static func types(of branch: TypeRef, formats: [DateFormat]?) -> Types {
        switch branch.kind {
        case .any: .all
        case .model, .map: .object
        case .array, .set: .array
        case .union(let branches): branches.reduce(into: []) { $0.formUnion(types(of: $1, formats: formats)) }
        default: scalarTypes(probe(branch.kind, formats: formats))
        }
    }

    /// Whether a branch of this union (after its containers) is a `date`, which the property's `formats` are for.
    static func hasDate(_ type: TypeRef) -> Bool {
        guard case .union(let branches) = type.kind else { return false }
        return branches.contains { branch in
            var leaf = branch
            while let element = leaf.element { leaf = element }
            return leaf.kind == .date
        }
    }

    /// The strict converter of a scalar branch, without checks; nil for the other kinds.
    static func probe(_ kind: TypeRef.Kind, formats: [DateFormat]?) -> (any ValueConverter)? {
        switch kind {
        case .any, .model, .map, .array, .set, .union: nil
        default: Compiler.plainConverter(kind, strict: true, formats: formats)
        }
    }

    /// The types on which `converter` answers anything but `type_mismatch`.
    private static func scalarTypes(_ converter: (any ValueConverter)?) -> Types {
        guard let converter else { return [] }
        var types: Types = []
        for each in Types.each {
            if case .failure(let error) = ConstantConverter.output(of: each.probe, through: converter, nullable: false),
               error.code == .typeMismatch { continue }
            types.insert(each.type)
        }
        return types
    }
}
