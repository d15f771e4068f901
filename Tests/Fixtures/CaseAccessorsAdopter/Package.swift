// swift-tools-version: 6.2
// An adopter of Aqueduct's case accessors, for AqueductCaseAccessorsTests: the test copies it to a
// scratch directory, points the dependency at this checkout, runs `case-accessors` and builds it.
// By hand: `swift package --allow-writing-to-package-directory case-accessors && swift run ReadBack`.
import PackageDescription

let package = Package(
    name: "CaseAccessorsAdopter",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "Aqueduct", path: "../../..")],
    targets: [
        .target(name: "Shapes", dependencies: [.product(name: "Aqueduct", package: "Aqueduct")]),
        .executableTarget(name: "ReadBack", dependencies: ["Shapes", .product(name: "Aqueduct", package: "Aqueduct")]),
    ],
    swiftLanguageModes: [.v6]
)
