/// What a property's output options make of its compiled form: its output name, whether its
/// nulls are left out, and the converter that writes its numbers and dates as asked.
///
/// Every answer is the plain one when no option is set, so a model without `output:` compiled
/// without a profile gets the very converters and member bytes it had before output options.
extension Compiler {
    /// The options `property` is written with: the request's profile over the property's
    /// `output:` over its model's.
    ///
    /// A union's branches keep their natural form, numbers as numbers and dates as RFC 3339:
    /// an `int64 | string` whose int64 were quoted would write `"5"` for both branches, and
    /// neither the client nor `/reverse` could tell which one the input took.
    func outputOptions(_ property: PropertyDefinition, in model: ResolvedModel) -> OutputOptions {
        let options = profile.laid(over: property, in: model)
        return inUnionBranch ? OutputOptions(keys: options.keys, nulls: options.nulls) : options
    }

    /// The recovery `onError` compiles to: under `nulls: omit` a value recovered to null (by
    /// `onError: null`, or a `default: null`) is left out like any other null, and its warning
    /// says `omitted`, which is what the client receives.
    func recoveryAction(_ property: PropertyDefinition, in model: ResolvedModel) -> RecoveryAction? {
        guard let action = property.onError.action else { return nil }
        guard outputOptions(property, in: model).nulls == .omit else { return action }
        let recoversToNull = action == .nulled || (action == .defaulted && property.defaultValue == .null)
        return recoversToNull ? .omitted : action
    }

    /// The property's output key: its name in the model's (or the profile's) key style.
    func outputName(_ property: PropertyDefinition, in model: ResolvedModel) -> String {
        OutputNames.name(of: property, in: model, profile: profile)
    }

    /// `converter` (a scalar's, with its checks) in the wire form its options ask: digits in
    /// quotes, or a date rewritten as epoch or HTTP text; `converter` itself otherwise.
    func outputForm(of converter: any ValueConverter, _ kind: TypeRef.Kind, _ options: OutputOptions) -> any ValueConverter {
        if options.numberForm(of: kind) == .string { return QuotedConverter(inner: converter) }
        if kind == .date, let form = options.date, form != .rfc3339, form != .rfc3339Offset {
            return DateFormConverter(inner: converter, form: form)
        }
        return converter
    }
}
