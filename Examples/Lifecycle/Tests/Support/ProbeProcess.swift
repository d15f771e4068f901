import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `LifecycleSignalProbe` executable run as a child process, its standard output collected
/// line by line. Every wait is bounded; a child still running at the end is killed.
final class ProbeProcess: Sendable {
    /// Why a bounded wait gave up.
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    private let process: Process
    /// The child's standard output. A regular file, not a pipe: once the child has exited every
    /// line it wrote is there, with no end-of-file to wait for (a pipe's write end can leak into
    /// a sibling child spawned concurrently and hold the end of file back).
    private let outputURL: URL

    /// Starts the probe with `arguments`.
    init(arguments: [String]) throws {
        let process = Process()
        process.executableURL = try Self.executableURL()
        process.arguments = arguments
        outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("LifecycleSignalProbe-\(UUID())")
        try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        self.process = process
        try process.run()
        try output.close()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        try? FileManager.default.removeItem(at: outputURL)
    }

    var pid: pid_t { process.processIdentifier }

    /// The complete lines printed so far.
    var lines: [String] {
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()  // the partial line after the last newline (or "")
        return lines
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits until the child has printed `count` lines.
    func waitForLines(_ count: Int, timeout: Duration = .seconds(10)) async throws {
        try await poll("\(count) lines, got \(lines)", timeout: timeout) { self.lines.count >= count }
    }

    /// Waits until `/proc/<pid>/stat` says the child is stopped (`T`).
    func waitUntilStopped(timeout: Duration = .seconds(10)) async throws {
        try await poll("the child to stop, its state is \(state ?? "?")", timeout: timeout) { self.state == "T" }
    }

    /// Waits until the child is running again (not `T`).
    func waitUntilContinued(timeout: Duration = .seconds(10)) async throws {
        try await poll("the child to continue, its state is \(state ?? "?")", timeout: timeout) {
            self.state != "T"
        }
    }

    /// Waits for the child to exit; kills it if it does not in time.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> (Int32, Process.TerminationReason) {
        do {
            try await poll("the child to exit", timeout: timeout) { !self.process.isRunning }
        } catch {
            kill(pid, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason)
    }

    /// The state letter of the child in `/proc/<pid>/stat` (Linux), or `nil`.
    var state: String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    private func poll(_ what: String, timeout: Duration, until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { throw Timeout(description: "timed out waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The probe sits beside the test executable (Linux) or the `.xctest` bundle (macOS) in the
    /// build products directory; the test target depends on it, so it is built.
    private static func executableURL() throws -> URL {
        #if os(Linux)
        let testProduct = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        let testProduct = try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }).bundleURL
        #endif
        let probe = testProduct.deletingLastPathComponent().appendingPathComponent("LifecycleSignalProbe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "no probe at \(probe.path)")
        return probe
    }
}
