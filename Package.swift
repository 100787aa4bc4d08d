// swift-tools-version: 6.0
import PackageDescription

// The transport and the primitives sit on every request's path but in modules of their own: their
// generic code (the server over its handler, locks taking closures) is specialized for the service
// only when its bodies are visible across the module boundary. Without this, each request cost
// about 9,000 more instructions (callgrind) once they were split out of the executable.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "convertd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "convertd", targets: ["convertd"]),
        .library(name: "MappingEngine", targets: ["MappingEngine"]),
        .library(name: "Spooling", targets: ["Spooling"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        // libmicrohttpd's header (Debian's libmicrohttpd-dev, in /usr/include). The library is not
        // linked: `ConvertdHTTP` loads it when a server starts (`MicroHTTPD`), so the command-line
        // tools start without it and its GnuTLS chain. No pkgConfig, which would link it.
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // CEL (SPEC §8): parser, checker, cost bound and evaluator, in a module of its own under
        // the engine's folder: it knows nothing of schemas or JSON, and the engine depends on it.
        .target(
            name: "CEL",
            path: "Sources/MappingEngine/CEL",
            swiftSettings: crossModule
        ),
        .target(
            name: "MappingEngine",
            dependencies: ["CEL", .product(name: "Yams", package: "Yams")],
            exclude: ["CEL"]
        ),
        // Output of unknown size in memory, then in an unlinked file, written on a thread of its
        // own when asked: the engine's streamed results go to it through `DiscardableOutputSink`.
        .target(
            name: "Spooling",
            dependencies: ["MappingEngine"]
        ),
        // Locks, repeating threads, thread-locals, a coarse clock and counters, shared by the
        // transport and the service.
        .target(
            name: "Primitives",
            swiftSettings: crossModule
        ),
        // The HTTP transport over libmicrohttpd: daemon, listener, admission, deadlines, header
        // scan, exchanges. The only target that imports CMicroHTTPD; it knows nothing of routes,
        // schemas or the engine, and the service plugs in through `HTTPHandler`.
        .target(
            name: "ConvertdHTTP",
            dependencies: ["CMicroHTTPD", "Primitives"],
            swiftSettings: crossModule
        ),
        .executableTarget(
            name: "convertd",
            dependencies: [
                "MappingEngine",
                "Spooling",
                "ConvertdHTTP",
                "Primitives",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Sources/Server",
            // The playground page (`GET /`), compiled into the binary: it ships alone, with no resource bundle.
            resources: [
                .embedInCode("Playground/playground.html"),
                .embedInCode("Playground/playground.css"),
                .embedInCode("Playground/playground.js"),
            ]
        ),
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "MappingEngineTests",
            dependencies: ["MappingEngine", "CEL", "Spooling", "TestSupport"],
            exclude: ["Golden", "CEL"]
        ),
        // The CEL engine's own tests, CEL's conformance suite among them.
        .testTarget(
            name: "CELTests",
            dependencies: ["CEL", "MappingEngine", "TestSupport"],
            path: "Tests/MappingEngineTests/CEL",
            // The conformance suite's expectation: read by the test from the package root.
            exclude: ["Conformance/expected-failures.tsv"]
        ),
        .testTarget(
            name: "SpoolingTests",
            dependencies: ["Spooling", "TestSupport"]
        ),
        // The transport's own tests, built without the engine or the service.
        .testTarget(
            name: "ConvertdHTTPTests",
            dependencies: ["ConvertdHTTP", "TestSupport"]
        ),
        .testTarget(
            name: "ServerTests",
            dependencies: ["convertd", "ConvertdHTTP", "Primitives", "MappingEngine", "Spooling", "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
