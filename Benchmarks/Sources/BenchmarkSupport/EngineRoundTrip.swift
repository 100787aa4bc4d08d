import Foundation
import MappingEngine

/// convertd's conversion of raw bytes into one model's normalized bytes, in the steady state of
/// the service: the bundled schemas, the compiled model cached, one reused workspace.
public final class EngineRoundTrip {
    private let engine: Engine
    private let workspace = Workspace()
    private let model: String
    /// The model compiled for `profile`, when one is asked for; else `model` is looked up by
    /// name on every call, as a request's is.
    private let profiled: CompiledModel?

    /// Loads the schemas of `directory` (the bundled ones by default) for conversions into
    /// `model`, written under the output profile `profile` when one is given.
    public init(model: String, directory: String = Repository.schemas.path, profile: String? = nil) throws {
        engine = try Engine(directory: directory)
        self.model = model
        guard let profile else {
            profiled = nil
            return
        }
        switch engine.model(named: model, profile: profile) {
        case .success(let compiled): profiled = compiled
        case .failure(let error): throw Failure(description: "no model \(model) under profile \(profile) in \(directory): \(error)")
        }
    }

    /// Parses, converts and writes `input`; the output stays valid until the next call.
    public func convert(_ input: UnsafeBufferPointer<UInt8>) throws(Failure) -> UnsafeBufferPointer<UInt8> {
        let result = profiled.map { engine.convert(input, model: $0, workspace: workspace) }
            ?? engine.convert(input, model: model, workspace: workspace)
        switch result {
        case .success(let result): return result.output
        case .failure(let errors): throw Failure(description: errors.map { "\($0.path) \($0.code.rawValue)" }.joined(separator: ", "))
        case .malformed(let error): throw Failure(description: error.description)
        case .unknownModel(let name): throw Failure(description: "no model \(name) in \(Repository.schemas.path)")
        }
    }

    /// Why a conversion did not succeed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
