import AqueductTesting
import Testing

@testable import Aqueduct

/// The throttle records: pure transitions, read with instants of a `TestClock` (the clock
/// itself is never read here).
@Suite struct ThrottleStateMachineTests {
    let timing = ThrottleTiming(TestClock(), Duration.milliseconds(1_000))
    let refresh = EffectID("refresh")

    func at(_ milliseconds: Int) -> TestClock.Instant {
        TestClock.Instant(offset: .milliseconds(milliseconds))
    }

    /// The action, as text: `run`, `drop`, or `wait from <ms> replacing <token or no>`.
    func describe(_ action: ThrottleStateMachine.ArrivalAction) -> String {
        switch action {
        case .run: "run"
        case .drop: "drop"
        case .wait(let lastStart, let replaced):
            "wait from \((lastStart as? TestClock.Instant)?.offset ?? .zero) replacing \(replaced.map(String.init) ?? "no")"
        }
    }

    @Test func anEffectWithinTheIntervalWaitsAndTheNextOneReplacesItOrIsDropped() {
        var machine = ThrottleStateMachine()
        #expect(describe(machine.arrive(refresh, at: at(0), timing: timing, latest: true)) == "run")
        #expect(
            describe(machine.arrive(refresh, at: at(300), timing: timing, latest: true))
                == "wait from 0.0 seconds replacing no"
        )
        machine.scheduled(refresh, token: 7)
        #expect(describe(machine.arrive(refresh, at: at(400), timing: timing, latest: false)) == "drop")
        #expect(
            describe(machine.arrive(refresh, at: at(500), timing: timing, latest: true))
                == "wait from 0.0 seconds replacing 7"
        )
        // The engine cancels the one replaced: it no longer waits; the interval still runs.
        machine.waitingEffectEnded(7)
        #expect(
            describe(machine.arrive(refresh, at: at(600), timing: timing, latest: false))
                == "wait from 0.0 seconds replacing no"
        )
    }

    @Test func anEffectLetThroughStartsTheNextInterval() {
        var machine = ThrottleStateMachine()
        _ = machine.arrive(refresh, at: at(0), timing: timing, latest: true)
        _ = machine.arrive(refresh, at: at(10), timing: timing, latest: true)
        machine.scheduled(refresh, token: 0)
        machine.letThrough(refresh, at: at(1000))
        // Its work goes on, but it no longer waits: the next one waits again, from 1 s.
        machine.waitingEffectEnded(0)
        #expect(
            describe(machine.arrive(refresh, at: at(1500), timing: timing, latest: false))
                == "wait from 1.0 seconds replacing no"
        )
        #expect(describe(machine.arrive(refresh, at: at(2000), timing: timing, latest: false)) == "run")
    }

    @Test func anEffectThatEndsWithoutWaitingChangesNothing() {
        var machine = ThrottleStateMachine()
        _ = machine.arrive(refresh, at: at(0), timing: timing, latest: true)
        _ = machine.arrive(refresh, at: at(10), timing: timing, latest: true)
        machine.scheduled(refresh, token: 3)
        machine.waitingEffectEnded(4)  // another effect
        #expect(describe(machine.arrive(refresh, at: at(20), timing: timing, latest: false)) == "drop")
    }

    @Test func idsWhoseIntervalIsOverAreForgottenOnlyForTheSameClock() {
        var machine = ThrottleStateMachine()
        let other = ThrottleTiming(ContinuousClock(), Duration.milliseconds(1_000))
        _ = machine.arrive(EffectID("continuous"), at: ContinuousClock.now, timing: other, latest: true)
        _ = machine.arrive(EffectID("over"), at: at(0), timing: timing, latest: true)
        _ = machine.arrive(EffectID("waiting"), at: at(0), timing: timing, latest: true)
        _ = machine.arrive(EffectID("waiting"), at: at(1), timing: timing, latest: true)
        machine.scheduled(EffectID("waiting"), token: 0)
        _ = machine.arrive(refresh, at: at(1000), timing: timing, latest: true)
        #expect(Set(machine.records.keys.map(\.description)) == ["continuous", "waiting", "refresh"])
    }
}
