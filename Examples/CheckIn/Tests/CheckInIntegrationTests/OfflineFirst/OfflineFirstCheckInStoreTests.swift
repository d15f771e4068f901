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
        let backend = try await BackendStarts.backend(database: directory.path("backend.sqlite"))
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
        let backend = try await BackendStarts.backend(database: directory.path("backend.sqlite"))
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

    /// The backend answers 200 with a check-in, but another one: the check-in stays queued, and
    /// the sync says which id came back for which.
    @Test func aCheckInStaysQueuedWhenTheBackendAcknowledgesAnotherId() async throws {
        let directory = try TemporaryDirectory()
        let hostile = try await HostileServer.start()
        let other = UUID()
        let remote = CloudFunctionsCheckInClient(
            functionsURL: hostile.replying(body: #"{"id": "\#(other.uuidString)", "date_ms": 1800000000000}"#),
            token: "token"
        )
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: remote.client)
        let checkIn = try await offlineFirst.client.checkIn(at: Self.date)

        let error = await thrownError { () async throws(CheckInError) in try await offlineFirst.sync() }

        #expect(error?.kind == "backendFailure")
        #expect(error?.reason.contains(other.uuidString) == true)
        #expect(error?.reason.contains(checkIn.id.uuidString) == true)
        #expect(try await offlineFirst.pendingCount() == 1)
    }

    /// The composite believes no acknowledgement of another id, whatever the remote: a remote
    /// that reports success for a different check-in leaves the queue as it was.
    @Test func aRemoteThatAcknowledgesAnotherIdLeavesTheQueueAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let lying = CheckInClient(
            checkIn: { date, _ throws(CheckInError) in CheckIn(id: UUID(), date: date) },
            history: { _ throws(CheckInError) in [] },
            triggerAlert: { () throws(CheckInError) in throw .offline },
            cancelAlert: { _ throws(CheckInError) in throw .offline },
            activeAlert: { () throws(CheckInError) in nil }
        )
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: lying)
        let first = try await offlineFirst.client.checkIn(at: Self.date)
        _ = try await offlineFirst.client.checkIn(at: Self.date.addingTimeInterval(60))

        let error = await thrownError { () async throws(CheckInError) in try await offlineFirst.sync() }

        #expect(error?.reason.contains("\(first.id) stays queued") == true)
        #expect(try await offlineFirst.pendingCount() == 2)
    }

    /// The functions URL redirects the check-in to another origin, which would answer 200: the
    /// redirect is not followed, the token does not go there, the check-in stays queued.
    @Test(arguments: [302, 307])
    func aCheckInStaysQueuedWhenTheFunctionsURLRedirectsElsewhere(status: Int) async throws {
        let directory = try TemporaryDirectory()
        let hostile = try await HostileServer.start()
        let remote = CloudFunctionsCheckInClient(
            functionsURL: hostile.redirecting(status: status, to: hostile.otherOrigin.absoluteString + "/check-in"),
            token: "token"
        )
        let local = try SQLiteCheckInStore(path: directory.path("client.sqlite"))
        let offlineFirst = OfflineFirstCheckInStore(local: local, remote: remote.client)
        _ = try await offlineFirst.client.checkIn(at: Self.date)

        let error = await thrownError { () async throws(CheckInError) in try await offlineFirst.sync() }

        #expect(error?.kind == "misconfigured")
        #expect(error?.reason.contains("another origin") == true)
        #expect(try await offlineFirst.pendingCount() == 1)
        #expect(try hostile.records().allSatisfy { $0.listener == "main" })
    }

    /// A queued check-in damaged on disk is moved aside; the others still reach the backend.
    @Test func anUndecodableQueuedRowDoesNotBlockTheOthersFromSyncing() async throws {
        let directory = try TemporaryDirectory()
        let clientPath = directory.path("client.sqlite")
        var written: [CheckIn] = []
        do {
            let local = try SQLiteCheckInStore(path: clientPath)
            for minutes in 0..<3 {
                written.append(
                    try await local.checkInPendingSync(
                        at: Self.date.addingTimeInterval(Double(minutes) * 60),
                        idempotencyKey: UUID()
                    )
                )
            }
        }
        try executeSQL(
            "UPDATE check_ins SET date_ms = 'garbage' WHERE id = '\(written[0].id.uuidString)'",
            on: clientPath
        )
        let backend = try await BackendStarts.backend(database: directory.path("backend.sqlite"))
        defer { backend.stop() }
        let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token).client
        let offlineFirst = OfflineFirstCheckInStore(local: try SQLiteCheckInStore(path: clientPath), remote: remote)

        #expect(try await offlineFirst.sync() == 2)
        #expect(try await offlineFirst.pendingCount() == 0)
        #expect(Set(try await remote.history(limit: 10)) == Set(written[1...]))
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
