// swift-tools-version:6.0
import PackageDescription

// The libFuzzer harness, a package of its own so that its fuzzer-instrumented build never mixes
// with the main package's executables. Run it with Fuzz/run (see Fuzz/README.md).
let package = Package(
    name: "motionc-fuzz",
    dependencies: [.package(name: "motionc", path: "..")],
    targets: [
        .executableTarget(
            name: "motionc-fuzz",
            dependencies: [
                .product(name: "MotionPlans", package: "motionc"),
                .product(name: "MotionValidation", package: "motionc"),
                .product(name: "MotionRuntime", package: "motionc"),
                .product(name: "MotionScheduler", package: "motionc"),
                .product(name: "MotionTimeline", package: "motionc"),
                .product(name: "MotionRenderServer", package: "motionc"),
                .product(name: "MotionExport", package: "motionc"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
