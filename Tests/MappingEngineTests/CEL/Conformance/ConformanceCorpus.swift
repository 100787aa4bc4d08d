import Foundation
import TestSupport

/// CEL's conformance tests as JSON (`cel-spec/` in the shared corpus: `$CONVERTD_CORPUS`, else
/// `../shared/corpus` beside the package); their shape is in that folder's README.
enum ConformanceCorpus {
    /// The files run: the JSON-only core, the strings and math extensions and two-variable
    /// macros. Left out: `bindings_ext`, `encoders_ext`, `optionals` and `type_deduction`,
    /// which need extensions or declarations outside convertd's subset (SPEC §8).
    static let files = [
        "basic", "comparisons", "conversions", "fields", "fp_math", "integer_math", "lists", "logic",
        "macros", "macros2", "parse", "plumbing", "string", "string_ext", "timestamps", "math_ext",
    ]

    static let directory: URL? = {
        let environment = ProcessInfo.processInfo.environment["CONVERTD_CORPUS"].map { URL(fileURLWithPath: $0) }
        let beside = PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return [environment, beside].compactMap { $0?.appendingPathComponent("cel-spec") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    static var isPresent: Bool { directory != nil }

    /// One file, decoded.
    static func load(_ name: String) throws -> ConformanceFile {
        guard let url = directory?.appendingPathComponent("\(name).json") else { throw ConformanceCorpusMissing() }
        return try JSONDecoder().decode(ConformanceFile.self, from: Data(contentsOf: url))
    }
}

struct ConformanceCorpusMissing: Error, CustomStringConvertible {
    var description: String { "the cel-spec corpus is not there: set CONVERTD_CORPUS or place it at ../shared/corpus" }
}
