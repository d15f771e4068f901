// swift-tools-version: 6.2
// The examples of Aqueduct: a package of their own, so that the framework's package graph
// carries none of their names. Like the framework, it depends on nothing but the framework.
//
// The tests that drive real programs and the system (the reference backend, PostgreSQL, the
// hostile HTTP server, the executables on pipes, a pseudo-terminal and signals, network
// namespaces) are in test targets of their own, named …IntegrationTests.
//
// Every feature has the same skeleton (see README.md):
//
//   <Feature>          actions, state, reducer, middleware: imports Aqueduct and <Feature>Client only
//   <Feature>Client    the middleware client: its interface, domain models and domain errors
//   <Feature>Adapters  the client's implementations, one folder each, test doubles included;
//                      the client's `live` and `preview` sets
//   <Feature>TestSupport  the client's `test` set (endpoints unimplemented): test targets only
//   PlatformClients/   what adapters talk through: HTTP, SQLite, netlink, POSIX signals
import PackageDescription

/// The framework, by path: the repository's root package.
let aqueduct: Target.Dependency = .product(name: "Aqueduct", package: "Aqueduct")
let aqueductTesting: Target.Dependency = .product(name: "AqueductTesting", package: "Aqueduct")
let aqueductRecording: Target.Dependency = .product(name: "AqueductRecording", package: "Aqueduct")
let aqueductPersistence: Target.Dependency = .product(name: "AqueductPersistence", package: "Aqueduct")
let cNetlink: Target.Dependency = .target(name: "CNetlink", condition: .when(platforms: [.linux]))

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
        // MARK: Platform clients: no feature; each named for what it is.

        // Of the framework, the platform clients, the adapters and the test support use its lock
        // only (`import class Aqueduct.LockedValue`; its documentation says why not `Mutex`).
        .target(name: "HTTPNetworking", dependencies: [aqueduct], path: "PlatformClients/HTTPNetworking"),
        .testTarget(
            name: "HTTPNetworkingTests",
            dependencies: ["HTTPNetworking"],
            path: "PlatformClients/Tests/HTTPNetworkingTests"
        ),
        .testTarget(
            name: "HTTPNetworkingIntegrationTests",
            dependencies: ["HTTPNetworking", "ExampleTestSupport"],
            path: "PlatformClients/Tests/HTTPNetworkingIntegrationTests"
        ),
        .systemLibrary(
            name: "CSQLite",
            path: "PlatformClients/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "SQLiteDatabase", dependencies: ["CSQLite"], path: "PlatformClients/SQLiteDatabase"),
        .systemLibrary(name: "CNetlink", path: "PlatformClients/CNetlink"),
        .target(name: "Netlink", dependencies: [cNetlink, aqueduct], path: "PlatformClients/Netlink"),
        .testTarget(name: "NetlinkTests", dependencies: ["Netlink"], path: "PlatformClients/Tests/NetlinkTests"),
        .target(name: "POSIXSignals", dependencies: [aqueduct], path: "PlatformClients/POSIXSignals"),

        // MARK: Lifecycle: app lifecycle events as actions.

        .target(name: "LifecycleClient", path: "Lifecycle/LifecycleClient"),
        .target(name: "Lifecycle", dependencies: [aqueduct, "LifecycleClient"], path: "Lifecycle/Lifecycle"),
        .target(
            name: "LifecycleAdapters",
            dependencies: ["LifecycleClient", "POSIXSignals", aqueduct],
            path: "Lifecycle/LifecycleAdapters"
        ),
        // The client's test set, built on AqueductTesting: for test targets only, never an app.
        .target(
            name: "LifecycleTestSupport",
            dependencies: ["LifecycleClient", aqueductTesting],
            path: "Lifecycle/LifecycleTestSupport"
        ),
        .testTarget(
            name: "LifecycleTests",
            dependencies: [
                "Lifecycle", "LifecycleClient", "LifecycleAdapters", "LifecycleTestSupport", aqueduct, aqueductTesting,
            ],
            path: "Lifecycle/Tests/LifecycleTests"
        ),
        // Runs the POSIX-signal adapter in a child process, for the real-signal tests.
        .executableTarget(name: "LifecycleSignalProbe", dependencies: ["LifecycleAdapters"], path: "Lifecycle/Probe"),
        .testTarget(
            name: "LifecycleAdaptersTests",
            dependencies: ["LifecycleClient", "LifecycleAdapters"],
            path: "Lifecycle/Tests/LifecycleAdaptersTests"
        ),
        .testTarget(
            name: "LifecycleIntegrationTests",
            dependencies: ["LifecycleSignalProbe", "ExampleTestSupport"],
            path: "Lifecycle/Tests/LifecycleIntegrationTests"
        ),

        // MARK: Reachability: network paths as actions, on transitions only.

        .target(name: "ReachabilityClient", path: "Reachability/ReachabilityClient"),
        .target(
            name: "Reachability",
            dependencies: [aqueduct, "ReachabilityClient"],
            path: "Reachability/Reachability"
        ),
        .target(
            name: "ReachabilityAdapters",
            dependencies: ["ReachabilityClient", "Netlink", aqueduct],
            path: "Reachability/ReachabilityAdapters"
        ),
        .target(
            name: "ReachabilityTestSupport",
            dependencies: ["ReachabilityClient", aqueductTesting],
            path: "Reachability/ReachabilityTestSupport"
        ),
        .testTarget(
            name: "ReachabilityTests",
            dependencies: [
                "Reachability", "ReachabilityClient", "ReachabilityAdapters", "ReachabilityTestSupport", aqueduct,
                aqueductTesting,
            ],
            path: "Reachability/Tests/ReachabilityTests"
        ),
        // Runs the netlink adapter in a child process, for the network-namespace tests.
        .executableTarget(
            name: "ReachabilityProbe",
            dependencies: ["ReachabilityClient", "ReachabilityAdapters"],
            path: "Reachability/Probe"
        ),
        .testTarget(
            name: "ReachabilityAdaptersTests",
            dependencies: ["ReachabilityClient", "ReachabilityAdapters", "Netlink", cNetlink, "ExampleTestSupport"],
            path: "Reachability/Tests/ReachabilityAdaptersTests"
        ),
        .testTarget(
            name: "ReachabilityIntegrationTests",
            dependencies: ["ReachabilityProbe", "ExampleTestSupport"],
            path: "Reachability/Tests/ReachabilityIntegrationTests"
        ),

        // MARK: CheckIn: check in before a deadline, alerts, history; four backends.

        .target(name: "CheckInClient", dependencies: ["PrintableText"], path: "CheckIn/CheckInClient"),
        .target(name: "CheckIn", dependencies: [aqueduct, "CheckInClient"], path: "CheckIn/CheckIn"),
        .target(
            name: "CheckInAdapters",
            dependencies: ["CheckInClient", "HTTPNetworking", "SQLiteDatabase", "PrintableText"],
            path: "CheckIn/CheckInAdapters"
        ),
        .target(
            name: "CheckInTestSupport",
            dependencies: ["CheckIn", "CheckInClient", aqueductTesting],
            path: "CheckIn/CheckInTestSupport"
        ),
        .testTarget(
            name: "CheckInTests",
            dependencies: [
                "CheckIn", "CheckInClient", "CheckInTestSupport", aqueduct, aqueductTesting, aqueductRecording,
            ],
            path: "CheckIn/Tests/CheckInTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CheckInAdaptersTests",
            dependencies: [
                "CheckInClient", "CheckInAdapters", "HTTPNetworking", "CSQLite", "ExampleTestSupport", aqueduct,
            ],
            path: "CheckIn/Tests/CheckInAdaptersTests"
        ),
        // The adapters against the reference backend (CheckIn/Backend/server.py) on SQLite and on
        // PostgreSQL, and against the hostile HTTP server; the backend under load and faults.
        .testTarget(
            name: "CheckInIntegrationTests",
            dependencies: ["CheckInClient", "CheckInAdapters", "HTTPNetworking", "ExampleTestSupport", aqueduct],
            path: "CheckIn/Tests/CheckInIntegrationTests"
        ),

        // MARK: Apps: composition roots and executables.

        // The smallest app: a counter typed at a terminal.
        .executableTarget(name: "Counter", dependencies: [aqueduct, "TerminalInput"], path: "Counter/Counter"),
        .testTarget(
            name: "CounterIntegrationTests",
            dependencies: ["Counter", "ExampleTestSupport"],
            path: "Counter/Tests/CounterIntegrationTests"
        ),

        // The lifecycle and reachability demos: one composition root, two executables.
        .target(
            name: "DemoComposition",
            dependencies: [
                aqueduct, "Lifecycle", "LifecycleClient", "LifecycleAdapters", "Reachability", "ReachabilityClient",
                "ReachabilityAdapters",
            ],
            path: "Demos/Composition"
        ),
        .executableTarget(name: "LifecycleDemo", dependencies: ["DemoComposition"], path: "Demos/LifecycleDemo"),
        .executableTarget(name: "ReachabilityDemo", dependencies: ["DemoComposition"], path: "Demos/ReachabilityDemo"),
        .testTarget(
            name: "DemoTests",
            dependencies: ["DemoComposition"],
            path: "Demos/Tests"
        ),
        .testTarget(
            name: "DemoIntegrationTests",
            dependencies: ["LifecycleDemo", "ExampleTestSupport"],
            path: "Demos/IntegrationTests"
        ),

        // LifeSignal: the composition root (a library, so tests can build the store) and the executable.
        .target(
            name: "LifeSignalApp",
            dependencies: [
                aqueduct, aqueductRecording, aqueductPersistence, "CheckIn", "CheckInClient", "CheckInAdapters",
                "Lifecycle",
                "LifecycleClient", "LifecycleAdapters", "Reachability", "ReachabilityClient", "ReachabilityAdapters",
                "TerminalInput", "HTTPNetworking", "PrintableText",
            ],
            path: "LifeSignal/App"
        ),
        .executableTarget(name: "LifeSignal", dependencies: ["LifeSignalApp"], path: "LifeSignal/Main"),
        .testTarget(
            name: "LifeSignalTests",
            dependencies: [
                "LifeSignalApp", "CheckIn", "CheckInClient", "CheckInAdapters", "CheckInTestSupport", aqueduct,
                aqueductTesting, aqueductRecording, aqueductPersistence, "Lifecycle", "LifecycleClient",
                "LifecycleAdapters",
                "LifecycleTestSupport", "Reachability", "ReachabilityClient", "ReachabilityAdapters",
                "ReachabilityTestSupport",
            ],
            path: "LifeSignal/Tests",
            // The recordings the replay tests read: a session, and the slice of it `Generated/` replays.
            exclude: ["Replay/Fixtures", "Replay/Generated/CheckInThenAlert.jsonl"]
        ),
        // The built LifeSignal as a person runs it: pipes, a pseudo-terminal, signals, the backend.
        .testTarget(
            name: "LifeSignalIntegrationTests",
            dependencies: [
                "LifeSignal", "CheckInClient", "CheckInAdapters", aqueduct, aqueductRecording, "ExampleTestSupport",
            ],
            path: "LifeSignal/IntegrationTests"
        ),

        // MARK: Case studies: one concept a file, numbered, each with its test (CaseStudies/README.md).

        .target(
            name: "CaseStudies",
            dependencies: [aqueduct, aqueductRecording, aqueductPersistence],
            path: "CaseStudies/CaseStudies"
        ),
        .testTarget(
            name: "CaseStudiesTests",
            dependencies: ["CaseStudies", aqueduct, aqueductTesting, aqueductRecording, aqueductPersistence],
            path: "CaseStudies/Tests"
        ),

        // MARK: Feature comparison: one feature written in both forms, and its line counts (README.md).

        .target(name: "FeatureComparison", dependencies: [aqueduct], path: "FeatureComparison/FeatureComparison"),
        .testTarget(
            name: "FeatureComparisonTests",
            dependencies: ["FeatureComparison", aqueduct, aqueductTesting],
            path: "FeatureComparison/Tests"
        ),

        // MARK: Shared by the apps and the tests.

        // The one escaping of text from outside (a server's message, a damaged row) before it is printed.
        .target(name: "PrintableText", path: "PrintableText/PrintableText"),
        .testTarget(
            name: "PrintableTextTests",
            dependencies: ["PrintableText"],
            path: "PrintableText/Tests/PrintableTextTests"
        ),

        // Lines typed at a terminal, read on a thread of their own.
        .target(name: "TerminalInput", path: "TerminalInput/TerminalInput"),
        .testTarget(
            name: "TerminalInputTests",
            dependencies: ["TerminalInput"],
            path: "TerminalInput/Tests/TerminalInputTests"
        ),
        // What the example tests share: this package's executables, the reference check-in
        // backend (CheckIn/Backend/server.py) and a hostile HTTP server as child processes, raw
        // loopback connections, SQLite fixtures, temporary directories, the check-in errors a
        // test reads back, and the one bounded wait.
        .target(
            name: "ExampleTestSupport",
            dependencies: [
                aqueduct, "CSQLite", "CheckInClient",
                .target(name: "CPseudoTerminal", condition: .when(platforms: [.linux])),
            ],
            path: "TestSupport/ExampleTestSupport"
        ),
        .testTarget(
            name: "ExampleTestSupportTests",
            dependencies: ["ExampleTestSupport"],
            path: "TestSupport/Tests/ExampleTestSupportTests"
        ),
        .systemLibrary(name: "CPseudoTerminal", path: "TestSupport/CPseudoTerminal"),
    ],
    swiftLanguageModes: [.v6]
)
