// swift-tools-version: 6.1
// Aqueduct has no package dependencies by design: toolchain modules and system C libraries only.
import PackageDescription

let package = Package(
    name: "Aqueduct",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Aqueduct", targets: ["Aqueduct"])
    ],
    targets: [
        .target(name: "Aqueduct"),
        .testTarget(name: "AqueductTests", dependencies: ["Aqueduct"]),
        .executableTarget(name: "Counter", dependencies: ["Aqueduct"], path: "Examples/Counter"),
        .target(name: "Lifecycle", dependencies: ["Aqueduct"], path: "Examples/Lifecycle/Sources"),
        .executableTarget(name: "LifecycleSignalProbe", dependencies: ["Lifecycle"], path: "Examples/Lifecycle/Probe"),
        .testTarget(
            name: "LifecycleTests",
            dependencies: ["Lifecycle", "LifecycleSignalProbe"],
            path: "Examples/Lifecycle/Tests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
