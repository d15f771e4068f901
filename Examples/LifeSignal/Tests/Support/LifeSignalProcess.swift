import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LifeSignal` run as a child process: commands written to its standard input through a pipe,
/// its standard output and standard error collected in files. Every wait is bounded; a child
/// still running when this is released is killed.
final class LifeSignalProcess {
    private let process: Process
    private let input: Pipe
    private let outputURL: URL
    private let errorURL: URL

    init(arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = try ChildProcess.productURL("LifeSignal")
        process.arguments = arguments
        var childEnvironment = ProcessInfo.processInfo.environment
        for name in ["LIFESIGNAL_DATA_DIR", "LIFESIGNAL_FUNCTIONS_URL", "LIFESIGNAL_TOKEN"] {
            childEnvironment[name] = nil
        }
        childEnvironment.merge(environment) { _, new in new }
        process.environment = childEnvironment
        let name = "LifeSignal-\(UUID())"
        outputURL = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".out")
        errorURL = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".err")
        try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
        try #require(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        input = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        self.process = process
        try process.run()
        try output.close()
        try error.close()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputURL)
        try? FileManager.default.removeItem(at: errorURL)
    }

    /// Everything written to standard output so far.
    var output: String {
        (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
    }

    /// Everything written to standard error so far (the action log).
    var errorOutput: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// Types a line.
    func type(_ line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Closes standard input (end of file).
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// Types `line` and waits until standard output contains `expected` `count` times in all.
    func type(_ line: String, thenWaitFor expected: String, count: Int = 1) async throws {
        try type(line)
        try await waitForOutput(expected, count: count)
    }

    /// Waits until standard output contains `expected` at least `count` times.
    func waitForOutput(_ expected: String, count: Int = 1) async throws {
        try await poll("\(count)× '\(expected)' on stdout; got:\n\(output)\nstderr:\n\(errorOutput.suffix(2000))") {
            self.output.components(separatedBy: expected).count - 1 >= count
        }
    }

    /// Waits until standard error (the action log) contains `expected`.
    func waitForLog(_ expected: String) async throws {
        try await poll("'\(expected)' on stderr; got:\n\(errorOutput.suffix(2000))") {
            self.errorOutput.contains(expected)
        }
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Kills the child with SIGKILL and waits for it.
    func killHard() async throws {
        send(SIGKILL)
        _ = try await waitForExit()
    }

    func waitForExit() async throws -> (status: Int32, reason: Process.TerminationReason) {
        do {
            try await poll("the child to exit; stdout:\n\(output)") { !self.process.isRunning }
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason)
    }

    private func poll(
        _ what: @autoclosure () -> String,
        timeout: Duration = .seconds(30),
        until condition: () -> Bool
    ) async throws {
        try await Wait.until(what(), timeout: timeout, condition)
    }
}
