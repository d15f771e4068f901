// swift-tools-version: 6.1
// Aqueduct has no package dependencies by design: toolchain modules and system C libraries only.
import PackageDescription

let package = Package(
    name: "Aqueduct",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Aqueduct", targets: ["Aqueduct"]),
        .library(name: "Reachability", targets: ["Reachability"]),
    ],
    targets: [
        .target(name: "Aqueduct"),
        .testTarget(name: "AqueductTests", dependencies: ["Aqueduct"]),
        .executableTarget(name: "Counter", dependencies: ["Aqueduct"], path: "Examples/Counter"),
        // Reachability example: netlink headers (Linux only), the client layer, a probe for namespace tests.
        .systemLibrary(name: "CNetlink", path: "Examples/Reachability/CNetlink"),
        .target(
            name: "Reachability",
            dependencies: [.target(name: "CNetlink", condition: .when(platforms: [.linux]))],
            path: "Examples/Reachability/Sources"
        ),
        .executableTarget(
            name: "ReachabilityProbe",
            dependencies: ["Reachability"],
            path: "Examples/Reachability/Probe"
        ),
        .testTarget(
            name: "ReachabilityTests",
            dependencies: [
                "Reachability",
                "ReachabilityProbe",
                .target(name: "CNetlink", condition: .when(platforms: [.linux])),
            ],
            path: "Examples/Reachability/Tests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
