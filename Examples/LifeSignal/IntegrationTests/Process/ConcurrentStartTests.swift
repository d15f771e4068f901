import ExampleTestSupport
import Foundation
import Testing

/// Two LifeSignal processes started at once on a fresh data directory: one creates the schema,
/// the other waits for it and finds it done — both start, twenty times over.
@Suite struct ConcurrentStartTests {
    @Test func twoInstancesStartingTogetherOnAFreshDirectoryBothSucceed() async throws {
        for round in 1...20 {
            let directory = try TemporaryDirectory()
            let arguments = ["--data-dir", directory.path("data"), "--network", "none"]
            let first = try ChildProcess.lifeSignal(arguments: arguments, input: .none)
            let second = try ChildProcess.lifeSignal(arguments: arguments, input: .none)

            let statuses = [try await first.waitForExit().status, try await second.waitForExit().status]

            #expect(statuses == [0, 0], "round \(round): \(first.errorOutput) \(second.errorOutput)")
            #expect(first.errorOutput.isEmpty && second.errorOutput.isEmpty, "round \(round)")
        }
    }
}
