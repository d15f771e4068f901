import Foundation

/// The reference backend (`Examples/CheckIn/Backend/server.py`) running as a child process on
/// a free loopback port, with its own SQLite file. Stopped by `stop()` or when released.
///
/// Shared by the check-in adapter tests and the LifeSignal app tests.
package final class BackendProcess {
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
    private let server: ServerProcess

    /// `http://127.0.0.1:<port>`.
    package var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(server: ServerProcess, port: Int, token: String, databasePath: String) {
        self.server = server
        self.port = port
        self.token = token
        self.databasePath = databasePath
    }

    /// Starts the server with `--port 0 --test-hooks` and waits (at most 15 s) for the port on
    /// its first stdout line.
    ///
    /// - Parameters:
    ///   - databasePath: Its SQLite file.
    ///   - token: The bearer token it accepts.
    ///   - arguments: More arguments (`--max-body`, `--idle-timeout`).
    /// - Throws: ``ServerProcess/StartupError`` with what it said on standard error.
    package static func start(
        databasePath: String,
        token: String = "test-token",
        arguments: [String] = []
    ) async throws -> BackendProcess {
        let server = try await ServerProcess.start(
            script: serverScript,
            arguments: ["--db", databasePath, "--token", token, "--port", "0", "--test-hooks"] + arguments
        )
        guard let port = Int(server.firstLine.trimmingCharacters(in: .whitespaces)) else {
            throw ServerProcess.StartupError(
                description: "unexpected first line from the backend: \(server.firstLine)",
                status: nil,
                errorOutput: server.errorOutput
            )
        }
        return BackendProcess(server: server, port: port, token: token, databasePath: databasePath)
    }

    /// Sends SIGTERM and waits for the exit; a backend still running 5 s later gets SIGKILL.
    package func stop() {
        server.stop()
    }
}
