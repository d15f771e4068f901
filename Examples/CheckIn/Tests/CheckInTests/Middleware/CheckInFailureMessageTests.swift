import Aqueduct
import AqueductTesting
import CheckIn
import CheckInClient
import Testing

/// A failure names the feature's case key path as the test wrote it: `CheckInAction` is
/// `CaseAccessible` in another module, and its generated, public accessor list is what
/// `TestStore` reads the name from.
@MainActor
@Suite struct CheckInFailureMessageTests {
    @Test func waitingForTheDeadlineWithoutAdvancingTheClockNamesTheCase() async {
        let store = TestStore(
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: .double(), clock: TestClock(), now: { start })
        )
        store.timeout = .milliseconds(100)
        let checkIn = CheckIn(id: checkInID(0), date: start)
        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(\.checkedIn, checkIn) {
            $0.isCheckingIn = false
            $0.lastCheckIn = checkIn
            $0.history = [checkIn]
        }
        await withKnownIssue {
            await store.receive(\.deadlinePassed) { $0.isOverdue = true }
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "Expected to receive an action matching \\.deadlinePassed, but none arrived within 0.1 seconds."
                )
        }
        await store.skipInFlightEffects()
        await store.finish()
    }
}
