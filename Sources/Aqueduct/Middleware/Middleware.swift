/// Side effects around the reducer: the place that talks to the outside world.
///
/// A middleware sees each action *before* the reducer
/// (``handle(action:from:state:)``) and returns the work to do *after* it, as an ``Effect``.
/// A middleware that only produces actions — from signals, sockets, timers — does so from its
/// start hook, ``start(_:)``, which hands it a dispatcher and a state getter.
///
/// ```swift
/// struct CounterMiddleware: Middleware {
///     let output: LogPrinter
///
///     func handle(action: CounterAction, from source: ActionSource, state: GetState<Int>) -> Effect<CounterAction> {
///         switch action {
///         case .incrementLater:
///             return .run { send in
///                 let count = await state()
///                 try? await Task.sleep(for: .seconds(1))
///                 if await state() == count { send(.increment) }
///             }
///         case .increment, .decrement, .reset:
///             let before = state()
///             return .immediate { _ in
///                 if state() != before { output.print("count: \(state())\n") }
///             }
///         }
///     }
/// }
/// ```
///
/// Middlewares compose with `<>` (flattened, identities dropped) into
/// `some Middleware<InputAction, OutputAction, State>`, and lift into a larger action and state
/// with `lift(action:state:)` — one case path for the actions it sees and the actions it sends.
/// To choose one at run time, hold it as `any Middleware<AppAction, AppAction, AppState>`: a
/// store opens it. Both requirements are called on the main actor.
///
/// Middlewares are `Sendable`: a store keeps them on the main actor while their effects run
/// elsewhere. Keep dependencies in `Sendable` clients; a middleware with mutable state of its
/// own is a `@MainActor` class.
public protocol Middleware<InputAction, OutputAction, State>: Sendable {
    /// The actions this middleware reacts to.
    associatedtype InputAction
    /// The actions this middleware sends.
    associatedtype OutputAction
    /// The state this middleware reads.
    associatedtype State

    /// Called once when the store starts, before it processes any action.
    ///
    /// Source-only middlewares keep the context's dispatcher and start listening here. Actions
    /// dispatched from the start hook are processed after every middleware has started. The
    /// default does nothing.
    ///
    /// - Parameter context: The store's dispatcher and state getter, in this middleware's types.
    @MainActor
    func start(_ context: MiddlewareContext<OutputAction, State>)

    /// Called for each action before the reducer; returns the work to run after it.
    ///
    /// Return ``Effect/none`` when there is nothing to do: that costs nothing.
    ///
    /// - Parameters:
    ///   - action: The action about to be reduced.
    ///   - source: Where the action came from.
    ///   - state: Reads the state. Called here, it returns the state *before* the reducer;
    ///     called from the returned effect, the state *after* it.
    /// - Returns: The work to run after the reducer.
    @MainActor
    func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction>
}

extension Middleware {
    /// Does nothing: most middlewares only react to actions.
    @MainActor
    public func start(_ context: MiddlewareContext<OutputAction, State>) {}
}
