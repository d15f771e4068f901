import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A PostgreSQL server of the test's own, which it may kill: `Backend/pgcluster.py start` in a
/// directory of the test's, stopped and removed by ``stop()`` or when released. The
/// load-and-faults test kills it as a crash would (``kill()``) and starts it again
/// (``restart()``), while backends keep serving.
final class PostgreSQLCluster: Sendable {
    /// Its directory: the data, the Unix socket, the log.
    let directory: String
    /// The URL of its `checkin` database.
    let url: String

    private init(directory: String, url: String) {
        self.directory = directory
        self.url = url
    }

    deinit { stop() }

    /// Creates and starts a cluster in `directory` (which need not exist).
    ///
    /// - Parameter directory: Its directory.
    /// - Returns: The running cluster.
    /// - Throws: ``Command/Failure`` with `pgcluster.py`'s message.
    static func start(in directory: String) async throws -> PostgreSQLCluster {
        let url = try await Command.run(["python3", PostgreSQLTestServer.clusterScript.path, "start", directory])
        return PostgreSQLCluster(directory: directory, url: url)
    }

    /// Kills the server the way a crash does: SIGKILL to the postmaster and to every process it
    /// started, then waits until they are gone (not even zombies), so that it can start again.
    ///
    /// - Returns: How many processes were killed.
    /// - Throws: When the server is not running, or its processes outlive the bound.
    @discardableResult
    func kill() async throws -> Int {
        let pidFile = "\(directory)/data/postmaster.pid"
        let firstLine = try String(contentsOfFile: pidFile, encoding: .utf8).split(separator: "\n").first
        let postmaster = try #require(firstLine.flatMap { pid_t($0) }, "no process id in \(pidFile)")
        let processes = [postmaster] + Self.children(of: postmaster)
        for process in processes { sendSIGKILL(process) }
        try await Wait.until("PostgreSQL's \(processes.count) killed processes to be gone", timeout: .seconds(60)) {
            processes.allSatisfy { !FileManager.default.fileExists(atPath: "/proc/\($0)") }
        }
        return processes.count
    }

    /// Starts the server again on its data, as after a crash: PostgreSQL replays its
    /// write-ahead log before it accepts connections, and `pgcluster.py` waits for that.
    ///
    /// - Throws: ``Command/Failure`` with `pgcluster.py`'s message.
    func restart() async throws {
        _ = try await Command.run(["python3", PostgreSQLTestServer.clusterScript.path, "start", directory])
    }

    /// Stops the server and removes its directory (blocking).
    func stop() {
        _ = try? Command.runBlocking(["python3", PostgreSQLTestServer.clusterScript.path, "stop", directory])
    }

    /// The processes whose parent is `parent`, from `/proc/<pid>/stat`.
    private static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the command name in parentheses: the state, then the parent's process id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }
}
