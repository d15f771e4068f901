import ExampleTestSupport
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
    private let process: Process
    /// The child's standard output. A regular file, not a pipe: once the child has exited every
    /// line it wrote is there, with no end-of-file to wait for (a pipe's write end can leak into
    /// a sibling child spawned concurrently and hold the end of file back).
    private let outputURL: URL

    /// Starts the probe with `arguments`.
    init(arguments: [String]) throws {
        let process = Process()
        process.executableURL = try ChildProcess.productURL("LifecycleSignalProbe")
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
    var state: String? { ChildProcess.state(of: pid) }

    private func poll(_ what: String, timeout: Duration, until condition: () -> Bool) async throws {
        try await Wait.until(what, timeout: timeout, condition)
    }
}
