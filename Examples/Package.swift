// swift-tools-version: 6.2
// The examples of Aqueduct: a package of their own, so that the framework's package graph
// carries none of their names. Like the framework, no package dependencies other than it.
import PackageDescription

/// The framework, by path: the repository's root package.
let aqueduct: Target.Dependency = .product(name: "Aqueduct", package: "Aqueduct")
let aqueductTesting: Target.Dependency = .product(name: "AqueductTesting", package: "Aqueduct")

let package = Package(
    name: "AqueductExamples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "LifeSignal", targets: ["LifeSignal"]),
        .executable(name: "Counter", targets: ["Counter"]),
        .executable(name: "LifecycleDemo", targets: ["LifecycleDemo"]),
        .executable(name: "ReachabilityDemo", targets: ["ReachabilityDemo"]),
    ],
    dependencies: [.package(name: "Aqueduct", path: "..")],
    targets: [
        // The smallest example.
        .executableTarget(name: "Counter", dependencies: [aqueduct], path: "Counter"),

        // What the example tests share to run this package's executables as child processes.
        .target(name: "ProcessTestSupport", path: "TestSupport"),

        // Lifecycle example: the client, its adapters, the middleware, a probe for signal tests.
        .target(name: "Lifecycle", dependencies: [aqueduct], path: "Lifecycle/Sources"),
        .executableTarget(name: "LifecycleSignalProbe", dependencies: ["Lifecycle"], path: "Lifecycle/Probe"),
        .testTarget(
            name: "LifecycleTests",
            dependencies: ["Lifecycle", "LifecycleSignalProbe", "ProcessTestSupport"],
            path: "Lifecycle/Tests"
        ),

        // Reachability example: netlink headers (Linux only), the client layer, a probe for namespace tests.
        .systemLibrary(name: "CNetlink", path: "Reachability/CNetlink"),
        .target(
            name: "Reachability",
            dependencies: [aqueduct, .target(name: "CNetlink", condition: .when(platforms: [.linux]))],
            path: "Reachability/Sources"
        ),
        .executableTarget(name: "ReachabilityProbe", dependencies: ["Reachability"], path: "Reachability/Probe"),
        .testTarget(
            name: "ReachabilityTests",
            dependencies: [
                "Reachability",
                "ReachabilityProbe",
                .target(name: "CNetlink", condition: .when(platforms: [.linux])),
            ],
            path: "Reachability/Tests"
        ),

        // The lifecycle and reachability demos: one composition root, two executables.
        .target(
            name: "DemoComposition",
            dependencies: [aqueduct, "Lifecycle", "Reachability"],
            path: "Demos/Composition"
        ),
        .executableTarget(name: "LifecycleDemo", dependencies: ["DemoComposition"], path: "Demos/LifecycleDemo"),
        .executableTarget(name: "ReachabilityDemo", dependencies: ["DemoComposition"], path: "Demos/ReachabilityDemo"),
        .testTarget(
            name: "DemoTests",
            dependencies: ["DemoComposition", "LifecycleDemo", "ProcessTestSupport"],
            path: "Demos/Tests"
        ),

        // CheckIn example.
        .systemLibrary(
            name: "CSQLite",
            path: "CheckIn/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "CheckInClient", path: "CheckIn/Sources/CheckInClient"),
        .target(
            name: "CheckInSQLite",
            dependencies: ["CheckInClient", "CSQLite"],
            path: "CheckIn/Sources/CheckInSQLite"
        ),
        .target(name: "CheckInHTTP", dependencies: ["CheckInClient"], path: "CheckIn/Sources/CheckInHTTP"),
        .target(
            name: "CheckInOfflineFirst",
            dependencies: ["CheckInClient", "CheckInSQLite"],
            path: "CheckIn/Sources/CheckInOfflineFirst"
        ),
        .target(name: "CheckInTestSupport", path: "CheckIn/TestSupport"),
        .testTarget(
            name: "CheckInClientTests",
            dependencies: [
                "CheckInClient", "CheckInSQLite", "CheckInHTTP", "CheckInOfflineFirst", "CSQLite", "CheckInTestSupport",
            ],
            path: "CheckIn/Tests"
        ),
        .target(name: "CheckIn", dependencies: [aqueduct, "CheckInClient"], path: "CheckIn/Sources/CheckIn"),
        .testTarget(
            name: "CheckInTests",
            dependencies: ["CheckIn", "CheckInClient", aqueduct, aqueductTesting],
            path: "CheckIn/FeatureTests"
        ),

        // The LifeSignal app.
        .target(
            name: "LifeSignalApp",
            dependencies: [
                aqueduct, "CheckIn", "CheckInClient", "CheckInSQLite", "CheckInHTTP", "CheckInOfflineFirst",
                "Lifecycle", "Reachability",
            ],
            path: "LifeSignal/App"
        ),
        .executableTarget(name: "LifeSignal", dependencies: ["LifeSignalApp"], path: "LifeSignal/Main"),
        .testTarget(
            name: "LifeSignalTests",
            dependencies: [
                "LifeSignalApp", "LifeSignal", "CheckIn", "CheckInClient", "CheckInHTTP", aqueduct, aqueductTesting,
                "Lifecycle", "Reachability", "CheckInTestSupport", "ProcessTestSupport",
            ],
            path: "LifeSignal/Tests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
