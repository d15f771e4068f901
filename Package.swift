// swift-tools-version: 6.2
// Aqueduct is licensed under the Apache License 2.0 (see LICENSE).
//
// Aqueduct has no package dependencies by design: toolchain modules and system C libraries only.
//
// This package is the framework and its tool, nothing else, every target named Aqueduct…: an
// app that depends on it sees these targets, and SwiftPM wants target names unique across a
// package graph. The examples are the package in `Examples/`, the benchmark the one in
// `Benchmarks/`; both depend on this one by path.
//
// The tests that drive real programs (`swift build` on an adopter's package, the built tool,
// Chromium) are in test targets of their own, named …IntegrationTests; what they share with the
// unit tests is in …TestSupport targets (no product names them).
import PackageDescription

// `AQUEDUCT_INTERNAL_CHECKS=1 swift test` compiles the engine's state machines with their
// invariants checked at the end of every transition (`_checkInvariants()`; a broken one traps),
// and the tests that break them on purpose. Without the variable the checks are empty functions:
// no cost. CI's ThreadSanitizer stage sets it.
let internalChecks: [SwiftSetting] =
    Context.environment["AQUEDUCT_INTERNAL_CHECKS"] != nil ? [.define("AQUEDUCT_INTERNAL_CHECKS")] : []

let package = Package(
    name: "Aqueduct",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Aqueduct", targets: ["Aqueduct"]),
        .library(name: "AqueductTesting", targets: ["AqueductTesting"]),
        .library(name: "AqueductRecording", targets: ["AqueductRecording"]),
        .library(name: "AqueductPersistence", targets: ["AqueductPersistence"]),
        .plugin(name: "AqueductCaseAccessors", targets: ["AqueductCaseAccessorsPlugin"]),
        .executable(name: "AqueductDevTools", targets: ["AqueductDevTools"]),
    ],
    targets: [
        .target(name: "Aqueduct", swiftSettings: internalChecks),
        .target(name: "AqueductTesting", dependencies: ["Aqueduct", "AqueductRecording"]),
        .testTarget(
            name: "AqueductTests",
            dependencies: ["Aqueduct", "AqueductTesting"],
            swiftSettings: internalChecks
        ),
        .testTarget(
            name: "AqueductTestingTests",
            dependencies: ["Aqueduct", "AqueductTesting", "AqueductRecording"]
        ),

        // Recording: the recorder (`RecorderMiddleware`, `RecordingWriter`), the records and the
        // recording file's reader, shared by replay (`AqueductTesting`) and the report
        // (`AqueductDevTools`). A module of its own so that the core imports no Foundation: an
        // app that does not record does not load it.
        .target(name: "AqueductRecording", dependencies: ["Aqueduct"]),
        .testTarget(
            name: "AqueductRecordingTests",
            dependencies: ["Aqueduct", "AqueductRecording"],
            exclude: ["Fixtures"]
        ),

        // Persistence: parts of the state saved to files (or another storage) and restored before
        // the store's first action. A module of its own, like recording, so that the core
        // imports no Foundation.
        .target(name: "AqueductPersistence", dependencies: ["Aqueduct"]),
        .testTarget(
            name: "AqueductPersistenceTests",
            dependencies: ["Aqueduct", "AqueductPersistence", "AqueductTesting"],
            exclude: ["Fixtures"]
        ),

        // Case accessors: `swift package case-accessors`, a command plugin that runs the
        // generator (a thin executable over a library the tests reach) on a package's targets.
        // It declares no permission on purpose: see the plugin's comment.
        .target(name: "AqueductCaseAccessorsCore"),
        .executableTarget(name: "AqueductCaseAccessorGenerator", dependencies: ["AqueductCaseAccessorsCore"]),
        .plugin(
            name: "AqueductCaseAccessorsPlugin",
            capability: .command(
                intent: .custom(
                    verb: "case-accessors",
                    description: "Generates the case accessors of CaseAccessible enums; --check writes nothing"
                )
            ),
            dependencies: ["AqueductCaseAccessorGenerator"],
            path: "Sources/AqueductCaseAccessorsPlugin"
        ),
        .testTarget(
            name: "AqueductCaseAccessorsTests",
            dependencies: ["AqueductCaseAccessorsCore", "AqueductCaseAccessorsTestSupport"],
            exclude: ["Corpus"]
        ),
        // Integration: the plugin run by `swift package` on an adopter's package, which then builds.
        .testTarget(
            name: "AqueductCaseAccessorsIntegrationTests",
            dependencies: ["AqueductCaseAccessorsTestSupport"]
        ),
        .target(name: "AqueductCaseAccessorsTestSupport", path: "Tests/AqueductCaseAccessorsTestSupport"),

        // `swift run AqueductDevTools report RECORDING.jsonl --output report.html`: the report of
        // a recording, one self-contained HTML file. Its integration tests run the built tool and
        // load reports in headless Chromium.
        .executableTarget(name: "AqueductDevTools", dependencies: ["Aqueduct", "AqueductRecording"]),
        .testTarget(
            name: "AqueductDevToolsTests",
            dependencies: ["AqueductDevTools", "Aqueduct", "AqueductRecording", "AqueductDevToolsTestSupport"]
        ),
        .testTarget(
            name: "AqueductDevToolsIntegrationTests",
            dependencies: ["AqueductDevTools", "Aqueduct", "AqueductRecording", "AqueductDevToolsTestSupport"],
            exclude: ["Fixtures"]
        ),
        .target(
            name: "AqueductDevToolsTestSupport",
            dependencies: ["Aqueduct", "AqueductRecording"],
            path: "Tests/AqueductDevToolsTestSupport",
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
