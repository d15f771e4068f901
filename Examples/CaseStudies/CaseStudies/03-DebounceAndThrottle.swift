// 03 — Debounce and throttle.
//
// Two ways to space effects out in time, both measured on the clock the middleware is given —
// a `ContinuousClock` in the app, a `TestClock` in tests, never the wall clock directly.
// `.debounce(id:for:clock:)` runs the search only once the query has not changed for 300 ms:
// each keystroke cancels the search waiting before it. `.throttle(id:for:clock:latest:)` saves
// the draft at most once every 2 seconds: the first change at once, and of the changes within
// the interval, the newest when it ends. Clearing the query cancels a waiting search with
// `.cancel(id:)`, like any effect.
import Aqueduct

enum DebounceAndThrottle {
    struct State: Equatable, Sendable {
        var query = ""
        var results: [String] = []
        var draft = ""
        var lastSaved: String?
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case queryChanged(String)
        case resultsLoaded([String])
        case draftChanged(String)
        case draftSaved(String)
    }

    struct Client: Sendable {
        var search: @Sendable (String) async -> [String]
        var save: @Sendable (String) async -> Void
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .queryChanged(let query):
            state.query = query
            if query.isEmpty { state.results = [] }
        case .resultsLoaded(let results):
            state.results = results
        case .draftChanged(let draft):
            state.draft = draft
        case .draftSaved(let draft):
            state.lastSaved = draft
        }
    }

    struct SearchID: Hashable, Sendable {}
    struct SaveID: Hashable, Sendable {}

    struct SearchMiddleware: Middleware {
        let client: Client
        /// Where time comes from: the app passes `ContinuousClock()`.
        let clock: any Clock<Duration>

        func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
            switch action {
            case .queryChanged(let query) where query.isEmpty:
                return .cancel(id: SearchID())
            case .queryChanged(let query):
                return .run { [client] send in
                    send(.resultsLoaded(await client.search(query)))
                }
                .debounce(id: SearchID(), for: .milliseconds(300), clock: clock)
            case .draftChanged(let draft):
                return .run { [client] send in
                    await client.save(draft)
                    send(.draftSaved(draft))
                }
                .throttle(id: SaveID(), for: .seconds(2), clock: clock, latest: true)
            case .resultsLoaded, .draftSaved:
                return .none
            }
        }
    }
}
