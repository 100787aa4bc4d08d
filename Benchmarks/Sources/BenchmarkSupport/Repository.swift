import Foundation

/// Where the benchmarks find convertd's schemas and the shared corpus.
public enum Repository {
    /// The convertd repository this package sits in.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // BenchmarkSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // Benchmarks
        .deletingLastPathComponent()

    /// The bundled schema directory.
    public static let schemas = root.appendingPathComponent("schemas")

    /// The third-party corpus: `$CONVERTD_CORPUS`, else `../shared/corpus` beside the repository.
    public static var corpus: URL {
        if let path = ProcessInfo.processInfo.environment["CONVERTD_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }
}
