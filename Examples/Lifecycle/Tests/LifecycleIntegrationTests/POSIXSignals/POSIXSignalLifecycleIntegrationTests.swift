import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real signals sent to the `LifecycleSignalProbe` child process, which runs
/// `POSIXSignalLifecycle` and prints every event it receives (acknowledging it after printing).
@Suite struct POSIXSignalLifecycleIntegrationTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let terminatingSignal: Int32
        let name: String
        let closingLines: [String]
        /// Whether the probe acknowledges each event. When it does, the adapter stops the
        /// process only after the probe has printed the events; when it does not, the adapter's
        /// timeout may stop it first, and the probe prints them once it continues.
        var acknowledges = true

        var testDescription: String { name }
    }

    static let scenarios = [
        Scenario(arguments: [], terminatingSignal: SIGTERM, name: "SIGTERM, exit(0)", closingLines: []),
        Scenario(
            arguments: ["--finish-stream"],
            terminatingSignal: SIGINT,
            name: "SIGINT, stream finishes",
            closingLines: ["finished"]
        ),
        Scenario(arguments: [], terminatingSignal: SIGHUP, name: "SIGHUP as termination", closingLines: []),
        // The timeout is also how long the probe has to print `willTerminate` before the
        // adapter exits: long enough for a thread of a busy machine to get its turn.
        Scenario(
            arguments: ["--no-acknowledge", "--timeout-ms", "1000"],
            terminatingSignal: SIGTERM,
            name: "never acknowledged: the timeouts still suspend and exit",
            closingLines: [],
            acknowledges: false
        ),
    ]

    @Test(arguments: scenarios)
    func suspendsForRealResumesAndExitsCleanly(scenario: Scenario) async throws {
        let probe = try ChildProcess("LifecycleSignalProbe", arguments: scenario.arguments)
        try await probe.waitForLines(2)
        #expect(probe.lines == ["ready", "didBecomeActive"])

        probe.send(SIGTSTP)
        try await probe.waitUntilStopped()
        if scenario.acknowledges {
            try await probe.waitForLines(4)
            #expect(probe.lines == ["ready", "didBecomeActive", "willBecomeInactive", "didEnterBackground"])
        }

        // Only now: a SIGCONT sent while SIGTSTP is still pending would discard it.
        probe.send(SIGCONT)
        try await probe.waitForLines(6)

        probe.send(scenario.terminatingSignal)
        let (status, reason) = try await probe.waitForExit()
        #expect(
            probe.lines == [
                "ready", "didBecomeActive", "willBecomeInactive", "didEnterBackground", "willEnterForeground",
                "didBecomeActive", "willTerminate",
            ] + scenario.closingLines
        )
        #expect(status == 0)
        #expect(reason == .exit)
    }

    @Test func stoppingTheStreamRestoresTheDefaultDispositions() async throws {
        let probe = try ChildProcess("LifecycleSignalProbe", arguments: ["--stop-after-first-event"])
        try await probe.waitForLines(3)
        #expect(probe.lines == ["ready", "didBecomeActive", "restored"])

        // Default SIGTSTP action: the kernel stops the process; no event, no SIGSTOP from us.
        probe.send(SIGTSTP)
        try await probe.waitUntilStopped()
        probe.send(SIGCONT)
        try await probe.waitUntilContinued()

        // Default SIGTERM action: killed by the signal, not a clean exit.
        probe.send(SIGTERM)
        let (status, reason) = try await probe.waitForExit()
        #expect(probe.lines == ["ready", "didBecomeActive", "restored"])
        #expect(reason == .uncaughtSignal)
        #expect(status == SIGTERM)
    }
}
