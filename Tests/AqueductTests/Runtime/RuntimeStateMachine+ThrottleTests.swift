import AqueductTesting
import Testing

@testable import Aqueduct

/// The throttle records of the engine's lock-protected state machine: pure transitions, read
/// with instants of a `TestClock` (the clock itself is never read here).
@Suite struct RuntimeStateMachineThrottleTests {
    let timing = ThrottleTiming(TestClock(), Duration.seconds(1))
    let refresh = EffectID("refresh")

    func at(_ milliseconds: Int) -> TestClock.Instant {
        TestClock.Instant(offset: .milliseconds(milliseconds))
    }

    /// The action, as text: `run`, `drop`, or `wait from <ms> replacing <yes/no>`.
    func describe(_ action: RuntimeStateMachine<Int>.ThrottleAction) -> String {
        switch action {
        case .run: "run"
        case .drop: "drop"
        case .wait(let lastStart, let replaced):
            "wait from \((lastStart as? TestClock.Instant)?.offset ?? .zero) replacing \(replaced == nil ? "no" : "yes")"
        }
    }

    /// Registers a running effect under `token`, as the runtime does for the effect it
    /// schedules for the end of an interval.
    func register(_ token: Int, in machine: inout RuntimeStateMachine<Int>) {
        #expect(machine.reserveEffect() == token)
        machine.register(token, .init(ids: [refresh], task: Task {}, describe: { "waiting" }))
    }

    @Test func anEffectWithinTheIntervalWaitsAndTheNextOneReplacesItOrIsDropped() {
        var machine = RuntimeStateMachine<Int>()
        #expect(describe(machine.throttle(refresh, at: at(0), timing: timing, latest: true)) == "run")
        #expect(
            describe(machine.throttle(refresh, at: at(300), timing: timing, latest: true))
                == "wait from 0.0 seconds replacing no"
        )
        register(0, in: &machine)
        machine.throttleScheduled(refresh, token: 0)
        #expect(describe(machine.throttle(refresh, at: at(400), timing: timing, latest: false)) == "drop")
        #expect(
            describe(machine.throttle(refresh, at: at(500), timing: timing, latest: true))
                == "wait from 0.0 seconds replacing yes"
        )
        // The replaced effect is cancelled: the next one does not see it waiting.
        #expect(machine.running[0]?.isCancelled == true)
        #expect(
            describe(machine.throttle(refresh, at: at(600), timing: timing, latest: false))
                == "wait from 0.0 seconds replacing no"
        )
    }

    @Test func anEffectLetThroughStartsTheNextInterval() {
        var machine = RuntimeStateMachine<Int>()
        _ = machine.throttle(refresh, at: at(0), timing: timing, latest: true)
        register(0, in: &machine)
        machine.throttleScheduled(refresh, token: 0)
        machine.throttleLetThrough(refresh, at: at(1000))
        // Still running (its work goes on), but no longer waiting: the next one waits again.
        #expect(
            describe(machine.throttle(refresh, at: at(1500), timing: timing, latest: false))
                == "wait from 1.0 seconds replacing no"
        )
        #expect(describe(machine.throttle(refresh, at: at(2000), timing: timing, latest: false)) == "run")
    }

    @Test func idsWhoseIntervalIsOverAreForgottenOnlyForTheSameClock() {
        var machine = RuntimeStateMachine<Int>()
        let other = ThrottleTiming(ContinuousClock(), Duration.seconds(1))
        _ = machine.throttle(EffectID("continuous"), at: ContinuousClock.now, timing: other, latest: true)
        _ = machine.throttle(EffectID("over"), at: at(0), timing: timing, latest: true)
        _ = machine.throttle(EffectID("waiting"), at: at(0), timing: timing, latest: true)
        register(0, in: &machine)
        machine.throttleScheduled(EffectID("waiting"), token: 0)
        _ = machine.throttle(refresh, at: at(1000), timing: timing, latest: true)
        #expect(Set(machine.throttles.keys.map(\.description)) == ["continuous", "waiting", "refresh"])
    }
}
