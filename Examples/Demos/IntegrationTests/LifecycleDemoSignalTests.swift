import ExampleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Real signals sent to `LifecycleDemo`: the logger's transcript shows the lifecycle events,
/// the reachability commands bridged from them, and a clean exit.
@Suite struct LifecycleDemoSignalTests {
    @Test func suspendResumeAndTerminateAreLoggedAndExitIsClean() async throws {
        let demo = try ChildProcess("LifecycleDemo", arguments: ["--network", "none"], errorOutput: .mergedIntoOutput)
        try await demo.waitForLoggedActions(3)
        #expect(
            demo.loggedActions == [
                "lifecycle(AppLifecycleAction.didBecomeActive)",
                "reachability(ReachabilityEvent.startMonitoring)",
                "reachability(ReachabilityEvent.disconnected)",
            ]
        )

        demo.send(SIGTSTP)
        try await demo.waitUntilStopped()
        try await demo.waitForLoggedActions(6)
        #expect(
            demo.loggedActions.suffix(3) == [
                "lifecycle(AppLifecycleAction.willBecomeInactive)",
                "lifecycle(AppLifecycleAction.didEnterBackground)",
                "reachability(ReachabilityEvent.stopMonitoring)",
            ]
        )

        // Only once it is stopped: a SIGCONT while SIGTSTP is pending would discard it.
        demo.send(SIGCONT)
        try await demo.waitForLoggedActions(9)
        demo.send(SIGTERM)
        let (status, reason) = try await demo.waitForExit()

        #expect(
            demo.loggedActions.suffix(4) == [
                "lifecycle(AppLifecycleAction.willEnterForeground)",
                "lifecycle(AppLifecycleAction.didBecomeActive)",
                "reachability(ReachabilityEvent.startMonitoring)",
                "lifecycle(AppLifecycleAction.willTerminate)",
            ]
        )
        #expect(
            demo.output.contains(
                "Bridged from lifecycle(AppLifecycleAction.didEnterBackground) at DemoBridges.swift, demoBridges:12"
            )
        )
        #expect(status == 0)
        #expect(reason == .exit)
    }
}

extension ChildProcess {
    /// What the demo's logger printed, in order.
    fileprivate var loggedActions: [String] { Self.loggedActions(in: output) }

    fileprivate func waitForLoggedActions(_ count: Int) async throws {
        try await waitUntil("\(count) logged actions, got \(loggedActions)") { $0.loggedActions.count >= count }
    }
}
