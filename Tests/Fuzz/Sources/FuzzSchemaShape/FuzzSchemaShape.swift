import FuzzSupport
import MappingEngine

nonisolated(unsafe) private let tape = JSONTape()

/// Reads the fuzzer's bytes as a schema's *shape* — how many models, how they refer to each
/// other (chains, trees, cycles), `extends` chains and cycles, container types nested deep, key
/// paths, defaults nested deep, how many files, JSON or YAML, default or tight limits — writes
/// the files, and loads them through the engine's one pipeline. A registry that loads is
/// compiled, converts small payloads (and back), and exports its JSON Schema, input schema and
/// description; one refused lists its errors. Nothing may crash, hang or run out of memory,
/// however deep or long the shape: the bytes pick sizes on both sides of every limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaShape(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var shape = ShapeBytes(UnsafeBufferPointer(start: data, count: size))
    let plan = ShapePlan(&shape)
    let engine = Engine(limits: plan.limits)
    switch engine.load(plan.files(&shape)) {
    case .success:
        exercise(engine)
    case .failure(.invalid(let errors)):
        FuzzCheck.require(!errors.errors.isEmpty, "a refused load lists no error")
        _ = errors.description
    case .failure(let other):
        fatalError("a load was refused for a reason only PUT and DELETE have: \(other)")
    }
    return 0
}

/// The fuzzer's bytes, read front to back; zeros once they run out, so every input is a shape.
struct ShapeBytes {
    let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func byte() -> Int {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return Int(bytes[at])
    }

    /// A number in `0..<bound` from one byte (two when `bound` needs them).
    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let raw = bound > 256 ? byte() << 8 | byte() : byte()
        return raw % bound
    }
}

/// The global parameters of one shape, read from its first bytes.
struct ShapePlan {
    /// How model `i` refers to others through its `next` property.
    enum References: Int { case chain, cycle, tree, random, none }
    /// How models extend each other.
    enum Lineage: Int { case none, chain, cycle, random }

    let limits: RegistryLimits
    let models: Int
    let references: References
    let lineage: Lineage
    /// Containers around the `next` property's model type.
    let containerDepth: Int
    /// Steps of the `from` key path of one property per model.
    let pathSteps: Int
    /// Arrays nested in one `any` property's default.
    let defaultDepth: Int
    let propertiesPerModel: Int
    let fileCount: Int
    let yaml: Bool

    init(_ shape: inout ShapeBytes) {
        let flags = shape.byte()
        var limits = RegistryLimits()
        if flags & 1 != 0 {
            // Tight limits, so small inputs reach every one of them.
            limits.models = 300
            limits.propertiesPerModel = 40
            limits.totalProperties = 2_000
            limits.fileBytes = 64 << 10
            limits.totalBytes = 256 << 10
            limits.fileDepth = 12
            limits.typeDepth = 6
            limits.extendsDepth = 8
            limits.pathDepth = 6
        }
        self.limits = limits
        yaml = flags & 2 != 0
        // A magnitude first, so most inputs are small (and run fast) and some reach 2,048 models.
        models = 1 + shape.below(1 << shape.below(12))
        references = References(rawValue: shape.below(5)) ?? .chain
        lineage = Lineage(rawValue: shape.below(4)) ?? .none
        containerDepth = shape.below(72)
        pathSteps = shape.below(40)
        defaultDepth = shape.below(80)
        propertiesPerModel = shape.below(6)
        fileCount = 1 + shape.below(4)
    }

    /// The schema files: the models spread over `fileCount` files, each model's details from
    /// the bytes that follow the plan.
    func files(_ shape: inout ShapeBytes) -> [SchemaSource] {
        var members = Array(repeating: [JSONValue.Member](), count: fileCount)
        for index in 0..<models {
            members[index % fileCount].append(.init("M\(index)", model(index, &shape)))
        }
        return members.enumerated().map { file, models in
            // JSON is YAML too: a `.yaml` file of flow collections goes through Yams' composer.
            SchemaSource(file: "shape\(file)" + (yaml && file % 2 == 0 ? ".yaml" : ".json"), text: JSONValue.object(models).jsonText)
        }
    }

    private func model(_ index: Int, _ shape: inout ShapeBytes) -> JSONValue {
        let detail = shape.byte()
        var properties: [JSONValue.Member] = (0..<propertiesPerModel).map { .init("p\($0)", .string(["int32", "string", "date", "decimal"][($0 + detail) % 4])) }
        if let target = target(of: index, &shape) {
            var type = "M\(target)" + (detail & 1 != 0 || references == .cycle ? "?" : "")
            for level in 0..<containerDepth { type = ["array", "map", "set"][(level + detail) % 3] + "<" + type + ">" }
            properties.append(.init("next", .object([.init("type", .string(type))])))
        }
        if pathSteps > 0 && detail & 2 != 0 {
            let path = Array(repeating: "k", count: pathSteps).joined(separator: ".")
            properties.append(.init("deep", .object([.init("type", "int64"), .init("from", .string(path))])))
        }
        if defaultDepth > 0 && detail & 4 != 0 {
            var value = JSONValue.number("1")
            for _ in 0..<defaultDepth { value = .array([value]) }
            properties.append(.init("any", .object([.init("type", "any"), .init("default", value)])))
        }
        var members: [JSONValue.Member] = []
        if let parent = parent(of: index, &shape) { members.append(.init("extends", .string("M\(parent)"))) }
        members.append(.init("properties", .object(properties)))
        return .object(members)
    }

    private func target(of index: Int, _ shape: inout ShapeBytes) -> Int? {
        switch references {
        case .chain: index + 1 < models ? index + 1 : nil
        case .cycle: (index + 1) % models
        case .tree: 2 * index + 1 < models ? 2 * index + 1 : nil
        case .random: shape.below(models)
        case .none: nil
        }
    }

    private func parent(of index: Int, _ shape: inout ShapeBytes) -> Int? {
        switch lineage {
        case .none: nil
        case .chain: index > 0 ? index - 1 : nil
        case .cycle: index > 0 ? index - 1 : models - 1
        case .random: shape.byte() & 1 == 0 ? nil : shape.below(models)
        }
    }
}

/// Payloads that follow `next` a few models down, and one that breaks every type.
private let payloads: [[UInt8]] = [
    Array("{}".utf8),
    Array(#"{"next":{"next":{"next":{}}},"p0":"1","p1":2}"#.utf8),
    Array(#"[{"next":[[{}]]},{"p0":[],"p1":{},"p2":"x","p3":null}]"#.utf8),
]

/// Converts, reverses and exports a few models of a loaded registry: the first, the last and
/// some between (a chain's first model reaches every other one).
private func exercise(_ engine: Engine) {
    let registry = engine.registry
    let names = registry.names
    guard !names.isEmpty else { return }
    let picked = Set([0, names.count - 1, names.count / 2, names.count / 3].map { names[$0] } + ["M0"]).filter { registry.models[$0] != nil }
    let exporter = JSONSchemaExporter(registry: registry)
    let input = InputSchemaExporter(registry: registry)
    for name in picked.sorted() {
        FuzzCheck.require(engine.model(named: name) != nil, "model \(name) loaded but is not compiled")
        for payload in payloads { FuzzCheck.convertsFixedPayload(payload, with: engine, model: name, tape: tape) }
        if let schema = exporter.schema(for: name) { FuzzCheck.validJSON(schema.jsonBytes, tape: tape, "JSON Schema of \(name)") }
        if let schema = input.component(for: name, reference: { "#/components/schemas/\($0)-Input" }) {
            FuzzCheck.validJSON(schema.jsonBytes, tape: tape, "input schema of \(name)")
        }
        if let model = registry.models[name] { FuzzCheck.validJSON(ModelDescription.describe(model).jsonBytes, tape: tape, "description of \(name)") }
    }
    // A change through PUT: the last model again, as its own file, goes through the editor too
    // (on small registries: it loads the whole registry again).
    if names.count <= 256, let last = names.last, let model = registry.definitions[last] {
        let text = #"{"\#(last)": {"properties": {"again": "int32"}\#(model.extends.map { #", "extends": "\#($0)""# } ?? "")}}"#
        if case .failure(.invalid(let errors)) = engine.put(model: last, source: SchemaSource(file: "\(last).json", text: text)) {
            FuzzCheck.require(!errors.errors.isEmpty, "a refused PUT lists no error")
        }
    }
}
