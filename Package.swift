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
        // `motionc preview --serve` runs it from motionc's folder: the one program that links the
        // HTTP server (and Foundation's networking), so that every other command starts without them.
        .executable(name: "motionc-preview-server", targets: ["motionc-preview-server"]),
        // Static, so that `swift build --product` builds these two alone (the runtime and the
        // render server build without libyaml; .ci/run checks it).
        .library(name: "MotionRuntime", type: .static, targets: ["MotionRuntime"]),
        .library(name: "MotionPlans", targets: ["MotionPlans"]),
        .library(name: "MotionScheduler", targets: ["MotionScheduler"]),
        .library(name: "MotionValidation", targets: ["MotionValidation"]),
        .library(name: "MotionTimeline", targets: ["MotionTimeline"]),
        .library(name: "MotionRenderServer", type: .static, targets: ["MotionRenderServer"]),
        .library(name: "MotionExport", targets: ["MotionExport"]),
        .library(name: "MotionPreview", targets: ["MotionPreview"]),
        // The example app: `swift run tossable-card` (see the README).
        .executable(name: "tossable-card", targets: ["tossable-card"]),
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
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),

        // Ordered JSON values and a deterministic writer, for every JSON output.
        .target(name: "MotionJSON", swiftSettings: swiftSettings),
        // Diagnostics as data, their catalogue of codes, and their renderers.
        // Each code's failing and fixed example documents (Examples/CODE.fail.yaml, .fixed.yaml) are
        // embedded as string literals (ExampleDocuments.swift, written by Examples/embed), not
        // resources: SwiftPM's resource accessor would link all of Foundation into motionc.
        .target(
            name: "MotionDiagnostics", dependencies: ["MotionJSON"], exclude: ["Examples"],
            swiftSettings: swiftSettings),
        // Values, property paths, the timing maths, and the render-server channel (Canvas,
        // ChannelEvent, its replay and trace) shared by the runtime, the scheduler and the render server.
        // POSIX threads and their lock, for the few threads the package starts (no Foundation).
        .target(name: "MotionThreads", swiftSettings: swiftSettings),
        .target(name: "MotionCore", dependencies: ["MotionThreads"], swiftSettings: swiftSettings),
        // The libyaml front end: a compact node arena with marks, aliases, merge keys and limits.
        .target(name: "MotionYAML", dependencies: ["CYAML", "MotionDiagnostics", "MotionThreads"], swiftSettings: swiftSettings),
        // Target selectors: grammar, parser and matcher.
        .target(name: "MotionSelectors", swiftSettings: swiftSettings),
        // The Material Motion runtime: intentions, transactions, executors, tokens, streams, and
        // the channel protocol executors present through (an app's layer or a document target).
        .target(name: "MotionRuntime", dependencies: ["MotionCore"], swiftSettings: swiftSettings),
        // The document model and its decoding from YAML nodes: a serialization of the runtime's
        // intentions.
        .target(
            name: "MotionPlans",
            dependencies: ["MotionYAML", "MotionCore", "MotionRuntime", "MotionDiagnostics", "MotionSelectors", "MotionJSON"],
            swiftSettings: swiftSettings),
        // The validator's rules.
        .target(
            name: "MotionValidation",
            dependencies: ["MotionPlans", "MotionRuntime", "MotionCore", "MotionDiagnostics", "MotionSelectors", "MotionYAML"],
            swiftSettings: swiftSettings),
        // Baked timelines: model and JSON codec.
        .target(name: "MotionTimeline", dependencies: ["MotionCore", "MotionJSON"], swiftSettings: swiftSettings),
        // The document runner: a document's transactions and inputs on the runtime, its frame
        // loop and stop rule, and baking into a timeline.
        .target(
            name: "MotionScheduler",
            dependencies: ["MotionCore", "MotionRuntime", "MotionPlans", "MotionSelectors", "MotionTimeline"],
            swiftSettings: swiftSettings),
        // The software render server: layers, keyed animations, sampling, Cairo drawing.
        .target(
            name: "MotionRenderServer", dependencies: ["MotionCore", "MotionTimeline", "MotionThreads"],
            swiftSettings: swiftSettings),
        // Exports of baked timelines to other players: Lottie and CSS/HTML, with a capability report.
        .target(
            name: "MotionExport", dependencies: ["MotionCore", "MotionTimeline", "MotionJSON"],
            swiftSettings: swiftSettings),
        // The preview page: the HTML export's stage with a transport, curves and the report.
        .target(
            name: "MotionPreview",
            dependencies: [
                "MotionCore", "MotionTimeline", "MotionExport", "MotionJSON", "MotionPlans", "MotionValidation", "MotionScheduler",
                "MotionDiagnostics",
            ],
            swiftSettings: swiftSettings),
        // What motionc and the preview server share: exit statuses and failures, standard streams,
        // signals, and the preview's first build.
        .target(
            name: "MotionCommandLine",
            dependencies: [
                "MotionCore", "MotionDiagnostics", "MotionTimeline", "MotionRenderServer", "MotionPreview",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "motionc",
            dependencies: [
                "MotionCommandLine", "MotionDiagnostics", "MotionPlans", "MotionValidation", "MotionScheduler", "MotionTimeline",
                "MotionRenderServer", "MotionExport", "MotionPreview", "MotionCore", "MotionJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        // The live preview server (`motionc preview --serve`), the only target on FlyingFox.
        .executableTarget(
            name: "motionc-preview-server",
            dependencies: [
                "MotionCommandLine", "MotionPreview", "MotionTimeline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            swiftSettings: swiftSettings),
        // An app built on the runtime in code: a live pan tosses a card, drawn to PNG frames.
        .executableTarget(
            name: "tossable-card", dependencies: ["MotionCore", "MotionRuntime", "MotionRenderServer", "MotionTimeline"],
            path: "Examples/TossableCard", swiftSettings: swiftSettings),
        // Benchmarks: `swift run -c release motionc-benchmarks` (see Benchmarks/README.md).
        .executableTarget(
            name: "motionc-benchmarks",
            dependencies: [
                "MotionYAML", "MotionPlans", "MotionValidation", "MotionCore", "MotionRuntime", "MotionScheduler", "MotionTimeline",
                "MotionRenderServer", "MotionExport", "MotionJSON", "MotionDiagnostics",
            ],
            path: "Benchmarks/Sources",
            swiftSettings: swiftSettings),

        .testTarget(name: "MotionJSONTests", dependencies: ["MotionJSON"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionDiagnosticsTests", dependencies: ["MotionDiagnostics"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore", "MotionTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionYAMLTests", dependencies: ["MotionYAML", "MotionDiagnostics"], swiftSettings: swiftSettings),
        .testTarget(name: "MotionSelectorsTests", dependencies: ["MotionSelectors"], swiftSettings: swiftSettings),
        // Test helpers shared by the tests: marked YAML sources, a seeded random generator.
        .target(
            name: "MotionTestSupport", dependencies: ["MotionPlans", "MotionDiagnostics"], path: "Tests/MotionTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionPlansTests",
            dependencies: [
                "MotionPlans", "MotionTestSupport", "MotionRuntime", "MotionCore", "MotionDiagnostics", "MotionSelectors", "MotionYAML",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionValidationTests",
            dependencies: ["MotionValidation", "MotionTestSupport", "MotionPlans", "MotionDiagnostics", "MotionRuntime", "MotionCore"],
            swiftSettings: swiftSettings),
        // The runtime alone, with app-made targets and test channels: no document.
        .testTarget(name: "MotionRuntimeTests", dependencies: ["MotionRuntime", "MotionCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionSchedulerTests",
            dependencies: ["MotionScheduler", "MotionRuntime", "MotionPlans", "MotionCore", "MotionDiagnostics"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionTimelineTests",
            dependencies: ["MotionTimeline", "MotionScheduler", "MotionPlans", "MotionRuntime", "MotionCore", "MotionJSON"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionExportTests",
            dependencies: ["MotionExport", "MotionTimeline", "MotionScheduler", "MotionPlans", "MotionCore", "MotionDiagnostics"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionPreviewTests",
            dependencies: [
                "MotionPreview", "MotionExport", "MotionTimeline", "MotionScheduler", "MotionPlans", "MotionJSON", "MotionDiagnostics",
                "MotionCore",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MotionRenderServerTests",
            dependencies: [
                "MotionRenderServer", "MotionTimeline", "MotionScheduler", "MotionPlans", "MotionRuntime", "MotionCore",
                "MotionDiagnostics",
            ],
            swiftSettings: swiftSettings),
        // The command line as users run it: exit codes, output formats, the schema file.
        .testTarget(
            name: "motioncTests", dependencies: ["motionc", "MotionPlans", "MotionCore", "MotionValidation", "MotionDiagnostics"],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
