import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

import class Aqueduct.LockedValue

/// Many apps checking in through the offline-first adapter, against several backend processes
/// over one database, while a backend process — and on PostgreSQL the database server itself —
/// is killed with SIGKILL and brought back: every check-in the apps queued is stored exactly
/// once.
///
/// Loopback only, and bounded: 200 apps × 4 check-ins, and once the faults are repaired at most
/// 25 failed syncs per app (within the suite's time limit). What moves the test on is events —
/// acknowledgements counted, a request seen failing after each kill — never the clock: the
/// apps' check-ins are released in three portions, the next only after the fault before it,
/// so that every fault meets apps with work queued. Time appears only in the figures printed
/// (requests per second, p50/p99 latency of the acknowledged check-ins; see the example's
/// README for measured ones).
@Suite("Reference backend under load and faults", .serialized, .timeLimit(.minutes(10)))
struct BackendLoadAndFaultsTests {
    private static let processCount = 4
    private static let appCount = 200
    private static let checkInsPerApp = 4
    private static let checkInCount = appCount * checkInsPerApp
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Check-ins 0 and 1 of every app are released at once, 2 after the backend process was
    /// killed, 3 after PostgreSQL was (or with 2, on SQLite).
    private static func portion(ofCheckIn index: Int) -> Int { max(0, index - 1) }

    @Test(arguments: BackendStorage.available)
    func everyQueuedCheckInIsStoredExactlyOnceThroughKills(storage: BackendStorage) async throws {
        let directory = try TemporaryDirectory()
        let cluster = storage == .postgresql ? try await PostgreSQLCluster.start(in: directory.path("pg")) : nil
        defer { cluster?.stop() }
        let database = cluster?.url ?? directory.path("backend.sqlite")
        let backends = try await BackendProcessGroup.start(Self.processCount, database: database, in: directory)
        defer { backends.stop() }
        let monitor = LoadMonitor()
        let remote = RoundRobinRemote(clients: backends.clients(), monitor: monitor)
        var apps: [OfflineFirstCheckInStore] = []
        for index in 0..<Self.appCount {
            let local = try SQLiteCheckInStore(path: directory.path("app-\(index).sqlite"))
            apps.append(OfflineFirstCheckInStore(local: local, remote: remote.client))
        }

        monitor.begin()
        let kills = LockedValue<[String]>([])
        let queued = try await withThrowingTaskGroup(of: [CheckIn].self) { group in
            for (index, app) in apps.enumerated() {
                group.addTask { try await Self.run(app: app, index: index, monitor: monitor) }
            }
            group.addTask {
                try await monitor.wait { $0.acknowledged >= Self.checkInCount * 2 / 5 }
                var failed = monitor.markFirstFault()
                let pid = try backends.kill(0)
                monitor.release(portion: 1)
                try await monitor.wait { [failed] in $0.failed > failed }
                try await backends.replace(0)
                remote.replace(0, with: backends.client(0))
                kills.withLock { $0.append("backend process \(pid)") }
                if let cluster {
                    try await monitor.wait { $0.acknowledged >= Self.checkInCount * 3 / 5 }
                    failed = monitor.counts.failed
                    let killed = try await cluster.kill()
                    monitor.release(portion: 2)
                    try await monitor.wait { [failed] in $0.failed > failed }
                    try await cluster.restart()
                    kills.withLock { $0.append("PostgreSQL (\(killed) processes)") }
                } else {
                    monitor.release(portion: 2)
                }
                monitor.markRepaired()
                return []
            }
            var queued: [CheckIn] = []
            for try await checkIns in group { queued += checkIns }
            return queued
        }
        monitor.end()

        let stored = try await backends.client(1).history(limit: CheckInClient.historyLimitRange.upperBound)
        let storedIDs = Set(stored.map(\.id))
        let queuedByID = Dictionary(uniqueKeysWithValues: queued.map { ($0.id, $0) })
        let duplicates = stored.count - storedIDs.count
        let killed = kills.withLock { $0 }
        print(
            """
            Load and faults over \(storage): \(Self.processCount) backend processes, \(Self.appCount) offline-first apps, \
            \(Self.checkInCount) check-ins
            \(monitor.report())
              kills survived: \(killed.count) (\(killed.joined(separator: ", ")), SIGKILL); \
            rows expected \(queued.count) = rows stored \(stored.count), duplicates \(duplicates)
            """
        )

        #expect(queued.count == Self.checkInCount)
        #expect(stored.count == queued.count)
        #expect(duplicates == 0)
        #expect(storedIDs == Set(queuedByID.keys))
        #expect(stored.allSatisfy { queuedByID[$0.id] == $0 }, "each stored with the date it was queued with")
        #expect(killed.count == (storage == .postgresql ? 2 : 1))
        for app in apps {
            #expect(try await app.pendingCount() == 0)
        }
    }

    /// One app: checks in (locally, queued) as its check-ins are released, syncing after each
    /// and, while it waits for the next to be released, until its queue is empty; then syncs
    /// until its queue is empty. A failed sync is tried again after a pause that
    /// grows with the failures in a row (pacing, not correctness).
    private static func run(app: OfflineFirstCheckInStore, index: Int, monitor: LoadMonitor) async throws -> [CheckIn] {
        var queued: [CheckIn] = []
        var failuresInARow = 0
        var failuresAfterRepair = 0
        func sync() async throws {
            do {
                _ = try await app.sync()
                failuresInARow = 0
            } catch {
                failuresInARow += 1
                if monitor.counts.repaired {
                    failuresAfterRepair += 1
                    try #require(
                        failuresAfterRepair <= 25,
                        "app \(index) still cannot sync after the repairs: \(error)"
                    )
                }
                try await Task.sleep(for: .milliseconds(min(250, 5 << min(failuresInARow, 6))))
            }
        }
        for number in 0..<checkInsPerApp {
            let portion = portion(ofCheckIn: number)
            // Until the portion is released, the app syncs what a fault left queued: the
            // faults wait for acknowledgements, which an app that only waited would withhold.
            while monitor.counts.released < portion {
                if try await app.pendingCount() > 0 {
                    try await sync()
                } else {
                    try await monitor.wait { $0.released >= portion }
                }
            }
            let date = start.addingTimeInterval(Double(index * checkInsPerApp + number))
            queued.append(try await app.client.checkIn(at: date))
            try await sync()
        }
        while try await app.pendingCount() > 0 {
            try await sync()
        }
        return queued
    }
}

/// The apps' remote: each check-in goes to the next backend process in turn (as a load
/// balancer would send it), and its outcome and latency go to the ``LoadMonitor``.
private final class RoundRobinRemote: Sendable {
    private let clients: LockedValue<(all: [CheckInClient], next: Int)>
    private let monitor: LoadMonitor

    init(clients: [CheckInClient], monitor: LoadMonitor) {
        self.clients = LockedValue((clients, 0))
        self.monitor = monitor
    }

    /// Puts `client` in the place of process `index`.
    func replace(_ index: Int, with client: CheckInClient) {
        clients.withLock { $0.all[index] = client }
    }

    private func nextClient() -> CheckInClient {
        clients.withLock { clients in
            defer { clients.next = (clients.next + 1) % clients.all.count }
            return clients.all[clients.next]
        }
    }

    /// Check-ins through the processes in turn; the other operations are not part of the load.
    var client: CheckInClient {
        CheckInClient(
            checkIn: { date, key throws(CheckInError) in
                let client = self.nextClient()
                let clock = ContinuousClock()
                let sent = clock.now
                do throws(CheckInError) {
                    let checkIn = try await client.checkIn(at: date, idempotencyKey: key)
                    self.monitor.record(acknowledged: true, latency: clock.now - sent)
                    return checkIn
                } catch {
                    self.monitor.record(acknowledged: false, latency: clock.now - sent)
                    throw error
                }
            },
            history: { limit throws(CheckInError) in try await self.nextClient().history(limit: limit) },
            triggerAlert: { () throws(CheckInError) in try await self.nextClient().triggerAlert() },
            cancelAlert: { id throws(CheckInError) in try await self.nextClient().cancelAlert(id: id) },
            activeAlert: { () throws(CheckInError) in try await self.nextClient().activeAlert() }
        )
    }
}

/// What the load test counts — the portions of check-ins released, the requests acknowledged
/// and failed, their latencies — and a way to await a count: each change resumes the tasks
/// whose condition now holds. A cancelled wait throws `CancellationError`.
private final class LoadMonitor: Sendable {
    struct Counts: Sendable {
        /// The last portion of the apps' check-ins released (0, 1, 2).
        var released = 0
        var acknowledged = 0
        var failed = 0
        /// Whether every fault has been repaired.
        var repaired = false
    }

    private struct Waiter {
        let id: Int
        let condition: @Sendable (Counts) -> Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var counts = Counts()
        var latencies: [Duration] = []
        var waiters: [Waiter] = []
        var lastWaiterID = 0
        var began = ContinuousClock.now
        var ended = ContinuousClock.now
        /// When the first fault came, and what had been counted by then.
        var firstFault: (at: ContinuousClock.Instant, counts: Counts, latencies: Int)?
    }

    private let state = LockedValue(State())

    var counts: Counts { state.withLock { $0.counts } }

    func record(acknowledged: Bool, latency: Duration) {
        update { state in
            if acknowledged {
                state.counts.acknowledged += 1
                state.latencies.append(latency)
            } else {
                state.counts.failed += 1
            }
        }
    }

    func release(portion: Int) {
        update { $0.counts.released = portion }
    }

    /// Notes that the load starts now.
    func begin() {
        state.withLock { $0.began = .now }
    }

    /// Notes that the load has ended.
    func end() {
        state.withLock { $0.ended = .now }
    }

    /// Notes that the first fault comes now, for the figures of the run before it.
    ///
    /// - Returns: The requests failed so far.
    func markFirstFault() -> Int {
        state.withLock { state in
            state.firstFault = (ContinuousClock.now, state.counts, state.latencies.count)
            return state.counts.failed
        }
    }

    func markRepaired() {
        update { $0.counts.repaired = true }
    }

    /// Returns once `condition` holds.
    func wait(until condition: @escaping @Sendable (Counts) -> Bool) async throws {
        let id = state.withLock { state in
            state.lastWaiterID += 1
            return state.lastWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let now: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if condition(state.counts) { return .success(()) }
                    state.waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let cancelled = state.withLock { state in
                let index = state.waiters.firstIndex { $0.id == id }
                return index.map { state.waiters.remove(at: $0).continuation }
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let met = state.withLock { state in
            change(&state)
            let counts = state.counts
            let met = state.waiters.filter { $0.condition(counts) }.map(\.continuation)
            state.waiters.removeAll { $0.condition(counts) }
            return met
        }
        for continuation in met { continuation.resume() }
    }

    /// The figures: requests per second and the latency of acknowledged check-ins, before the
    /// first fault and over the whole run.
    func report() -> String {
        state.withLock { state in
            var lines: [String] = []
            if let fault = state.firstFault {
                let latencies = Array(state.latencies[..<fault.latencies])
                lines.append(
                    "  before the first kill: " + Self.figures(fault.counts, fault.at - state.began, latencies)
                )
            }
            let whole = Self.figures(state.counts, state.ended - state.began, state.latencies)
            lines.append("  whole run, through the kills: " + whole)
            return lines.joined(separator: "\n")
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func figures(_ counts: Counts, _ elapsed: Duration, _ latencies: [Duration]) -> String {
        let requests = counts.acknowledged + counts.failed
        let seconds = Self.seconds(elapsed)
        let sorted = latencies.sorted()
        func milliseconds(_ quantile: Double) -> String {
            guard !sorted.isEmpty else { return "-" }
            let latency = sorted[min(sorted.count - 1, Int(Double(sorted.count) * quantile))]
            return String(format: "%.1f ms", Self.seconds(latency) * 1e3)
        }
        return "\(requests) requests (\(counts.failed) failed and retried) in \(String(format: "%.1f", seconds)) s = "
            + "\(Int((Double(requests) / seconds).rounded())) requests/s; "
            + "acknowledged check-ins p50 \(milliseconds(0.5)), p99 \(milliseconds(0.99))"
    }
}
