// 09 — A composed app, tested on a `TestScheduler`.
//
// An app is its features lifted into one action and one state: here the fact loader of 01 and
// the search of 03, side by side, each lifted with its case path and its state path — reducers
// and middlewares alike — and given the clients and the clock the composition root chooses. A
// `TestStore` checks one feature exhaustively; to test the app as it runs (a production `Store`,
// the real composed middleware, client doubles), give the store a `TestScheduler` and the
// middleware the scheduler's clock. `dispatch` then processes at once, as in the app, while the
// effects' jobs — and what other threads dispatch — wait for the test: `await scheduler.run()`
// runs all that can run, and `scheduler.clock.advance(by:)` moves time and settles, so the test
// reads the state with nothing running beside it. Releasing the store ends its effects.
import Aqueduct

enum ComposedApp {
    struct State: Equatable, Sendable {
        var facts = EffectsAndCancellation.State()
        var search = DebounceAndThrottle.State()
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case facts(EffectsAndCancellation.Action)
        case search(DebounceAndThrottle.Action)
    }

    static let reducer: Reducer<Action, State> =
        EffectsAndCancellation.reducer.lift(action: \Action.Cases.facts, state: \State.facts)
        <> DebounceAndThrottle.reducer.lift(action: \Action.Cases.search, state: \State.search)

    /// The app's middleware, given its clients and its clock: `ContinuousClock()` in the app.
    static func middleware(
        facts: EffectsAndCancellation.FactClient,
        search: DebounceAndThrottle.Client,
        clock: any Clock<Duration>
    ) -> some Middleware<Action, Action, State> {
        EffectsAndCancellation.FactMiddleware(client: facts)
            .lift(action: \Action.Cases.facts, state: \State.facts)
            <> DebounceAndThrottle.SearchMiddleware(client: search, clock: clock)
            .lift(action: \Action.Cases.search, state: \State.search)
    }
}
