import Aqueduct
import AqueductTesting
import Testing

// The examples of Feature's doc comments that the feature tests do not show, compiled and run
// here: each block of those comments is quoted from this file or from the board of
// Feature/FeatureFixtures.swift. A counter written as one function, and a search written as a
// reducer and a middleware, lifted into an app with a bridge.

extension DocumentationExamples {
    @MainActor
    @Suite(.timeLimit(.minutes(3))) struct FeatureExamplesTests {
        @Test func aFeatureWrittenAsOneFunctionRunsInAStoreWithItsCancellableEffect() async {
            let clock = TestClock()
            let counter = Feature<CounterAction, CounterState>.reduce { action, state in
                switch action {
                case .increment:
                    state.count += 1
                    return .none
                case .incrementLater:
                    return .run { send in
                        try? await clock.sleep(for: .seconds(1))
                        send(.increment)
                    }
                    .cancellable(id: "later", cancelInFlight: true)
                case .cancel:
                    return .cancel(id: "later")
                }
            }
            let store = Store(initialState: CounterState(), feature: counter)
            store.dispatch(.increment)
            #expect(store.state.count == 1)

            let testStore = TestStore(initialState: CounterState(), feature: counter)
            await testStore.dispatch(.incrementLater)
            await clock.advance(by: .seconds(1))
            await testStore.receive(.increment) { $0.count = 1 }
            await testStore.dispatch(.incrementLater)
            await testStore.dispatch(.cancel)
            await clock.advance(by: .seconds(1))
            await testStore.finish()
        }

        @Test func aFunctionsEffectRunsAfterTheStateChange() {
            let feature = Feature<CounterAction, CounterState>.reduce { action, state in
                switch action {
                case .increment:
                    state.count += 1
                    return .none
                case .incrementLater:
                    return .send(.increment)
                case .cancel:
                    return .cancel(id: "later")
                }
            }
            let store = Store(initialState: CounterState(), feature: feature)
            store.dispatch(.incrementLater)
            #expect(store.state.count == 1)
        }

        @Test func aFeatureOfAReducerRunsAsTheReducer() {
            let feature = Feature(reducer: counterReducer)
            let store = Store(initialState: 0, feature: feature)
            store.dispatch(.increment)
            store.dispatch(.set(5))
            store.dispatch(.decrement)
            #expect(store.state == 4)
        }

        @Test func aFeatureOfAReducerAndAMiddlewareLiftsIntoTheAppWithTheBridges() async {
            let clock = TestClock()
            let client = SearchClient { query in ["\(query) 1", "\(query) 2"] }
            let appBridges = BridgeMiddleware<AppAction, AppState>()
                .bridge(\.search.loaded --> { results in .found(results.count) })

            let search = Feature(reducer: Search.reducer, middleware: Search.Middleware(client: client, clock: clock))
            let bridges = Feature(middleware: appBridges)
            let app = search.lift(action: \AppAction.Cases.search, state: \AppState.search) <> bridges

            let store = TestStore(initialState: AppState(), feature: app)
            await store.dispatch(.search(.queryChanged("milk"))) { $0.search.query = "milk" }
            await clock.advance(by: .milliseconds(300))
            await store.receive(.search(.loaded(["milk 1", "milk 2"]))) {
                $0.search.results = ["milk 1", "milk 2"]
            }
            await store.receive(.found(2))
            await store.finish()
        }
    }
}

extension DocumentationExamples.FeatureExamplesTests {
    struct CounterState: Equatable, Sendable {
        var count = 0
    }

    enum CounterAction: Sendable, Equatable {
        case increment
        /// Increments after a second on the clock; a second request restarts the wait.
        case incrementLater
        case cancel
    }

    /// The search's client: the results for a query.
    struct SearchClient: Sendable {
        var search: @Sendable (String) -> [String]
    }

    enum Search {
        struct State: Equatable, Sendable {
            var query = ""
            var results: [String] = []
        }

        enum Action: CaseAccessible, Sendable, Equatable {
            case queryChanged(String)
            case loaded([String])
        }

        static let reducer = Reducer<Action, State>.reduce { action, state in
            switch action {
            case .queryChanged(let query): state.query = query
            case .loaded(let results): state.results = results
            }
        }

        /// Searches 300 milliseconds after the query last changed.
        struct Middleware: Aqueduct.Middleware {
            let client: SearchClient
            let clock: TestClock

            func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
                guard case .queryChanged(let query) = action else { return .none }
                return .run { [client, clock] send in
                    try await clock.sleep(for: .milliseconds(300))
                    send(.loaded(client.search(query)))
                } catch: { _, _ in
                }
                .cancellable(id: "search", cancelInFlight: true)
            }
        }
    }

    struct AppState: Equatable, Sendable {
        var search = Search.State()
    }

    enum AppAction: CaseAccessible, Sendable, Equatable {
        case search(Search.Action)
        /// Sent by the app's bridge with the number of results a search loaded.
        case found(Int)
    }
}
