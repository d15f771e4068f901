// swift-tools-version: 6.2
// Aqueduct has no package dependencies by design: toolchain modules and system C libraries only.
import PackageDescription

let package = Package(
    name: "Aqueduct",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Aqueduct", targets: ["Aqueduct"]),
        .library(name: "Lifecycle", targets: ["Lifecycle"]),
        .library(name: "Reachability", targets: ["Reachability"]),
        .library(name: "CheckInClient", targets: ["CheckInClient"]),
        .library(name: "CheckInSQLite", targets: ["CheckInSQLite"]),
        .library(name: "CheckInHTTP", targets: ["CheckInHTTP"]),
        .library(name: "CheckInOfflineFirst", targets: ["CheckInOfflineFirst"]),
        .library(name: "CheckIn", targets: ["CheckIn"]),
        .library(name: "AqueductTesting", targets: ["AqueductTesting"]),
        .plugin(name: "AqueductCaseAccessors", targets: ["AqueductCaseAccessorsPlugin"]),
        .executable(name: "LifeSignal", targets: ["LifeSignal"]),
    ],
    targets: [
        // The core.
        .target(name: "Aqueduct"),
        .target(name: "AqueductTesting", dependencies: ["Aqueduct"]),
        .testTarget(name: "AqueductTests", dependencies: ["Aqueduct", "AqueductTesting"]),
        .testTarget(name: "AqueductTestingTests", dependencies: ["Aqueduct", "AqueductTesting"]),

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
            dependencies: ["AqueductCaseAccessorsCore"],
            exclude: ["Corpus"]
        ),

        // The smallest example.
        .executableTarget(name: "Counter", dependencies: ["Aqueduct"], path: "Examples/Counter"),

        // What the example tests share to run this package's executables as child processes.
        .target(name: "ProcessTestSupport", path: "Examples/TestSupport"),

        // Lifecycle example: the client, its adapters, the middleware, a probe for signal tests.
        .target(name: "Lifecycle", dependencies: ["Aqueduct"], path: "Examples/Lifecycle/Sources"),
        .executableTarget(name: "LifecycleSignalProbe", dependencies: ["Lifecycle"], path: "Examples/Lifecycle/Probe"),
        .testTarget(
            name: "LifecycleTests",
            dependencies: ["Lifecycle", "LifecycleSignalProbe", "ProcessTestSupport"],
            path: "Examples/Lifecycle/Tests"
        ),

        // Reachability example: netlink headers (Linux only), the client layer, a probe for namespace tests.
        .systemLibrary(name: "CNetlink", path: "Examples/Reachability/CNetlink"),
        .target(
            name: "Reachability",
            dependencies: ["Aqueduct", .target(name: "CNetlink", condition: .when(platforms: [.linux]))],
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

        // The lifecycle and reachability demos: one composition root, two executables.
        .target(
            name: "DemoComposition",
            dependencies: ["Aqueduct", "Lifecycle", "Reachability"],
            path: "Examples/Demos/Composition"
        ),
        .executableTarget(
            name: "LifecycleDemo",
            dependencies: ["DemoComposition"],
            path: "Examples/Demos/LifecycleDemo"
        ),
        .executableTarget(
            name: "ReachabilityDemo",
            dependencies: ["DemoComposition"],
            path: "Examples/Demos/ReachabilityDemo"
        ),
        .testTarget(
            name: "DemoTests",
            dependencies: ["DemoComposition", "LifecycleDemo", "ProcessTestSupport"],
            path: "Examples/Demos/Tests"
        ),

        // CheckIn example: the middleware client, its adapters (SQLite, HTTP cloud functions,
        // offline-first) and a reference backend under Examples/CheckIn/Backend.
        .systemLibrary(
            name: "CSQLite",
            path: "Examples/CheckIn/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "CheckInClient", path: "Examples/CheckIn/Sources/CheckInClient"),
        .target(
            name: "CheckInSQLite",
            dependencies: ["CheckInClient", "CSQLite"],
            path: "Examples/CheckIn/Sources/CheckInSQLite"
        ),
        .target(name: "CheckInHTTP", dependencies: ["CheckInClient"], path: "Examples/CheckIn/Sources/CheckInHTTP"),
        .target(
            name: "CheckInOfflineFirst",
            dependencies: ["CheckInClient", "CheckInSQLite"],
            path: "Examples/CheckIn/Sources/CheckInOfflineFirst"
        ),
        // The reference backend as a child process, for the adapter tests and the app tests.
        .target(name: "CheckInTestSupport", path: "Examples/CheckIn/TestSupport"),
        .testTarget(
            name: "CheckInClientTests",
            dependencies: [
                "CheckInClient", "CheckInSQLite", "CheckInHTTP", "CheckInOfflineFirst", "CSQLite", "CheckInTestSupport",
            ],
            path: "Examples/CheckIn/Tests"
        ),
        // The check-in feature: state, actions, reducer and middleware over CheckInClient only.
        .target(
            name: "CheckIn",
            dependencies: ["Aqueduct", "CheckInClient"],
            path: "Examples/CheckIn/Sources/CheckIn"
        ),
        .testTarget(
            name: "CheckInTests",
            dependencies: ["CheckIn", "CheckInClient", "Aqueduct", "AqueductTesting"],
            path: "Examples/CheckIn/FeatureTests"
        ),

        // The LifeSignal app: its composition root (a library, so tests can build the store) and
        // the executable that runs it.
        .target(
            name: "LifeSignalApp",
            dependencies: [
                "Aqueduct", "CheckIn", "CheckInClient", "CheckInSQLite", "CheckInHTTP", "CheckInOfflineFirst",
                "Lifecycle", "Reachability",
            ],
            path: "Examples/LifeSignal/App"
        ),
        .executableTarget(name: "LifeSignal", dependencies: ["LifeSignalApp"], path: "Examples/LifeSignal/Main"),
        .testTarget(
            name: "LifeSignalTests",
            dependencies: [
                "LifeSignalApp", "LifeSignal", "CheckIn", "CheckInClient", "CheckInHTTP", "Aqueduct", "AqueductTesting",
                "Lifecycle", "Reachability", "CheckInTestSupport", "ProcessTestSupport",
            ],
            path: "Examples/LifeSignal/Tests"
        ),

        // Benchmarks: the allocation counter interposes malloc and friends, so it is linked into
        // the benchmark executable only.
        .target(name: "AllocationCounter", path: "Benchmarks/AllocationCounter"),
        .executableTarget(
            name: "DispatchThroughput",
            dependencies: ["Aqueduct", "AllocationCounter"],
            path: "Benchmarks/DispatchThroughput"
        ),
    ],
    swiftLanguageModes: [.v6]
)
