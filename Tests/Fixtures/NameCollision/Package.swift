// swift-tools-version: 6.2
// An app's package whose own targets have the names of Aqueduct's example targets, as many
// apps' modules do (Reachability, Lifecycle, …), and which depends on the framework. SwiftPM
// wants target names unique across a package graph: this builds only if the framework's
// package declares none of them. CI builds it, tests included (.ci/run).
import PackageDescription

let package = Package(
    name: "NameCollision",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "Aqueduct", path: "../../..")],
    targets: [
        .target(name: "Reachability", dependencies: [.product(name: "Aqueduct", package: "Aqueduct")]),
        .target(name: "Lifecycle", dependencies: [.product(name: "Aqueduct", package: "Aqueduct")]),
        .target(name: "CheckInClient"),
        .target(name: "CheckIn", dependencies: ["CheckInClient", .product(name: "Aqueduct", package: "Aqueduct")]),
        .target(name: "Counter", dependencies: [.product(name: "Aqueduct", package: "Aqueduct")]),
        .executableTarget(
            name: "LifeSignal",
            dependencies: [
                "Reachability", "Lifecycle", "CheckIn", "Counter", .product(name: "Aqueduct", package: "Aqueduct"),
            ]
        ),
        .testTarget(
            name: "CheckInTests",
            dependencies: ["CheckIn", .product(name: "AqueductTesting", package: "Aqueduct")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
