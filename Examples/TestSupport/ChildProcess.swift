import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the example test targets share to run an executable of this package as a child
/// process: finding it and reading its scheduler state. Waiting for it is ``Wait/until(_:timeout:isolation:_:)``.
package enum ChildProcess {
    /// An executable product of this package. Executables sit beside the test executable
    /// (Linux) or the `.xctest` bundle (macOS) in the build products directory; a test target
    /// that depends on an executable gets it built.
    ///
    /// - Parameter name: The product's name.
    /// - Returns: Its URL.
    /// - Throws: When it is not there.
    package static func productURL(_ name: String) throws -> URL {
        #if os(Linux)
        let testProduct = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let testProduct = try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }).bundleURL
        #endif
        let url = testProduct.deletingLastPathComponent().appendingPathComponent(name)
        try #require(FileManager.default.isExecutableFile(atPath: url.path), "no \(name) at \(url.path)")
        return url
    }

    /// The state letter of process `pid` in `/proc/<pid>/stat` (Linux; `T` is stopped), or `nil`.
    ///
    /// - Parameter pid: The process.
    /// - Returns: The letter.
    package static func state(of pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }
}
