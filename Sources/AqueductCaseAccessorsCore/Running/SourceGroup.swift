/// The Swift files of one module, as the plugin lists a target's sources.
///
/// ```swift
/// SourceGroup(module: "Sync", files: ["/package/Sources/Sync/SyncAction.swift"])
/// ```
package struct SourceGroup: Equatable, Sendable {
    /// The module the files belong to, or `nil` when unknown (files named on the command line).
    package let module: String?
    /// Paths of `.swift` files, generated ones included.
    package var files: [String]

    /// A group of files.
    ///
    /// - Parameters:
    ///   - module: The module they belong to.
    ///   - files: Their paths.
    package init(module: String?, files: [String]) {
        self.module = module
        self.files = files
    }
}
