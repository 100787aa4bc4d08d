/// Lists how a model's new version breaks its contract with an old one at a compatibility level
/// (SPEC §11), by comparing the two versions' JSON Schemas (`SchemaSubset`).
///
/// The input side proves the old input ⊆ the new: first the input schemas
/// (`InputSchemaExporter`: the keys read, the required ones, unknown keys, the JSON types taken),
/// then the output schemas' value checks (`JSONSchemaExporter`: integer widths, bounds, `enum`,
/// patterns, formats, nullability, rules), which conversion enforces but the input schema does
/// not state. The output side proves the new output ⊆ the old. Paths point into the model's
/// schema, nested models followed through the properties that hold them.
public enum CompatibilityCheck {
    /// The most changes listed for one comparison.
    public static let maxChanges = SchemaSubset.maxChanges

    /// The breaking changes from `old`'s `model` to `new`'s at `level`, sorted by side, path and
    /// kind; empty for `NONE`, for a compatible change and for a model `old` does not have. A
    /// model `new` does not have is one `model_removed`.
    public static func changes(of model: String, from old: SchemaRegistry, to new: SchemaRegistry,
                               level: CompatibilityLevel) -> [BreakingChange] {
        guard level != .none, old.models[model] != nil else { return [] }
        guard new.models[model] != nil else {
            return [BreakingChange(side: .input, path: "", kind: "model_removed", old: model, new: "none",
                                   message: "The model \(model) no longer exists.")]
        }
        var changes: [BreakingChange] = []
        let oldOutput = SchemaDocument.output(of: model, in: old), newOutput = SchemaDocument.output(of: model, in: new)
        if level.checksInput {
            if let before = SchemaDocument.input(of: model, in: old), let after = SchemaDocument.input(of: model, in: new) {
                changes += subset(.input, before, after, valuesOnly: false)
            }
            if let oldOutput, let newOutput {
                changes += subset(.input, oldOutput, newOutput, valuesOnly: true).filter { change in
                    // Both passes may see one change (a type both schemas state): list it once.
                    !changes.contains { $0.path == change.path && $0.kind == change.kind }
                }
            }
        }
        if level.checksOutput, let oldOutput, let newOutput {
            changes += subset(.output, newOutput, oldOutput, valuesOnly: false)
        }
        let sorted = changes.sorted { x, y in
            (x.side == .input ? 0 : 1, x.path, x.kind, x.old, x.new) < (y.side == .input ? 0 : 1, y.path, y.kind, y.old, y.new)
        }
        return Array(sorted.prefix(maxChanges))
    }

    /// The changes on `side` where `sub` ⊆ `sup` fails; none when the documents are the same.
    private static func subset(_ side: BreakingChange.Side, _ sub: SchemaDocument, _ sup: SchemaDocument, valuesOnly: Bool) -> [BreakingChange] {
        if sub.root == sup.root && sub.defs == sup.defs { return [] }
        var walk = SchemaSubset(side: side, sub: sub, sup: sup, valuesOnly: valuesOnly)
        return walk.run()
    }
}
