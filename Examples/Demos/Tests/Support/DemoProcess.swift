import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A demo executable run as a child process, its standard output collected in a file. Every
/// wait is bounded; a child still running at the end is killed.
final class DemoProcess: Sendable {
    private let process: Process
    /// A regular file, not a pipe: once the child has exited everything it wrote is there.
    private let outputURL: URL

    init(executable: String, arguments: [String]) throws {
        let process = Process()
        process.executableURL = try ChildProcess.productURL(executable)
        process.arguments = arguments
        outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(executable)-\(UUID())")
        try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
        let output = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        self.process = process
        try process.run()
        try output.close()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: outputURL)
    }

    var output: String {
        (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    }

    /// The actions the logger printed, in order: the text after `┌─▶ `.
    var loggedActions: [String] {
        output.split(separator: "\n").compactMap { line in
            line.hasPrefix("┌─▶ ") ? String(line.dropFirst("┌─▶ ".count)) : nil
        }
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    func waitForActions(_ count: Int) async throws {
        try await poll("\(count) logged actions, got \(loggedActions)") { self.loggedActions.count >= count }
    }

    func waitUntilStopped() async throws {
        try await poll("the child to stop, its state is \(state ?? "?")") { self.state == "T" }
    }

    func waitForExit() async throws -> (Int32, Process.TerminationReason) {
        do {
            try await poll("the child to exit") { !self.process.isRunning }
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason)
    }

    /// The state letter in `/proc/<pid>/stat` (Linux), or `nil`.
    var state: String? { ChildProcess.state(of: process.processIdentifier) }

    private func poll(_ what: String, timeout: Duration = .seconds(20), until condition: () -> Bool) async throws {
        try await Wait.until(what, timeout: timeout, condition)
    }

}
