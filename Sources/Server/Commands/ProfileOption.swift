import ArgumentParser
import MappingEngine

/// `--profile NAME` on `convert`, `reverse` and `bench`: the output profile a request picks with
/// `?profile=NAME`, looked up in the schemas loaded, so the command line and the service answer alike.
struct ProfileOption: ParsableArguments {
    @Option(name: .long, help: "An output profile, as ?profile=NAME: js (int64, uint64 and decimal as strings) or one declared under $profiles in the schema files; for reverse, the one the document was written with.")
    var profile: String?

    /// The options of the profile named, laid over each model's own; none without `--profile`.
    func options(in engine: Engine) throws -> OutputOptions {
        do throws(ModelLookupError) {
            return try engine.registry.outputOptions(profile: profile)
        } catch .unknownProfile(let name) {
            throw unknown(name, in: engine)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The model `name` compiled for the profile named, or as its schema says without `--profile`.
    func model(_ name: String, in engine: Engine) throws -> CompiledModel {
        switch engine.model(named: name, profile: profile) {
        case .success(let found): return found
        case .failure(.unknownModel(let name)): throw Output.unknownModel(name)
        case .failure(.unknownProfile(let name)): throw unknown(name, in: engine)
        case .failure(.unknownVersion(let name, let version)): throw ValidationError("model '\(name)' has no version \(version)")
        }
    }

    private func unknown(_ name: String, in engine: Engine) -> ValidationError {
        ValidationError("no output profile named '\(name)' (served: \(engine.profiles.map(\.name).joined(separator: ", ")))")
    }
}
