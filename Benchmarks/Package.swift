// swift-tools-version: 6.2
// The dispatch benchmark, a package of its own so that the framework's package graph carries
// neither its executable nor `AllocationCounter`, which replaces malloc and friends for the
// whole process it is linked into.
import PackageDescription

let package = Package(
    name: "AqueductBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "Aqueduct", path: "..")],
    targets: [
        // Interposes malloc and friends: link it into the benchmark executable only.
        .target(name: "AllocationCounter", path: "AllocationCounter"),
        // A made-up LifeSignal session of any size, deterministic: the recording that ReportLoad
        // turns into a report and that scenario q reads.
        .target(
            name: "SyntheticRecording",
            dependencies: [.product(name: "AqueductRecording", package: "Aqueduct")],
            path: "SyntheticRecording"
        ),
        .executableTarget(
            name: "DispatchThroughput",
            dependencies: [
                .product(name: "Aqueduct", package: "Aqueduct"),
                .product(name: "AqueductTesting", package: "Aqueduct"),
                .product(name: "AqueductRecording", package: "Aqueduct"),
                .product(name: "AqueductPersistence", package: "Aqueduct"),
                "AllocationCounter",
                "SyntheticRecording",
            ],
            path: "DispatchThroughput"
        ),
        // The DevTools report with a large recording: sizes, and load times in headless Chromium.
        .executableTarget(
            name: "ReportLoad",
            dependencies: [
                .product(name: "Aqueduct", package: "Aqueduct"),
                .product(name: "AqueductRecording", package: "Aqueduct"),
                "SyntheticRecording",
            ],
            path: "ReportLoad"
        ),
    ],
    swiftLanguageModes: [.v6]
)
