import ExampleTestSupport
import Foundation

/// A program run to completion — PostgreSQL's client tools (`createdb`, `dropdb`, `psql`),
/// `Backend/pgcluster.py` — for what the tests ask of PostgreSQL, which Swift has no client for.
/// The program is found on `PATH`.
///
/// Its standard output and error go to files, read once it has exited: a pipe's write end can
/// leak into a sibling child spawned concurrently (a backend, a PostgreSQL server that
/// `pgcluster.py` starts) and hold the end of file back.
///
/// ```swift
/// let url = try await Command.run(["python3", PostgreSQLTestServer.clusterScript.path, "start", directory])
/// ```
enum Command {
    /// Why a command failed: its status and what it said on standard error.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments` (the program and its arguments) and awaits its exit (``ChildExit``, 180 s
    /// at most) without holding a thread.
    ///
    /// - Parameter arguments: The program and its arguments.
    /// - Returns: What it printed on standard output, without the trailing newline.
    /// - Throws: ``Failure`` when it exits with a status other than 0; `Wait.Timeout` when it
    ///   does not exit in time.
    static func run(_ arguments: [String]) async throws -> String {
        let launch = try Launch(arguments)
        try launch.start()
        // A failure bound only: `pgcluster.py start` itself gives up on the server within 2 min.
        try await Wait.until("\(arguments.first ?? "") to exit", timeout: .seconds(180)) {
            ChildExit.hasExited(launch.process)
        }
        return try launch.result()
    }

    /// Runs `arguments` (the program and its arguments) and blocks until it exits, 180 s at
    /// most: for a test's tear-down, which cannot await.
    ///
    /// - Parameter arguments: The program and its arguments.
    /// - Returns: What it printed on standard output, without the trailing newline.
    /// - Throws: ``Failure`` when it exits with a status other than 0, or does not exit in time.
    static func runBlocking(_ arguments: [String]) throws -> String {
        let launch = try Launch(arguments)
        try launch.start()
        // A failure bound only: `pgcluster.py stop` itself gives up on the server within 2 min.
        guard Wait.blocking(timeout: .seconds(180), { ChildExit.hasExited(launch.process) }) else {
            throw Failure(description: "\(arguments.first ?? "") did not exit within 180 s")
        }
        return try launch.result()
    }

    /// The process and the files its output goes to.
    private final class Launch {
        let process = Process()
        private let arguments: [String]
        private let outputURL: URL
        private let errorURL: URL

        init(_ arguments: [String]) throws {
            self.arguments = arguments
            let name = "command-\(UUID().uuidString)"
            outputURL = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".out")
            errorURL = FileManager.default.temporaryDirectory.appendingPathComponent(name + ".err")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
        }

        deinit {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }

        func start() throws {
            guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
                FileManager.default.createFile(atPath: errorURL.path, contents: nil)
            else { throw Failure(description: "cannot create files for the output of \(arguments.first ?? "")") }
            let output = try FileHandle(forWritingTo: outputURL)
            let error = try FileHandle(forWritingTo: errorURL)
            defer {
                try? output.close()
                try? error.close()
            }
            process.standardOutput = output
            process.standardError = error
            try process.run()
        }

        func result() throws -> String {
            let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
            let status = ChildExit.status(of: process)?.status
            guard status == 0 else {
                let error = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
                throw Failure(
                    description: "\(arguments.first ?? "") exited with \(status.map(String.init) ?? "?"): "
                        + error.trimmingCharacters(in: .whitespacesAndNewlines)
                )
            }
            return output.hasSuffix("\n") ? String(output.dropLast()) : output
        }
    }
}
