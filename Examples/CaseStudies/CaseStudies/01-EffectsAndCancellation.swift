// 01 — Effects and cancellation.
//
// A middleware sees each action before the reducer and returns an `Effect`, which the store runs
// after the reducer. Here a number fact is loaded for the current count: `.run` does the work off
// the main actor and sends the result back as an action; its `catch:` turns the client's domain
// error into an action too; `.cancellable(id:cancelInFlight:)` lets a newer load replace the one
// in flight; `.cancel(id:)` stops it when the count changes or the person cancels. Once a
// cancellation is processed, nothing the cancelled effect sends is reduced — not even a result
// its work had already produced. The tests' client double sleeps on a `TestClock`: they own time.
import Aqueduct

enum EffectsAndCancellation {
    struct State: Equatable, Sendable {
        var count = 0
        var fact: String?
        var isLoading = false
        var error: FactError?
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case increment
        case loadFact
        case cancelTapped
        case factLoaded(String)
        case factFailed(FactError)
    }

    enum FactError: Error, Equatable, Sendable {
        case offline
    }

    /// How the middleware reaches the outside world: the app passes a live client, tests a double.
    struct FactClient: Sendable {
        var fact: @Sendable (Int) async throws(FactError) -> String
    }

    /// The only code that changes the state: synchronous, no side effects.
    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .increment:
            state.count += 1
            state.fact = nil
            state.isLoading = false
        case .loadFact:
            state.isLoading = true
            state.error = nil
        case .cancelTapped:
            state.isLoading = false
        case .factLoaded(let fact):
            state.isLoading = false
            state.fact = fact
        case .factFailed(let error):
            state.isLoading = false
            state.error = error
        }
    }

    /// The id the load runs under: any `Hashable & Sendable` value.
    struct LoadID: Hashable, Sendable {}

    struct FactMiddleware: Middleware {
        let client: FactClient

        func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
            switch action {
            case .loadFact:
                // In `handle`, `state()` is the state before the reducer; loading leaves the count alone.
                let count = state().count
                return .run { [client] send throws(FactError) in
                    send(.factLoaded(try await client.fact(count)))
                } catch: { error, send in
                    send(.factFailed(error))
                }
                .cancellable(id: LoadID(), cancelInFlight: true)
            case .increment, .cancelTapped:
                // A fact about the old count, or one nobody wants any more, must never arrive.
                return .cancel(id: LoadID())
            case .factLoaded, .factFailed:
                return .none
            }
        }
    }
}
