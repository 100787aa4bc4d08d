/// The smallest change of an existing schema file that makes one of its models accept given
/// samples, or what a drift report saw (`convertd infer --update`, SPEC §11).
///
/// Each sample is converted (lax, `explain`) by the file as changed so far; what it reports is
/// turned into changes, the file reloaded, and the sample converted again, until it converts or
/// nothing more can be changed (`SchemaUpdateLimits.maxRounds`):
/// - an unknown key becomes an optional property of the model that holds the object, typed as
///   `SchemaInference` types the values seen (an object value is not added: a note says so),
///   with a `from` when the model's key style does not give the key from its name;
/// - `enum_mismatch` adds the value to the property's `enum`;
/// - `missing` (and `null_not_allowed` on a required property) makes the property optional;
/// - `out_of_range` on an integer widens it (`int8` → `int16` → …, `uint8` → `int16` for a
///   negative value); `int64` and `uint64` stay, with a note;
/// - `below_minimum`, `above_maximum`, `too_short`, `too_long`, `too_few_items`,
///   `too_many_items` move the bound to the value seen.
/// Every change only widens what the model accepts. What cannot be fixed this way is left, with
/// a note (`left: /path code`). Only models defined in the updated file change.
public struct SchemaUpdate {
    /// The model updated.
    public let model: String
    public let limits: SchemaUpdateLimits
    /// The file as given.
    let original: SchemaSource
    /// The file's tree as given.
    let originalRoot: JSONValue
    /// Other files, for the models the updated file references.
    let others: [SchemaSource]
    /// The file's tree with the changes made so far.
    var tree: SchemaFileTree
    /// An engine serving `tree` and `others`.
    var engine: Engine
    /// The properties added, by model and input key.
    var added: [AddedKey: AddedProperty] = [:]
    /// Values added to each property's `enum`.
    var enumAdditions: [PropertyAddress: Int] = [:]
    /// The notes so far, distinct, at most `limits.maxNotes`.
    private var noteList: [String] = []
    private var noteSet: Set<String> = []
    private var notesOmitted = 0
    /// Objects converted as samples.
    public private(set) var sampleCount = 0
    /// Values that were not objects, and samples past `limits.maxSamples`.
    public private(set) var skippedCount = 0

    /// An added property's key: the model that holds it and the input key it reads.
    struct AddedKey: Hashable {
        var model: String
        var key: String
    }

    /// An update of `model`, defined in `source`; `sources` are other files whose models the
    /// file references (not the file itself). Throws when the files do not load together or
    /// `source` does not define `model`.
    public init(source: SchemaSource, model: String, sources: [SchemaSource] = [],
                limits: SchemaUpdateLimits = SchemaUpdateLimits()) throws(SchemaUpdateError) {
        self.model = model
        self.limits = limits
        original = source
        others = sources.filter { $0.file != source.file }
        do { originalRoot = try source.root() } catch { throw SchemaUpdateError(error.description) }
        tree = SchemaFileTree(root: originalRoot)
        guard tree.defines(model) else { throw SchemaUpdateError("\(source.file) does not define the model '\(model)'") }
        switch Self.engine(serving: source, others) {
        case .success(let engine): self.engine = engine
        case .failure(let error): throw error
        }
    }

    /// The models defined at the top level of `source`, in file order; throws when it is not a
    /// schema file's tree.
    public static func models(in source: SchemaSource) throws(SchemaUpdateError) -> [String] {
        let root: JSONValue
        do { root = try source.root() } catch { throw SchemaUpdateError(error.description) }
        guard case .object(let members) = root else { throw SchemaUpdateError("\(source.file) is not an object of models") }
        return members.map(\.key).filter { $0 != OutputProfile.fileKey }
    }

    /// What the update could not do, or did with a guess, one line each.
    public var notes: [String] {
        notesOmitted == 0 ? noteList : noteList + ["… and \(notesOmitted) more notes"]
    }

    /// Whether the file changed.
    public var changed: Bool {
        tree.root != originalRoot
    }

    /// The file with the changes: the source as given when nothing changed, else its tree
    /// written back by `SchemaWriter` (YAML stays YAML; comments and layout are lost).
    public func updatedSource() throws(SchemaUpdateError) -> SchemaSource {
        guard changed else { return original }
        return SchemaSource(file: original.file, text: SchemaWriter.text(of: tree.root, file: original.file))
    }

    /// Adds the samples of a parsed document: an object, or each object of an array.
    public mutating func add(sample: JSONValue) {
        switch sample {
        case .object: add(object: sample)
        case .array(let items):
            for item in items {
                if case .object = item { add(object: item) } else { skippedCount += 1 }
            }
        default: skippedCount += 1
        }
    }

    /// Converts one object until it converts or nothing more can be changed; notes the errors left.
    private mutating func add(object sample: JSONValue) {
        guard sampleCount < limits.maxSamples else {
            skippedCount += 1
            note("samples past the first \(limits.maxSamples) were skipped")
            return
        }
        sampleCount += 1
        let bytes = sample.jsonBytes
        let options = ConversionOptions(explain: true, maxErrors: limits.maxIssuesPerSample)
        var left: [ConversionError] = []
        for round in 0...limits.maxRounds {
            var edits: [SchemaEdit] = []
            var touched: [AddedKey] = []
            switch engine.convert(bytes, model: model, options: options) {
            case .success(_, _, let unknownKeys):
                left = []
                for key in unknownKeys { plan(unknownKey: key.path, value: Self.value(at: key.path, in: sample), touched: &touched) }
            case .failure(let errors):
                left = errors
                for error in errors { edits += plan(error, in: sample, touched: &touched) }
            case .malformed(let error):
                note("a sample is not JSON the engine reads: \(error.message)")
                return
            case .unknownModel(let name):
                note("the model '\(name)' is not served")
                return
            }
            guard round < limits.maxRounds else { break }
            for key in touched { if let edit = addition(key) { edits.append(edit) } }
            if edits.isEmpty || !commit(edits) { break }
        }
        for error in left where error.code != .tooManyErrors {
            note("left: \(error.path.isEmpty ? "/" : error.path) \(error.codeText)")
        }
    }

    /// Records an unknown key at the input pointer `path` (holding `value`) for its model.
    mutating func plan(unknownKey path: String, value: JSONValue?, kinds: Set<String> = [], touched: inout [AddedKey]) {
        let walk = SchemaPathWalk(registry: engine.registry, root: model)
        guard let tokens = SchemaPathWalk.tokens(of: path), let key = tokens.last, let owner = walk.owner(ofInputKey: tokens) else {
            note("left: unknown key \(path): no model of \(original.file) reads the object that holds it")
            return
        }
        guard owner.file == original.file, tree.defines(owner.name), !owner.tuple else {
            note("left: unknown key '\(key)' of \(owner.name): the model is \(owner.tuple ? "a tuple" : "defined in \(owner.file)")")
            return
        }
        let address = AddedKey(model: owner.name, key: key)
        var property: AddedProperty
        if let known = added[address] {
            property = known
        } else {
            guard added.count < limits.maxAddedProperties else {
                note("more than \(limits.maxAddedProperties) keys to add: the rest are left")
                return
            }
            let taken = Set(owner.properties.map(\.name)).union(added.filter { $0.key.model == owner.name }.map(\.value.name))
            property = AddedProperty(key: key, style: owner.keys, taken: taken)
        }
        if let value, property.values.count < limits.maxValuesPerProperty, !property.values.contains(value) {
            property.values.append(value)
        }
        property.kinds.formUnion(kinds)
        added[address] = property
        if !touched.contains(address) { touched.append(address) }
    }

    /// The change that writes an added property with its type now; nil (with a note) when
    /// its values hold objects.
    mutating func addition(_ key: AddedKey) -> SchemaEdit? {
        guard let property = added[key] else { return nil }
        guard let type = property.type(key: key.key) else {
            note("\(key.model): key '\(key.key)' holds objects; not added (add a model for it by hand)")
            return nil
        }
        return SchemaEdit(what: "add \(key.model).\(property.name) (\(type))") { tree in
            if tree.options(of: property.name, in: key.model) != nil {
                return tree.setOption("type", to: .string(type.description), of: property.name, in: key.model)
            }
            return tree.addProperty(property.name, property.definition(type), to: key.model)
        }
    }

    /// Makes `edits` and reloads: all at once when the file loads with them, else one by one,
    /// each one the file does not load with left out with a note. False when nothing changed.
    mutating func commit(_ edits: [SchemaEdit]) -> Bool {
        var next = tree
        var changed = false
        for edit in edits { changed = edit.apply(&next) || changed }
        guard changed else { return false }
        if case .success(let engine) = load(next) {
            tree = next
            self.engine = engine
            return true
        }
        var any = false
        for edit in edits {
            var single = tree
            guard edit.apply(&single) else { continue }
            switch load(single) {
            case .success(let engine):
                tree = single
                self.engine = engine
                any = true
            case .failure(let error):
                note("could not \(edit.what): \(error.message.split(separator: "\n").first ?? "")")
            }
        }
        return any
    }

    /// An engine serving `tree` written as the file, and the other files.
    private func load(_ tree: SchemaFileTree) -> Result<Engine, SchemaUpdateError> {
        Self.engine(serving: SchemaSource(file: original.file, text: SchemaWriter.text(of: tree.root, file: original.file)), others)
    }

    private static func engine(serving source: SchemaSource, _ others: [SchemaSource]) -> Result<Engine, SchemaUpdateError> {
        do { return .success(try Engine(sources: [source] + others)) } catch { return .failure(SchemaUpdateError(error.description)) }
    }

    /// Adds a note once; past `limits.maxNotes` only counts it.
    mutating func note(_ text: String) {
        guard !noteSet.contains(text) else { return }
        guard noteList.count < limits.maxNotes else {
            notesOmitted += 1
            return
        }
        noteSet.insert(text)
        noteList.append(text)
    }

    /// The value at the JSON Pointer `path` in `document`; nil when there is none.
    static func value(at path: String, in document: JSONValue) -> JSONValue? {
        guard let tokens = SchemaPathWalk.tokens(of: path) else { return nil }
        var value = document
        for token in tokens {
            switch value {
            case .object(let members):
                // The last of a repeated key is the one a conversion reads.
                guard let member = members.last(where: { $0.key == token }) else { return nil }
                value = member.value
            case .array(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }
}
