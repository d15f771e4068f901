import AqueductTesting
import CheckIn
import CheckInClient
import XCTest

/// The same test store under XCTest: failures become `XCTFail`s at the caller's line.
final class CheckInXCTests: XCTestCase {
    @MainActor
    func testCheckingInRecordsIt() async {
        let store = TestStore(
            initialState: CheckInState(),
            reducer: CheckInState.reducer,
            middleware: CheckInMiddleware(client: .double(), clock: TestClock(), now: { start })
        )
        let checkIn = CheckIn(id: checkInID(0), date: start)

        await store.dispatch(.checkIn) { $0.isCheckingIn = true }
        await store.receive(\.checkedIn, checkIn) {
            $0.isCheckingIn = false
            $0.lastCheckIn = checkIn
            $0.history = [checkIn]
        }
        await store.skipInFlightEffects()  // the deadline
        await store.finish()
    }
}
