/// Output profiles (SPEC §10) as callers use them: the profiles served, and a model compiled
/// for one of them.
extension Engine {
    /// The profiles a request may pick: the built-in ones first, then the declared ones, each
    /// group sorted by name.
    public var profiles: [OutputProfile] {
        registry.listedProfiles
    }

    /// The compiled model `name` written as `profile` says, or as its schema says when
    /// `profile` is nil; for a whole body or a run of conversions (a streamed body). Counts as
    /// one lookup.
    public func model(named name: String, profile: String?) -> Result<CompiledModel, ModelLookupError> {
        guard let profile else { return model(named: name).map { .success($0) } ?? .failure(.unknownModel(name)) }
        return cache.entry(for: name, profile: profile).map(CompiledModel.init)
    }
}

/// Why a model could not be looked up for a conversion.
public enum ModelLookupError: Error, Sendable, Equatable {
    /// No model of that name is registered.
    case unknownModel(String)
    /// No output profile of that name is declared or built in.
    case unknownProfile(String)
    /// The model has no such version (`Book@9`), or it is not kept any more.
    case unknownVersion(String, Int)
}
