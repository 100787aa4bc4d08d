import Glibc
import MappingEngine
import Spooling

/// convertd's streamed conversion of a top-level array, as `convertd convert` runs it on a file:
/// the bytes fed in 1 MiB chunks to an `ArrayConversion`, the output spooled (memory, then a
/// temporary file), one reused workspace.
public final class ArrayStreamRoundTrip {
    private static let chunkSize = 1 << 20
    private let model: CompiledModel
    private let workspace = Workspace()

    /// Loads the bundled schemas for conversions into `model`.
    public init(model name: String) throws {
        let engine = try Engine(directory: Repository.schemas.path)
        guard let model = engine.model(named: name) else {
            throw EngineRoundTrip.Failure(description: "no model \(name) in \(Repository.schemas.path)")
        }
        self.model = model
    }

    /// Converts `input`, a top-level array; returns how its output came out in the spool.
    @discardableResult
    public func convert(_ input: UnsafeBufferPointer<UInt8>) throws(EngineRoundTrip.Failure) -> Spool.Contents {
        let spool = Spool()
        let conversion = ArrayConversion(model: model, output: spool)
        var offset = 0
        while offset < input.count {
            let end = offset + min(input.count - offset, ArrayStreamRoundTrip.chunkSize)
            conversion.feed(UnsafeBufferPointer(rebasing: input[offset..<end]), workspace: workspace)
            offset = end
        }
        switch conversion.finish(workspace: workspace) {
        case .converted: return spool.take()
        case .failed(let errors): throw .init(description: errors.prefix(5).map { "\($0.path) \($0.code.rawValue)" }.joined(separator: ", "))
        case .malformed(let error): throw .init(description: error.description)
        }
    }
}
