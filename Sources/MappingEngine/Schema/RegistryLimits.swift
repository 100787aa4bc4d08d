/// How large and how deep a set of schemas may be. A schema is input too: every load
/// (`convertd lint`, start-up, `SIGHUP` and `POST /schemas/reload`, the directory watch, `PUT`)
/// checks these before anything walks what it read, and refuses the whole change with a
/// `SchemaError` that names the limit, the value found and the file, model and property.
///
/// The defaults are several times what a big deployment holds (a few thousand models, a few
/// hundred properties in the largest), so they refuse only a schema set built to cost memory,
/// time or stack. The three depth limits (`fileDepth`, `typeDepth`, `pathDepth`) bound the only
/// walks left recursive, over one file's tree, one type and one key path, which stay within a
/// 512 KiB stack at their defaults; everything that follows models into each other (references,
/// `extends`, compiling, exporting, freeing) goes by work lists, however long the chain.
public struct RegistryLimits: Sendable, Hashable {
    /// Each limit, by the name errors give it.
    public enum Limit: String, Sendable, CaseIterable {
        case models, propertiesPerModel, totalProperties, fileBytes, totalBytes, fileDepth, typeDepth, extendsDepth, pathDepth, ruleCost, profiles, examplesPerModel
    }

    /// Models in the registry, across every file.
    public var models = 10_000
    /// Properties of one model once `extends`, `include` and `exclude` are applied.
    public var propertiesPerModel = 2_000
    /// Properties of every model together, each counted with what it inherits: what compiling
    /// and the OpenAPI document cost.
    public var totalProperties = 200_000
    /// Bytes of one schema file (as much as the default `PUT` body).
    public var fileBytes = 8 << 20
    /// Bytes of every schema file together.
    public var totalBytes = 64 << 20
    /// Containers nested in one file, its own top-level object counting as one: a model is 2
    /// deep, a property's options 4, a default value what it nests past that.
    public var fileDepth = 64
    /// Containers nested in one type: `array<map<int32>>` is 2. As deep as `convertd infer`
    /// follows samples, so an inferred schema always loads.
    public var typeDepth = 64
    /// `extends` steps from a model to the root of its lineage.
    public var extendsDepth = 32
    /// Steps of one `from` key path or JSON Pointer (`a.b.c` is 3).
    public var pathDepth = 32
    /// The static cost bound one CEL expression (a rule, `compute`, `transform` or `when`) may
    /// have, in evaluation steps (`--max-rule-cost`): an `all()` over an array costs its
    /// `maxItems` times its body.
    public var ruleCost = 1_000_000
    /// Output profiles declared under `$profiles` across every file: a request's profile is
    /// compiled once per model it converts, so each one can cost as much memory as the models.
    public var profiles = 32
    /// Example payloads of one model, counted in its schema file's `examples:` and, apart, in
    /// its `<Model>.examples/` folder: each is converted by every replay and `convertd test`.
    public var examplesPerModel = 100

    /// The defaults.
    public init() {}

    /// The defaults, as a value to pass.
    public static let `default` = RegistryLimits()

    /// The value of `limit`.
    public subscript(limit: Limit) -> Int {
        switch limit {
        case .models: models
        case .propertiesPerModel: propertiesPerModel
        case .totalProperties: totalProperties
        case .fileBytes: fileBytes
        case .totalBytes: totalBytes
        case .fileDepth: fileDepth
        case .typeDepth: typeDepth
        case .extendsDepth: extendsDepth
        case .pathDepth: pathDepth
        case .ruleCost: ruleCost
        case .profiles: profiles
        case .examplesPerModel: examplesPerModel
        }
    }

    /// The error for `found` going over `limit`, said as "`what` is `found`, over the limit…".
    func exceeded(_ limit: Limit, found: Int, _ what: String, file: String, model: String? = nil, property: String? = nil) -> SchemaError {
        SchemaError(file: file, model: model, property: property,
                    message: RegistryLimits.overLimit(limit, self[limit], found: found, what), limit: limit)
    }

    /// The words of a limit error, for errors raised where only the limit's value is known.
    static func overLimit(_ limit: Limit, _ maximum: Int, found: Int, _ what: String) -> String {
        "\(what) is \(found), over the limit of \(maximum) (\(limit.rawValue))"
    }
}
