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
        .testTarget(
            name: "CheckInClientTests",
            dependencies: ["CheckInClient", "CheckInSQLite", "CheckInHTTP", "CheckInOfflineFirst", "CSQLite"],
            path: "Examples/CheckIn/Tests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
