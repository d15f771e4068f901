import Foundation
import Testing

import class Aqueduct.LockedValue

#if canImport(Glibc)
import Glibc
#endif

/// A Python script of the examples running as a server on loopback — the reference backend, the
/// hostile server — as a child process: started, its first stdout line (the port it bound)
/// awaited, its standard error kept in a file, stopped by ``stop()`` or when released.
package final class ServerProcess {
    /// Why the server did not start: what it said on standard error included.
    package struct StartupError: Error, CustomStringConvertible {
        package var description: String
        /// The exit status, when it exited.
        package var status: Int32?
        /// What it wrote on standard error.
        package var errorOutput: String
    }

    /// The first line the server printed, without its newline.
    package let firstLine: String
    private let process: Process
    private let errorURL: URL

    private init(process: Process, firstLine: String, errorURL: URL) {
        self.process = process
        self.firstLine = firstLine
        self.errorURL = errorURL
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: errorURL)
    }

    /// What the server wrote on standard error so far.
    package var errorOutput: String {
        (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// Starts `python3 script arguments…` and waits (at most `timeout`) for its first stdout line.
    ///
    /// The wait ends on the line or the process's exit; `timeout` is only a failure bound for a
    /// server that hangs, long enough for a start on a saturated machine (several backends
    /// migrating one PostgreSQL database under ThreadSanitizer's load).
    ///
    /// - Throws: ``StartupError`` when it exits first or prints nothing in time.
    package static func start(
        script: URL,
        arguments: [String],
        timeout: Duration = .seconds(60)
    ) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let errorURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(script.deletingPathExtension().lastPathComponent)-\(UUID()).err")
        try #require(FileManager.default.createFile(atPath: errorURL.path, contents: nil))
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        let firstLine = FirstLine()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil  // its exit, or the deadline, ends the wait
            } else {
                firstLine.feed(data)
            }
        }
        try process.run()
        try errorHandle.close()
        // Ends the wait when the server exits first (asked of the kernel: ``ChildExit``), or at
        // the deadline.
        // Test support, not a store's work: watches the server process until it exits.
        let watcher = Task {
            do {
                try await Wait.until("the server's first line", timeout: timeout) { ChildExit.hasExited(process) }
                let status = ChildExit.status(of: process)?.status
                firstLine.finish(.failure(StartupError(description: "it exited", status: status)))
            } catch is Wait.Timeout {
                firstLine.finish(.failure(StartupError(description: "it printed nothing within \(timeout)")))
            } catch {
                // Cancelled: the line came.
            }
        }
        defer { watcher.cancel() }
        do {
            let line = try await firstLine.value()
            output.fileHandleForReading.readabilityHandler = nil
            return ServerProcess(process: process, firstLine: line, errorURL: errorURL)
        } catch var error as StartupError {
            output.fileHandleForReading.readabilityHandler = nil
            stop(process)
            error.errorOutput = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            error.description = "\(script.lastPathComponent) did not start: \(error.description)\n\(error.errorOutput)"
            try? FileManager.default.removeItem(at: errorURL)
            throw error
        }
    }

    /// Sends SIGTERM and waits for the exit; a server still running 5 s later gets SIGKILL, and
    /// is waited for 10 s more at most.
    package func stop() {
        Self.stop(process)
    }

    fileprivate static func stop(_ process: Process) {
        guard !ChildExit.hasExited(process) else { return }
        process.terminate()
        if !Wait.blocking(timeout: .seconds(5), { ChildExit.hasExited(process) }) {
            kill(process.processIdentifier, SIGKILL)
            Wait.blocking(timeout: .seconds(10)) { ChildExit.hasExited(process) }
        }
    }
}

extension ServerProcess.StartupError {
    fileprivate init(description: String, status: Int32? = nil) {
        self.init(description: description, status: status, errorOutput: "")
    }
}

/// Collects stdout until the first newline and hands the line to one waiter.
private final class FirstLine: Sendable {
    private struct State {
        var buffer = Data()
        var result: Result<String, any Error>?
        var waiter: CheckedContinuation<String, any Error>?
    }

    private let state = LockedValue(State())

    func feed(_ data: Data) {
        let line: String? = state.withLock { state in
            state.buffer.append(data)
            guard let newline = state.buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            return String(decoding: state.buffer[..<newline], as: UTF8.self)
        }
        if let line { finish(.success(line)) }
    }

    func finish(_ result: Result<String, any Error>) {
        let waiter: CheckedContinuation<String, any Error>? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(with: result)
    }

    func value() async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<String, any Error>? = state.withLock { state in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
