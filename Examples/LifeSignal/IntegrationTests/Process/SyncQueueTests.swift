import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// The offline-first queue as a person sees it: what is left in it when they quit, and a
/// damaged check-in in it.
@Suite struct SyncQueueTests {
    @Test func quittingWithCheckInsStillQueuedSaysSoAndWhere() async throws {
        let directory = try TemporaryDirectory()
        let url = "http://127.0.0.1:\(unusedLoopbackPort())"
        let app = try ChildProcess.lifeSignal(
            arguments: [
                "--data-dir", directory.path("data"), "--network", "none", "--functions-url", url, "--token", "t",
            ]
        )

        try await app.type("check-in", thenWaitFor: "1 check-in waiting to sync.")
        try app.type("quit")
        #expect(try await app.waitForExit().status == 0)

        #expect(
            app.lines.last
                == "Bye. 1 check-in is still waiting to sync. They are kept in \(directory.path("data/lifesignal-queue.sqlite"))"
                + " and sent the next time LifeSignal runs with the backend reachable."
        )
    }

    /// A queued check-in whose date was damaged on disk: reported once, with its id and the
    /// reason; the other queued check-ins reach the backend, and `history` shows them.
    @Test func aDamagedQueuedCheckInIsReportedOnceAndTheOthersStillSync() async throws {
        let directory = try TemporaryDirectory()
        let queue = directory.path("data/lifesignal-queue.sqlite")
        try FileManager.default.createDirectory(atPath: directory.path("data"), withIntermediateDirectories: true)
        var written: [CheckIn] = []
        do {
            let local = try SQLiteCheckInStore(path: queue)
            for minutes in 0..<3 {
                let date = Date(timeIntervalSinceNow: Double(minutes - 10) * 60)
                written.append(try await local.checkInPendingSync(at: date, idempotencyKey: UUID()))
            }
        }
        let damaged = written[1].id.uuidString
        try executeSQL("UPDATE check_ins SET date_ms = 'yesterday-ish' WHERE id = '\(damaged)'", on: queue)
        let backend = try await BackendProcess.start(databasePath: directory.path("backend.sqlite"))
        let arguments = [
            "--data-dir", directory.path("data"), "--network", "none", "--functions-url", backend.url.absoluteString,
            "--token", backend.token,
        ]
        let report =
            "LifeSignal: check-in \(damaged) in \(queue) cannot be read (its date is TEXT 'yesterday-ish', not a "
            + "number of milliseconds): it was moved to the table quarantined_check_ins of that file and is neither "
            + "synced nor shown."

        let first = try ChildProcess.lifeSignal(arguments: arguments)
        try await first.waitForOutput("Synced 2 check-ins to the backend.")
        try await first.type("history", thenWaitFor: "History (2 check-ins, newest first):")
        try first.type("quit")
        #expect(try await first.waitForExit().status == 0)
        #expect(first.lines.filter { $0 == report }.count == 1, "\(first.output)")

        let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: backend.token).client
        #expect(Set(try await remote.history(limit: 10).map(\.id)) == [written[0].id, written[2].id])

        let second = try ChildProcess.lifeSignal(arguments: arguments)
        try await second.type("history", thenWaitFor: "History (2 check-ins, newest first):")
        try second.type("quit")
        #expect(try await second.waitForExit().status == 0)
        #expect(!second.output.contains("cannot be read"))
    }
}
