import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The reference backend (`Examples/CheckIn/Backend/server.py`) running as a child process on
/// a free loopback port, with its own SQLite file. Stopped by `stop()` or when released.
///
/// Shared by the check-in adapter tests and the LifeSignal app tests.
package final class BackendProcess {
    /// Why the backend did not start.
    package struct StartupError: Error, CustomStringConvertible {
        package var description: String
    }

    /// `Examples/CheckIn/Backend/server.py`.
    package static let serverScript = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ExampleTestSupport
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Examples
        .appendingPathComponent("CheckIn/Backend/server.py")

    /// The loopback port it listens on.
    package let port: Int
    /// The bearer token it accepts.
    package let token: String
    /// Its SQLite file.
    package let databasePath: String
    private let process: Process

    /// `http://127.0.0.1:<port>`.
    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(process: Process, port: Int, token: String, databasePath: String) {
        self.process = process
        self.port = port
        self.token = token
        self.databasePath = databasePath
    }

    deinit { stop() }

    /// Starts the server with `--port 0` and waits (at most 15 s) for the port on its first stdout line.
    package static func start(databasePath: String, token: String = "test-token") async throws -> BackendProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", serverScript.path, "--db", databasePath, "--token", token, "--port", "0", "--test-hooks",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let firstLine = FirstLine()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                firstLine.finish(
                    .failure(StartupError(description: "the backend closed stdout before printing its port"))
                )
            } else {
                firstLine.feed(data)
            }
        }
        process.terminationHandler = { process in
            firstLine.finish(.failure(StartupError(description: "the backend exited (\(process.terminationStatus))")))
        }
        try process.run()
        let timeout = Task {
            try await Task.sleep(for: .seconds(15))
            firstLine.finish(.failure(StartupError(description: "the backend did not print its port within 15 s")))
        }
        defer { timeout.cancel() }
        do {
            let line = try await firstLine.value()
            output.fileHandleForReading.readabilityHandler = nil
            guard let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
                throw StartupError(description: "unexpected first line from the backend: \(line)")
            }
            return BackendProcess(process: process, port: port, token: token, databasePath: databasePath)
        } catch {
            output.fileHandleForReading.readabilityHandler = nil
            stop(process)
            throw error
        }
    }

    /// Sends SIGTERM and waits for the exit; a backend still running 5 s later gets SIGKILL.
    package func stop() {
        Self.stop(process)
    }

    fileprivate static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        let pid = process.processIdentifier
        let exited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            process.waitUntilExit()
            exited.signal()
        }
        if exited.wait(timeout: .now() + 5) == .timedOut {
            kill(pid, SIGKILL)
            exited.wait()
        }
    }
}

/// Collects stdout until the first newline and hands the line to one waiter.
private final class FirstLine: Sendable {
    private struct State {
        var buffer = Data()
        var result: Result<String, any Error>?
        var waiter: CheckedContinuation<String, any Error>?
    }

    private let state = Mutex(State())

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
