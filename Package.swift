// swift-tools-version: 6.1
// Aqueduct has no package dependencies by design: toolchain modules and system C libraries only.
import PackageDescription

let package = Package(
    name: "Aqueduct",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Aqueduct", targets: ["Aqueduct"]),
        .library(name: "AqueductTesting", targets: ["AqueductTesting"]),
    ],
    targets: [
        .target(name: "Aqueduct"),
        .target(name: "AqueductTesting", dependencies: ["Aqueduct"]),
        .testTarget(name: "AqueductTests", dependencies: ["Aqueduct", "AqueductTesting"]),
        .testTarget(name: "AqueductTestingTests", dependencies: ["Aqueduct", "AqueductTesting"]),
        .executableTarget(name: "Counter", dependencies: ["Aqueduct"], path: "Examples/Counter"),
    ],
    swiftLanguageModes: [.v6]
)
