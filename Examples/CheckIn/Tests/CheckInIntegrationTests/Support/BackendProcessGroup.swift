import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

import class Aqueduct.LockedValue

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reference backends over one database, as a deployment runs them behind a load balancer:
/// started together, each on a loopback port of its own, each writing its process id to a file
/// (`--pid-file`) so that a test can kill it, stopped by ``stop()`` or when released.
///
/// ```swift
/// let backends = try await BackendProcessGroup.start(4, database: database, in: directory)
/// let clients = backends.clients()   // one cloud-functions client per process
/// ```
final class BackendProcessGroup: Sendable {
    /// `@unchecked Sendable`: a `BackendProcess` (which owns a `Process`) is not `Sendable`; a
    /// member is made by the task that starts it, handed to ``members`` once, and used only
    /// under its lock afterwards.
    private struct Member: @unchecked Sendable {
        let backend: BackendProcess
        let pidFile: String
    }

    /// The `--database` the processes serve.
    let database: String
    private let directory: TemporaryDirectory
    private let members: LockedValue<[Member]>

    private init(database: String, directory: TemporaryDirectory, members: [Member]) {
        self.database = database
        self.directory = directory
        self.members = LockedValue(members)
    }

    deinit { stop() }

    /// Starts `count` backends at once (not one after another: each starts while the others
    /// do, as processes of a deployment starting together).
    ///
    /// - Parameters:
    ///   - count: How many.
    ///   - database: The `--database` they all serve.
    ///   - directory: Where their process-id files go.
    /// - Returns: The group, once every process listens.
    /// - Throws: The ``ServerProcess/StartupError`` of the first one that did not start.
    static func start(
        _ count: Int,
        database: String,
        in directory: TemporaryDirectory
    ) async throws
        -> BackendProcessGroup
    {
        let started = LockedValue<[Member]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    let member = try await Self.startMember(database: database, in: directory)
                    started.withLock { $0.append(member) }
                }
            }
            try await group.waitForAll()
        }
        let members = started.withLock { members in
            let all = members
            members = []
            return all
        }
        return BackendProcessGroup(database: database, directory: directory, members: members)
    }

    private static func startMember(database: String, in directory: TemporaryDirectory) async throws -> Member {
        let pidFile = directory.path("backend-\(UUID().uuidString).pid")
        let backend = try await BackendProcess.start(databasePath: database, arguments: ["--pid-file", pidFile])
        return Member(backend: backend, pidFile: pidFile)
    }

    /// The processes' URLs, in the group's order.
    var urls: [URL] { members.withLock { $0.map(\.backend.url) } }

    /// One cloud-functions client per process, in the group's order.
    func clients() -> [CheckInClient] {
        members.withLock { members in members.map { Self.client(of: $0.backend) } }
    }

    /// A cloud-functions client of process `index`.
    func client(_ index: Int) -> CheckInClient {
        members.withLock { Self.client(of: $0[index].backend) }
    }

    private static func client(of backend: BackendProcess) -> CheckInClient {
        CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token).client
    }

    /// Kills process `index` with SIGKILL: no handler runs, requests in flight are cut off.
    ///
    /// - Parameter index: Its place in the group.
    /// - Returns: Its process id.
    /// - Throws: When its process-id file cannot be read.
    @discardableResult
    func kill(_ index: Int) throws -> pid_t {
        let pidFile = members.withLock { $0[index].pidFile }
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(pidFile)")
        sendSIGKILL(pid)
        return pid
    }

    /// Starts a new process in place of process `index` (on another port), as a supervisor
    /// replaces one that died.
    ///
    /// - Parameter index: Its place in the group.
    /// - Throws: The ``ServerProcess/StartupError`` if it does not start.
    func replace(_ index: Int) async throws {
        let member = try await Self.startMember(database: database, in: directory)
        members.withLock { $0[index] = member }
    }

    /// Stops every process (SIGTERM, then SIGKILL after 5 s).
    func stop() {
        members.withLock { members in
            for member in members { member.backend.stop() }
        }
    }
}

/// SIGKILL to `pid`: `kill(2)`, which the `kill` methods of ``BackendProcessGroup`` and
/// ``PostgreSQLCluster`` hide by their name.
func sendSIGKILL(_ pid: pid_t) {
    kill(pid, SIGKILL)
}
