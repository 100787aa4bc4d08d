// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets, in their own package so that the service's build and tests never see them.
// Build with `make fuzz`, or by hand:
//   swift build --package-path Tests/Fuzz --scratch-path .build-fuzz/build -c release \
//     --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
// Each executable's `main` is libFuzzer's; the Swift side only exports `LLVMFuzzerTestOneInput`.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "convertd-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name, which a clone may change.
        .package(name: "convertd", path: "../.."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "MappingEngine", package: "convertd")]
        ),
        .executableTarget(
            name: "FuzzJSONParser",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
        .executableTarget(
            name: "FuzzSchemaLoader",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
        .executableTarget(
            name: "FuzzConversion",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
        .executableTarget(
            name: "FuzzInference",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
        .executableTarget(
            name: "FuzzSchemaShape",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
        .executableTarget(
            name: "FuzzArrayStream",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd"), .product(name: "Spooling", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
        .executableTarget(
            name: "FuzzRules",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
        .executableTarget(
            name: "FuzzPattern",
            dependencies: ["FuzzSupport", .product(name: "MappingEngine", package: "convertd")],
            swiftSettings: fuzzTarget
        ),
    ],
    swiftLanguageModes: [.v6]
)
