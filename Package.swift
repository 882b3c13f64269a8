// swift-tools-version:6.0
import PackageDescription

/// Settings every motionc module shares: Swift 6 language mode (strict concurrency) and
/// explicit imports, so one file's imports never leak into another.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "motionc",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "motionc", targets: ["motionc"]),
        .library(name: "MotionRuntime", targets: ["MotionRuntime"]),
        .library(name: "MotionPlans", targets: ["MotionPlans"]),
        .library(name: "MotionValidation", targets: ["MotionValidation"]),
        .library(name: "MotionTimeline", targets: ["MotionTimeline"]),
        .library(name: "MotionRenderServer", targets: ["MotionRenderServer"]),
        .library(name: "MotionExport", targets: ["MotionExport"]),
        .library(name: "MotionPreview", targets: ["MotionPreview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `motionc preview --serve`: a small async HTTP and WebSocket server without SwiftNIO.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The one build-time system library (Debian: libyaml-dev). Cairo is loaded at run time,
        // when drawing starts (MotionRenderServer's Cairo.swift): building needs no Cairo headers.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),

        // Ordered JSON values and a deterministic writer, for every JSON output.
        .target(name: "MotionJSON", swiftSettings: swiftSettings),
        // Diagnostics as data, their catalogue of codes, and their renderers.
        .target(name: "MotionDiagnostics", dependencies: ["MotionJSON"], swiftSettings: swiftSettings),
        // Values, property paths and the timing maths shared by the scheduler and the render server.
        .target(name: "MotionCore", swiftSettings: swiftSettings),
        // The libyaml front end: a compact node arena with marks, aliases, merge keys and limits.
        .target(name: "MotionYAML", dependencies: ["CYAML", "MotionDiagnostics"], swiftSettings: swiftSettings),
        // Target selectors: grammar, parser and matcher.
        .target(name: "MotionSelectors", swiftSettings: swiftSettings),
        // The document model and its decoding from YAML nodes.
        .target(
            name: "MotionPlans",
            dependencies: ["MotionYAML", "MotionCore", "MotionDiagnostics", "MotionSelectors", "MotionJSON"],
            swiftSettings: swiftSettings),
        // The validator's rules.
        .target(name: "MotionValidation", dependencies: ["MotionPlans"], swiftSettings: swiftSettings),
        // The Material Motion runtime: transactions, executors, tokens, streams.
        .target(
            name: "MotionRuntime", dependencies: ["MotionCore", "MotionPlans", "MotionSelectors"],
            swiftSettings: swiftSettings),
        // Baked timelines: model, JSON codec, baking.
        .target(
            name: "MotionTimeline", dependencies: ["MotionRuntime", "MotionCore", "MotionJSON"], swiftSettings: swiftSettings),
        // The software render server: layers, keyed animations, sampling, Cairo drawing.
        .target(
            name: "MotionRenderServer", dependencies: ["MotionCore", "MotionTimeline"],
            swiftSettings: swiftSettings),
        // Exports of baked timelines to other players: Lottie and CSS/HTML, with a capability report.
        .target(
            name: "MotionExport", dependencies: ["MotionCore", "MotionTimeline", "MotionJSON", "MotionPlans"],
            swiftSettings: swiftSettings),
        // The preview page: the HTML export's stage with a transport, curves and the report.
        .target(
            name: "MotionPreview",
            dependencies: [
                "MotionCore", "MotionTimeline", "MotionExport", "MotionJSON", "MotionPlans", "MotionValidation",
                "MotionDiagnostics",
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "motionc",
            dependencies: [
                "MotionDiagnostics", "MotionPlans", "MotionValidation", "MotionRuntime", "MotionTimeline",
                "MotionRenderServer", "MotionExport", "MotionPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            swiftSettings: swiftSettings),
        // Benchmarks: `swift run -c release motionc-benchmarks` (see Benchmarks/README.md).
        .executableTarget(
            name: "motionc-benchmarks",
            dependencies: [
                "MotionYAML", "MotionPlans", "MotionValidation", "MotionCore", "MotionRuntime", "MotionTimeline",
                "MotionRenderServer", "MotionExport", "MotionJSON",
            ],
            path: "Benchmarks/Sources",
            swiftSettings: swiftSettings),

        .testTarget(name: "MotionJSONTests", dependencies: ["MotionJSON"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionDiagnosticsTests", dependencies: ["MotionDiagnostics"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionYAMLTests", dependencies: ["MotionYAML", "MotionDiagnostics"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionSelectorsTests", dependencies: ["MotionSelectors"], swiftSettings: swiftSettings),
        // Test helpers shared by the decoder's and the validator's tests (marked YAML sources).
        .target(
            name: "MotionTestSupport", dependencies: ["MotionPlans", "MotionDiagnostics"], path: "Tests/MotionTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(name: "MotionPlansTests", dependencies: ["MotionPlans", "MotionTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionValidationTests", dependencies: ["MotionValidation", "MotionTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionRuntimeTests", dependencies: ["MotionRuntime"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionTimelineTests", dependencies: ["MotionTimeline", "MotionPlans"], swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionExportTests", dependencies: ["MotionExport", "MotionTimeline", "MotionPlans", "MotionCore", "MotionDiagnostics"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionPreviewTests",
            dependencies: ["MotionPreview", "MotionExport", "MotionTimeline", "MotionPlans", "MotionJSON", "MotionDiagnostics"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionRenderServerTests", dependencies: ["MotionRenderServer", "MotionTimeline", "MotionRuntime", "MotionPlans"],
            swiftSettings: swiftSettings),
        // The command line as users run it: exit codes, output formats, the schema file.
        .testTarget(
            name: "motioncTests", dependencies: ["motionc", "MotionPlans", "MotionCore", "MotionValidation", "MotionDiagnostics"],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
