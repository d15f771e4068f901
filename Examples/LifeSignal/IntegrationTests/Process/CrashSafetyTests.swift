import CheckInAdapters
import CheckInClient
import ExampleTestSupport
import Foundation
import Testing

/// The offline-first promise end to end: a check-in made while the backend is down survives a
/// SIGKILL and reaches the backend exactly once when the app comes back with the backend up.
@Suite struct CrashSafetyTests {
    @Test func aCheckInMadeWhileTheBackendIsDownReachesItExactlyOnceAfterACrash() async throws {
        let directory = try TemporaryDirectory()
        let data = directory.path("data")
        let token = "crash-safety-token"
        let before = Date()

        // 1. The backend is down: nothing listens on the port. The check-in is queued, then the app is killed.
        let downURL = "http://127.0.0.1:\(unusedLoopbackPort())"
        let first = try ChildProcess.lifeSignal(
            arguments: ["--data-dir", data, "--network", "none", "--functions-url", downURL, "--token", token]
        )
        try await first.type("check-in", thenWaitFor: "1 check-in waiting to sync.")
        #expect(first.output.contains("Checked in at "))
        try await first.killHard()
        #expect(FileManager.default.fileExists(atPath: directory.path("data/lifesignal-queue.sqlite")))

        // 2. The backend is up: the next start syncs the queued check-in.
        let backend = try await BackendProcess.start(databasePath: directory.path("backend.sqlite"), token: token)
        let arguments = [
            "--data-dir", data, "--network", "none", "--functions-url", backend.url.absoluteString, "--token", token,
        ]
        let second = try ChildProcess.lifeSignal(arguments: arguments)
        try await second.waitForOutput("Synced 1 check-in to the backend.")
        try second.type("quit")
        #expect(try await second.waitForExit().status == 0)

        let remote = CloudFunctionsCheckInClient(functionsURL: backend.url, token: token).client
        let afterSecond = try await remote.history(limit: 100)
        #expect(afterSecond.count == 1)
        let checkIn = try #require(afterSecond.first)
        #expect(checkIn.date >= before.addingTimeInterval(-1) && checkIn.date <= Date())

        // 3. A third start has nothing left to push and does not duplicate it.
        let third = try ChildProcess.lifeSignal(arguments: arguments)
        try await third.type("status", thenWaitFor: "Last check-in: ")
        try third.type("quit")
        #expect(try await third.waitForExit().status == 0)
        #expect(!third.output.contains("Synced"))
        #expect(try await remote.history(limit: 100) == [checkIn])
    }
}
