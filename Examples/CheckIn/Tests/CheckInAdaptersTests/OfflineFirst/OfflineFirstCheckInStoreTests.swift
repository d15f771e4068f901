import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// Writes go local first and are synced in order, exactly once, across restarts.
@Suite("Offline-first check-ins")
struct OfflineFirstCheckInStoreTests {
    private static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// An adapter pointed at a loopback port nothing listens on: every call is refused.
    private static func unreachableRemote() throws -> CheckInClient {
        let url = try #require(URL(string: "http://127.0.0.1:\(unusedLoopbackPort())"))
        return CloudFunctionsCheckInClient(functionsURL: url, token: "token", timeout: 10).client
    }

    @Test func checkInWhileOfflineSucceedsLocallyAndStaysPending() async throws {
        let directory = try TemporaryDirectory()
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: try Self.unreachableRemote())

        let checkIn = try await offlineFirst.client.checkIn(at: Self.date)
        let syncError = await thrownError { () async throws(CheckInError) in try await offlineFirst.sync() }

        #expect(syncError == .offline)
        #expect(try await offlineFirst.pendingCount() == 1)
        #expect(try await offlineFirst.client.history(limit: 10) == [checkIn])
    }

    @Test func pendingCheckInsReachTheBackendExactlyOnceAfterARestart() async throws {
        let directory = try TemporaryDirectory()
        let clientPath = directory.path("client.sqlite")

        // Run 1: the backend is down. The check-ins are stored locally, then the app "dies".
        var written: [CheckIn] = []
        do {
            let local = try SQLiteCheckInStore(path: clientPath)
            let offlineFirst = OfflineFirstCheckInStore(local: local, remote: try Self.unreachableRemote())
            written.append(try await offlineFirst.client.checkIn(at: Self.date.addingTimeInterval(60)))
            written.append(try await offlineFirst.client.checkIn(at: Self.date))
            #expect(await thrownError { () async throws(CheckInError) in try await offlineFirst.sync() } == .offline)
        }

        // Run 2: a fresh process on the same file, the backend is up.
        let backend = try await BackendProcess.start(databasePath: directory.path("backend.sqlite"))
        defer { backend.stop() }
        let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token).client
        let local = try SQLiteCheckInStore(path: clientPath)
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: remote)
        #expect(try await offlineFirst.pendingCount() == 2)

        #expect(try await offlineFirst.sync() == 2)
        #expect(try await offlineFirst.pendingCount() == 0)
        #expect(Set(try await remote.history(limit: 1000)) == Set(written))

        #expect(try await offlineFirst.sync() == 0)
        #expect(try await remote.history(limit: 1000).count == 2)
    }

    @Test func checkInAcknowledgedButNotMarkedSyncedIsNotDuplicated() async throws {
        // A crash after the backend stored the check-in but before the local queue was updated:
        // the next sync sends the same idempotency key again.
        let directory = try TemporaryDirectory()
        let backend = try await BackendProcess.start(databasePath: directory.path("backend.sqlite"))
        defer { backend.stop() }
        let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token).client
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: remote)
        let checkIn = try await offlineFirst.client.checkIn(at: Self.date)
        _ = try await remote.checkIn(at: checkIn.date, idempotencyKey: checkIn.id)

        #expect(try await offlineFirst.sync() == 1)

        #expect(try await remote.history(limit: 1000) == [checkIn])
    }

    @Test func syncPushesInWriteOrderAndStopsAtTheFirstFailure() async throws {
        let directory = try TemporaryDirectory()
        let remote = RecordingRemote(failingCall: 3)
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: remote.client)
        var written: [UUID] = []
        for minutes in [30.0, 10.0, 20.0, 0.0] {
            written.append(try await offlineFirst.client.checkIn(at: Self.date.addingTimeInterval(minutes * 60)).id)
        }

        let error = await thrownError { () async throws(CheckInError) in try await offlineFirst.sync() }

        #expect(error == .offline)
        #expect(await remote.received == Array(written.prefix(2)))
        #expect(try await offlineFirst.pendingCount() == 2)

        await remote.recover()
        #expect(try await offlineFirst.sync() == 2)
        #expect(await remote.received == written)
        #expect(try await offlineFirst.pendingCount() == 0)
    }

    @Test func concurrentSyncsPushEachCheckInOnce() async throws {
        let directory = try TemporaryDirectory()
        let remote = RecordingRemote(failingCall: nil)
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: remote.client)
        var written: [UUID] = []
        for offset in 0..<20 {
            written.append(try await offlineFirst.client.checkIn(at: Self.date.addingTimeInterval(Double(offset))).id)
        }

        let pushed = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { try await offlineFirst.sync() }
            }
            return try await group.reduce(0, +)
        }

        #expect(pushed == written.count)
        #expect(await remote.received == written)
        #expect(try await offlineFirst.pendingCount() == 0)
    }

    @Test func alertsNeedTheRemote() async throws {
        let directory = try TemporaryDirectory()
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: try Self.unreachableRemote())

        let error = await thrownError { () async throws(CheckInError) in try await offlineFirst.client.triggerAlert() }

        #expect(error == .offline)
    }
}

/// A remote that records the idempotency keys it receives and fails its n-th call (1-based)
/// with ``CheckInError/offline`` until it recovers.
private actor RecordingRemote {
    private(set) var received: [UUID] = []
    private var calls = 0
    private var failingCall: Int?

    init(failingCall: Int?) {
        self.failingCall = failingCall
    }

    func recover() { failingCall = nil }

    func receive(_ key: UUID, date: Date) throws(CheckInError) -> CheckIn {
        calls += 1
        if calls == failingCall { throw .offline }
        received.append(key)
        return CheckIn(id: key, date: date)
    }

    nonisolated var client: CheckInClient {
        CheckInClient(
            checkIn: { date, key throws(CheckInError) in try await self.receive(key, date: date) },
            history: { _ throws(CheckInError) in [] },
            triggerAlert: { () throws(CheckInError) in throw .offline },
            cancelAlert: { _ throws(CheckInError) in throw .offline },
            activeAlert: { () throws(CheckInError) in nil }
        )
    }
}
