/// A way the proof that one schema accepts no more than another fails, named by the side it
/// breaks: the input side proves old ⊆ new, the output side new ⊆ old, so one failure is a
/// narrowing on the first and a widening on the second.
enum SubsetFailure {
    /// The JSON types (or the integer width) do not fit.
    case type
    /// The wider schema requires a key the narrower one may lack.
    case required
    /// The output: a member the old output always held is gone from the new one.
    case propertyRemoved
    /// A key the narrower schema reads is refused as unknown by the wider one.
    case keyRefused
    /// Unknown keys the narrower schema lets through are refused by the wider one.
    case unknownKeys
    /// null fits the narrower schema only.
    case nullable
    /// Values of the narrower schema's enum are not in the wider one's.
    case enumValue
    /// A bound, length, count, pattern or other constraint does not fit, or the walk could not prove it does.
    case constraint
    /// The narrower schema's format is not the wider one's.
    case format
    /// The wider schema carries a rule the narrower one does not.
    case rule
    /// A branch of the narrower schema's `anyOf`/`oneOf` fits no branch of the wider one.
    case variant

    /// The stable kind of this failure on `side` (SPEC §11).
    func kind(on side: BreakingChange.Side) -> String {
        switch (self, side) {
        case (.type, .input): "type_narrowed"
        case (.type, .output): "output_type_widened"
        case (.required, .input): "became_required"
        case (.required, .output): "output_became_optional"
        case (.propertyRemoved, _): "output_property_removed"
        case (.keyRefused, .input): "key_removed"
        case (.unknownKeys, .input): "unknown_keys_tightened"
        case (.keyRefused, .output), (.unknownKeys, .output): "output_property_added"
        case (.nullable, .input): "nullable_removed"
        case (.nullable, .output): "output_nullable_added"
        case (.enumValue, .input): "enum_value_removed"
        case (.enumValue, .output): "output_enum_value_added"
        case (.constraint, .input), (.format, .input): "constraint_tightened"
        case (.constraint, .output), (.rule, .output): "output_constraint_loosened"
        case (.format, .output): "output_format_changed"
        case (.rule, .input): "rule_added"
        case (.variant, .input): "variant_removed"
        case (.variant, .output): "output_variant_added"
        }
    }

    /// One sentence on the change; `detail` names what it is about (a key, a keyword, values).
    func message(on side: BreakingChange.Side, old: String, new: String, detail: String) -> String {
        switch (self, side) {
        case (.type, .input): "The type narrowed from \(old) to \(new): values the old version took are refused."
        case (.type, .output): "The output's type widened from \(old) to \(new)."
        case (.required, .input): "The key \(detail) is now required."
        case (.required, .output): "The member \(detail) was always written and now may be missing."
        case (.propertyRemoved, _): "The member \(detail) was always written and is no longer written."
        case (.keyRefused, .input): "The key \(detail) was read and is now refused as unknown."
        case (.keyRefused, .output): "The output may hold the member \(detail), which the old output schema refuses."
        case (.unknownKeys, .input): "Unknown keys were let through and are now refused."
        case (.unknownKeys, .output): "The output may hold members the old output schema refuses."
        case (.nullable, .input): "null was taken and is now refused."
        case (.nullable, .output): "The output may be null where the old output never was."
        case (.enumValue, .input): "Values the old version took are no longer allowed: \(detail)."
        case (.enumValue, .output): "The output may hold values outside the old enum: \(detail)."
        case (.constraint, .input): "The constraint \(detail) tightened from \(old) to \(new)."
        case (.constraint, .output): "The constraint \(detail) loosened from \(old) to \(new)."
        case (.format, .input): "The format changed from \(old) to \(new): values the old version took may be refused."
        case (.format, .output): "The output's format changed from \(old) to \(new)."
        case (.rule, .input): "A new rule must hold: \(new)."
        case (.rule, .output): "A rule the old output met no longer holds: \(old)."
        case (.variant, .input): "A form the old version took is no longer taken: \(old)."
        case (.variant, .output): "The output may take a form the old output schema refuses: \(new)."
        }
    }
}
