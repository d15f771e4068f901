import Aqueduct
import AqueductTesting
import Testing

/// Every kind of failure is reported, as a failure (not a warning), with a message that says
/// what went wrong.
///
/// The time limit is a failure bound only: several tests here give the store a timeout of an
/// hour, so that a wait that ignored a shorter bound, or gave up only at the store's, would fail
/// here rather than hang. Nothing here measures time.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct TestStoreFailureTests {
    @Test func wrongStateShowsADiffOfWhatDiffered() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer)
        await withKnownIssue {
            await store.dispatch(.increment) {
                $0.count = 2
                $0.history = [1]
            }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("The state after dispatching increment is not what the test expected")
                && issue.description.contains("count: 2 → 1")
                && !issue.description.contains("history")
        }
    }

    @Test func anUnassertedStateChangeIsAFailure() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer)
        await withKnownIssue {
            await store.dispatch(.set(3))
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("the test expected no change")
                && issue.description.contains("count: 0 → 3")
                && issue.description.contains("history.count: 0 → 1")
                && issue.description.contains("history[0]: (none) → 3")
        }
    }

    @Test func aFailureIsRecordedAtTheCallersLine() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer)
        let line = #line + 2
        await withKnownIssue {
            await store.dispatch(.increment)
        } matching: { issue in
            issue.isFailure
                && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == "AqueductTestingTests/TestStoreFailureTests.swift"
        }
    }

    @Test func aMissingReceiveWithNothingRunningFailsAtOnce() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: CounterMiddleware())
        store.timeout = .seconds(3600)
        await store.dispatch(.set(1)) {
            $0.count = 1
            $0.history = [1]
        }
        await withKnownIssue {
            await store.receive(\.clamped) { $0.count = 10 }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected to receive an action matching \\.clamped, but no action arrived "
                        + "and no effect is running."
                )
        }
    }

    @Test func aSingleReceiveCanHaveItsOwnTimeout() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .groceries, clock: clock)
        )
        store.timeout = .seconds(3600)
        await store.dispatch(.queryChanged("milk")) {
            $0.query = "milk"
            $0.isLoading = true
        }
        await withKnownIssue {
            await store.receive(\.loaded, timeout: .milliseconds(20))
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("none arrived within 0.02 seconds")
        }
        await store.skipInFlightEffects()
        await store.finish()
    }

    @Test func anAssertionThatChangesTheStateWhenTheActionDidNotFails() async {
        let unchanged = TestStore(initialState: CounterState(), reducer: Reducer<CounterAction, CounterState>.identity)
        await withKnownIssue {
            await unchanged.dispatch(.increment) { $0.count = 1 }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected the state to change after dispatching increment, but it did not change"
                )
                && issue.description.contains("count: 1 → 0")
        }
        unchanged.exhaustivity = .off
        await withKnownIssue {
            await unchanged.dispatch(.increment) { $0.count = 1 }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected the state to change after dispatching increment, but it did not change"
                )
        }
    }

    @Test func aMissingReceiveWithAnEffectWaitingOnTheClockNamesTheEffect() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .groceries, clock: clock)
        )
        store.timeout = .milliseconds(100)
        await store.dispatch(.queryChanged("milk")) {
            $0.query = "milk"
            $0.isLoading = true
        }
        await clock.advance(by: .milliseconds(299))
        await withKnownIssue {
            await store.receive(\.loaded)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("Expected to receive an action matching \\.loaded, but none arrived")
                && issue.description.contains("none arrived within 0.1 seconds")
                && issue.description.contains("queryChanged(\"milk\")")
                && issue.description.contains("TestClock")
        }
        await store.skipInFlightEffects()
        await store.finish()
    }

    @Test func receivingTheWrongActionNamesTheActionThatCame() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: CounterMiddleware())
        await store.dispatch(.incrementTwice) { $0.history = [0] }
        await withKnownIssue {
            await store.receive(\.clamped)
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Received an unexpected action: expected an action matching \\.clamped, but the next action was"
                )
                && issue.description.contains("• increment — from TestStoreFailureTests.swift:")
                && issue.description.contains("Sent by an effect of incrementTwice")
        }
        await store.skipReceivedActions()
        await store.finish()
    }

    @Test func anActionNotReceivedByTheEndIsNamed() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: CounterMiddleware())
        await store.dispatch(.set(50)) {
            $0.count = 50
            $0.history = [50]
        }
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "The store received 1 action that the test did not receive (at the end of the test)"
                )
                && issue.description.contains("clamped(10)")
        }
    }

    @Test func anActionNotReceivedBeforeTheNextSendIsNamedThenDropped() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer, middleware: CounterMiddleware())
        await store.dispatch(.set(50)) {
            $0.count = 50
            $0.history = [50]
        }
        await withKnownIssue {
            await store.dispatch(.increment) {
                $0.count = 11
                $0.history = [50, 10, 11]
            }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("Must receive 1 action before dispatching increment")
                && issue.description.contains("clamped(10)")
        }
        // Dropped after that one failure: nothing is left to receive or report.
        #expect(await store.skipReceivedActions().isEmpty)
        await store.finish()
    }

    @Test func anEffectStillRunningAtTheEndIsNamed() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: SearchState(),
            reducer: searchReducer,
            middleware: SearchMiddleware(client: .groceries, clock: clock)
        )
        await store.dispatch(.queryChanged("bread")) {
            $0.query = "bread"
            $0.isLoading = true
        }
        await withKnownIssue {
            await store.finish(timeout: .milliseconds(50))
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("1 effect still running at the end of the test, started by:")
                && issue.description.contains("queryChanged(\"bread\")")
        }
        // finish() cancelled it and waited for the cancellation to run: the sleep ended.
        #expect(clock.sleeperCount == 0)
    }

    @Test func aTestStoreReleasedWithLeftoversReportsThemAtItsCreation() async {
        let clock = TestClock()
        let creationLine = #line + 2
        await withKnownIssue {
            let store = TestStore(
                initialState: SearchState(),
                reducer: searchReducer,
                middleware: SearchMiddleware(client: .groceries, clock: clock)
            )
            await store.dispatch(.queryChanged("milk")) {
                $0.query = "milk"
                $0.isLoading = true
            }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "1 effect still running when the test store was released without finish()"
                )
                && issue.sourceLocation?.line == creationLine
        }
    }

    @Test func aThrowingAssertionIsReported() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer)
        await withKnownIssue {
            await store.dispatch(.increment) { _ in throw SearchFailure(reason: "in the assertion") }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("The state assertion after dispatching increment threw an error")
        }
    }

    @Test func nonExhaustiveModeStillChecksWhatIsAsserted() async {
        let store = TestStore(initialState: CounterState(), reducer: counterReducer)
        store.exhaustivity = .off
        await withKnownIssue {
            await store.dispatch(.increment) { $0.count = 5 }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains("count: 5 → 1") && !issue.description.contains("history")
        }
    }
}
