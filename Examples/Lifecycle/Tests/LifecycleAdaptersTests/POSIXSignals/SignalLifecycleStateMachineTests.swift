import LifecycleClient
import Testing

@testable import LifecycleAdapters

@Suite struct SignalLifecycleStateMachineTests {
    private typealias Machine = SignalLifecycleStateMachine

    private func started(emitsInitialActivation: Bool = true) -> Machine {
        var machine = Machine(emitsInitialActivation: emitsInitialActivation)
        _ = machine.receive(.start)
        return machine
    }

    @Test func startEmitsTheInitialActivationWhenConfigured() {
        var machine = Machine(emitsInitialActivation: true)
        #expect(machine.receive(.start) == [.emit(.didBecomeActive)])
        var silent = Machine(emitsInitialActivation: false)
        #expect(silent.receive(.start) == [])
    }

    @Test func inputsBeforeStartAreIgnored() {
        var machine = Machine(emitsInitialActivation: true)
        #expect(machine.receive(.signal(.terminalStop)) == [])
        #expect(machine.receive(.signal(.terminate)) == [])
        #expect(machine.receive(.start) == [.emit(.didBecomeActive)])
    }

    @Test func terminalStopSuspendsOnlyAfterTheBackgroundIsAcknowledged() {
        var machine = started()
        #expect(
            machine.receive(.signal(.terminalStop)) == [
                .emit(.willBecomeInactive), .emit(.didEnterBackground), .scheduleTimeout(generation: 1),
            ]
        )
        #expect(machine.receive(.acknowledged(.willBecomeInactive)) == [])
        #expect(machine.receive(.acknowledged(.didEnterBackground)) == [.suspendProcess])
        #expect(machine.receive(.resumedFromSuspension) == [.emit(.willEnterForeground), .emit(.didBecomeActive)])
        // The SIGCONT that continued the process arrives after the return from raise(SIGSTOP).
        #expect(machine.receive(.signal(.resume)) == [])
    }

    @Test func repeatedTerminalStopsWhileSuspendingAreIgnored() {
        var machine = started()
        _ = machine.receive(.signal(.terminalStop))
        #expect(machine.receive(.signal(.terminalStop)) == [])
    }

    @Test func resumeWhileActiveEmitsNothing() {
        var machine = started()
        #expect(machine.receive(.signal(.resume)) == [])
    }

    @Test func resumeBeforeTheStopCancelsTheSuspension() {
        var machine = started()
        _ = machine.receive(.signal(.terminalStop))
        #expect(machine.receive(.signal(.resume)) == [.emit(.willEnterForeground), .emit(.didBecomeActive)])
        // The late acknowledgement and the old timeout no longer suspend.
        #expect(machine.receive(.acknowledged(.didEnterBackground)) == [])
        #expect(machine.receive(.timeout(generation: 1)) == [])
    }

    @Test func aSuspensionWaitsForEveryBackgroundStillUnacknowledged() {
        var machine = started()
        _ = machine.receive(.signal(.terminalStop))
        _ = machine.receive(.signal(.resume))
        #expect(
            machine.receive(.signal(.terminalStop)) == [
                .emit(.willBecomeInactive), .emit(.didEnterBackground), .scheduleTimeout(generation: 3),
            ]
        )
        // The first acknowledgement belongs to the cancelled suspension.
        #expect(machine.receive(.acknowledged(.didEnterBackground)) == [])
        #expect(machine.receive(.acknowledged(.didEnterBackground)) == [.suspendProcess])
    }

    @Test func anUnacknowledgedBackgroundSuspendsWhenItsTimeoutExpires() {
        var machine = started()
        _ = machine.receive(.signal(.terminalStop))
        #expect(machine.receive(.timeout(generation: 0)) == [])
        #expect(machine.receive(.timeout(generation: 1)) == [.suspendProcess])
        #expect(machine.receive(.timeout(generation: 1)) == [])
    }

    @Test func terminationExitsOnlyAfterItIsAcknowledged() {
        var machine = started()
        #expect(machine.receive(.signal(.terminate)) == [.emit(.willTerminate), .scheduleTimeout(generation: 1)])
        #expect(machine.receive(.acknowledged(.didBecomeActive)) == [])
        #expect(machine.receive(.acknowledged(.willTerminate)) == [.finish(exitProcess: true)])
        #expect(machine.receive(.signal(.terminate)) == [])
        #expect(machine.receive(.signal(.terminalStop)) == [])
    }

    @Test func terminationIgnoresJobControlWhileWaiting() {
        var machine = started()
        _ = machine.receive(.signal(.terminate))
        #expect(machine.receive(.signal(.terminalStop)) == [])
        #expect(machine.receive(.signal(.resume)) == [])
    }

    @Test func aSecondTerminationSignalExitsAtOnce() {
        var machine = started()
        _ = machine.receive(.signal(.terminate))
        #expect(machine.receive(.signal(.terminate)) == [.finish(exitProcess: true)])
    }

    @Test func anUnacknowledgedTerminationExitsWhenItsTimeoutExpires() {
        var machine = started()
        _ = machine.receive(.signal(.terminate))
        #expect(machine.receive(.timeout(generation: 1)) == [.finish(exitProcess: true)])
    }

    @Test func terminationWhileSuspendingReplacesTheSuspension() {
        var machine = started()
        _ = machine.receive(.signal(.terminalStop))
        #expect(machine.receive(.signal(.terminate)) == [.emit(.willTerminate), .scheduleTimeout(generation: 2)])
        #expect(machine.receive(.acknowledged(.didEnterBackground)) == [])
        #expect(machine.receive(.timeout(generation: 1)) == [])
        #expect(machine.receive(.acknowledged(.willTerminate)) == [.finish(exitProcess: true)])
    }

    @Test func hangUpEmitsTheConfiguredEvents() {
        var machine = started()
        #expect(
            machine.receive(.signal(.hangUp([.willBecomeInactive, .didBecomeActive]))) == [
                .emit(.willBecomeInactive), .emit(.didBecomeActive),
            ]
        )
    }

    @Test func stoppingFinishesWithoutExitingAndSilencesEverything() {
        var machine = started()
        #expect(machine.receive(.stop) == [.finish(exitProcess: false)])
        #expect(machine.receive(.signal(.terminalStop)) == [])
        #expect(machine.receive(.signal(.terminate)) == [])
        #expect(machine.receive(.stop) == [])
    }
}
