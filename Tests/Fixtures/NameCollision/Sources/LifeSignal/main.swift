import Aqueduct
import CheckIn
import CheckInClient
import Counter
import Lifecycle
import Reachability

// An app named like Aqueduct's example app, using modules named like its examples.
let store = Store(
    initialState: [Int](),
    reducer: checkInReducer,
    middleware: CheckInMiddleware(client: CheckInClient { 1 })
)
store.dispatch(.checkIn)
print(reachabilityReducer, lifecycleReducer, counterReducer)
