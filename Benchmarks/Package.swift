// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so that building the service never pulls
// ordo-one/benchmark and its malloc interposer.
let package = Package(
    name: "convertd-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name, which a clone may change.
        .package(name: "convertd", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "CodableBaseline"
        ),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CodableBaseline",
                .product(name: "MappingEngine", package: "convertd"),
                .product(name: "Spooling", package: "convertd"),
            ]
        ),
        .executableTarget(
            name: "CompareRunner",
            dependencies: ["BenchmarkSupport"]
        ),
        .executableTarget(
            name: "Conversion",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Conversion",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
