import BenchmarkSupport
import CodableBaseline
import Foundation

/// The Swift systems the comparison measures.
enum Contender: String {
    /// convertd's engine: parse, convert, write.
    case engine
    /// `JSONDecoder.decode` + `JSONEncoder.encode` of the Codable models.
    case codable
    /// convertd's engine on a top-level array, element by element as `convertd convert` streams it.
    case stream

    /// A ready converter into `model`; `options` are the engine's.
    func prepare(model: String, options: EngineOptions) throws -> any RoundTrip {
        switch self {
        case .engine:
            return try EngineRoundTrip(model: model, directory: options.directory, profile: options.profile)
        case .codable:
            guard let trip = CodableRoundTrip(model: model) else { throw UnknownModel(name: model) }
            return trip
        case .stream:
            return try ArrayStreamRoundTrip(model: model)
        }
    }

    /// There is no Codable model of that name.
    struct UnknownModel: Error, CustomStringConvertible {
        let name: String
        var description: String { "no Codable model \(name)" }
    }
}
