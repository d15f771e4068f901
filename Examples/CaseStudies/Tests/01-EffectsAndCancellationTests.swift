import Aqueduct
import AqueductTesting
import Testing

@testable import CaseStudies

/// The feature run by an exhaustive `TestStore`: every state change and every action an effect
/// sends is asserted, and `finish()` fails if anything is left over. The client double takes a
/// second of a `TestClock`, which moves only when the test advances it.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct EffectsAndCancellationTests {
    typealias Feature = EffectsAndCancellation

    let clock = TestClock()

    /// A client that answers after a second of `clock`, or fails with `failure`.
    func client(failing failure: Feature.FactError? = nil) -> Feature.FactClient {
        Feature.FactClient { [clock] number throws(Feature.FactError) in
            // A cancelled sleep returns at once: the fact below is then sent, and dropped.
            try? await clock.sleep(for: .seconds(1))
            if let failure { throw failure }
            return "\(number) is a good number."
        }
    }

    func makeStore(_ client: Feature.FactClient) -> TestStore<Feature.Action, Feature.State> {
        TestStore(
            initialState: Feature.State(),
            reducer: Feature.reducer,
            middleware: Feature.FactMiddleware(client: client)
        )
    }

    @Test func aLoadSendsItsResultBack() async {
        let store = makeStore(client())
        await store.dispatch(.increment) { $0.count = 1 }
        await store.dispatch(.loadFact) { $0.isLoading = true }
        await clock.advance(by: .milliseconds(999))
        #expect(store.state.isLoading)  // not a millisecond early
        await clock.advance(by: .milliseconds(1))
        await store.receive(.factLoaded("1 is a good number.")) {
            $0.isLoading = false
            $0.fact = "1 is a good number."
        }
        await store.finish()
    }

    @Test func theClientsErrorBecomesAnAction() async {
        let store = makeStore(client(failing: .offline))
        await store.dispatch(.loadFact) { $0.isLoading = true }
        await clock.advance(by: .seconds(1))
        await store.receive(.factFailed(.offline)) {
            $0.isLoading = false
            $0.error = .offline
        }
        await store.finish()
    }

    @Test func cancellingStopsTheLoadAndNothingItSendsIsReduced() async {
        let store = makeStore(client())
        await store.dispatch(.loadFact) { $0.isLoading = true }
        await store.dispatch(.cancelTapped) { $0.isLoading = false }
        await clock.advance(by: .seconds(5))
        // No `receive`: an exhaustive store fails here if the fact had arrived.
        await store.finish()
    }

    @Test func changingTheCountCancelsTheFactAboutTheOldOne() async {
        let store = makeStore(client())
        await store.dispatch(.loadFact) { $0.isLoading = true }
        await store.dispatch(.increment) {
            $0.count = 1
            $0.isLoading = false
        }
        await clock.advance(by: .seconds(1))
        #expect(store.state.fact == nil)
        await store.finish()
    }

    @Test func aNewerLoadReplacesTheOneInFlight() async {
        let store = makeStore(client())
        await store.dispatch(.loadFact) { $0.isLoading = true }
        await clock.advance(by: .milliseconds(600))
        await store.dispatch(.loadFact)  // already loading: no change, and the first load is cancelled
        await clock.advance(by: .milliseconds(600))  // the first would have answered by now
        #expect(store.state.isLoading)
        await clock.advance(by: .milliseconds(400))
        await store.receive(.factLoaded("0 is a good number.")) {
            $0.isLoading = false
            $0.fact = "0 is a good number."
        }
        await store.finish()
    }
}
