import AqueductTesting
import CheckIn
import CheckInClient
import Testing

@MainActor
@Suite struct CheckInTests {
    @Test func aCheckInComesBackFromTheClient() async {
        let store = TestStore(
            initialState: [],
            reducer: checkInReducer,
            middleware: CheckInMiddleware(client: CheckInClient { 7 })
        )
        await store.dispatch(.checkIn)
        await store.receive(\.checkedIn, 7) { $0 = [7] }
        await store.finish()
    }
}
