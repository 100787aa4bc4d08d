import CEL
import Synchronization

/// A model compiled for conversion: resolved properties in output order, the key table, the
/// key-path and candidate properties apart, and the discriminator.
///
/// Built by `Compiler` in two steps (a shell first, so recursive models can point at
/// themselves, then `fill`), and never changed once published through `MetaCache`. Converters
/// point at other models unowned; the model's `MetaGroup` keeps them alive.
public final class ModelMeta: @unchecked Sendable {
    // The mutable stored properties are written only by Compiler before publication, so the
    // hot path reads them without dynamic exclusivity checks.
    public let name: String
    /// Unique in this process, never reused: names the model's row in a workspace's `KeyOrders`.
    let serial: Int
    private static let serials = Atomic<Int>(0)
    /// The definition with inheritance resolved, for export and listing.
    public internal(set) var resolved: ResolvedModel
    /// `resolved.tuple`, which every top-level conversion asks: reading `resolved` itself would
    /// copy it under an exclusivity check.
    let isTuple: Bool
    @exclusivity(unchecked) var properties: [PropertyMeta] = [] {
        didSet { ownedProperties = ModelMeta.copy(of: properties, replacing: ownedProperties) }
    }
    @exclusivity(unchecked) var keyTable = KeyTable([]) {
        didSet { borrowedKeyTable = .passUnretained(keyTable) }
    }
    // The conversion hot path reads the two below: a copy of `properties` the model owns and an
    // unmanaged `keyTable`. Reading the array or the class reference themselves would retain and
    // release them once per object converted, since a `var` could change during the call.
    /// `properties`, copied into memory this model owns and frees.
    @exclusivity(unchecked) private(set) var ownedProperties = UnsafeMutableBufferPointer<PropertyMeta>(start: nil, count: 0)
    /// `keyTable`, which this model keeps alive.
    @exclusivity(unchecked) private(set) var borrowedKeyTable: Unmanaged<KeyTable>
    /// Indices of `.key` properties, head of each key's chain only.
    @exclusivity(unchecked) var keyProperties: [Int] = []
    /// Indices of key-path, pointer and candidate properties, resolved after the key walk.
    @exclusivity(unchecked) var lookupProperties: [Int] = []
    @exclusivity(unchecked) var unknownKeys: UnknownKeyPolicy = .ignore
    @exclusivity(unchecked) var discriminator: DiscriminatorMeta?
    /// Rules and computed members, run once an object is written; nil when there are none.
    @exclusivity(unchecked) var expressions: ModelExpressions?
    /// Owns the converter cells that properties reference unmanaged.
    var cells: [ConverterCell] = []
    /// Owns the bytes that properties point into.
    let arena = ByteArena()

    init(resolved: ResolvedModel) {
        self.name = resolved.name
        serial = ModelMeta.serials.add(1, ordering: .relaxed).oldValue
        self.resolved = resolved
        isTuple = resolved.tuple
        borrowedKeyTable = .passUnretained(keyTable)
    }

    deinit {
        ownedProperties.deinitialize()
        ownedProperties.deallocate()
    }

    /// A freshly allocated copy of `properties`; frees `old`.
    private static func copy(of properties: [PropertyMeta], replacing old: UnsafeMutableBufferPointer<PropertyMeta>)
        -> UnsafeMutableBufferPointer<PropertyMeta> {
        old.deinitialize()
        old.deallocate()
        let buffer = UnsafeMutableBufferPointer<PropertyMeta>.allocate(capacity: properties.count)
        _ = buffer.initialize(from: properties)
        return buffer
    }
}

/// A compiled discriminator: where the tag is and which model each tag selects, or the
/// predicates that pick one; and the model an unmapped tag or no predicate falls back to.
struct DiscriminatorMeta: Sendable {
    /// nil with predicates and with an external tag (the object's one key).
    let lookup: Lookup?
    /// Tags folded by `DiscriminatorTag.folded` when `caseInsensitive`.
    let mapping: [(tag: [UInt8], model: ModelReference)]
    let predicates: [(program: CELProgram, model: ModelReference)]
    let fallback: ModelReference?
    var style = DiscriminatorStyle.internal
    /// The key of the content beside an adjacent tag.
    var content: [UInt8]?
    var caseInsensitive = false
}

/// A model referenced from inside a compiled graph, which the referrer's `MetaGroup` keeps alive.
struct ModelReference: @unchecked Sendable {
    unowned(unsafe) let meta: ModelMeta
}
