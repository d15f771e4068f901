/// Side effects around the reducer: the place that talks to the outside world.
///
/// A middleware sees each action *before* the reducer
/// (``handle(action:from:state:)``) and returns the work to do *after* it, as an ``Effect``.
/// A middleware that only produces actions — from signals, sockets, timers — returns a
/// long-living effect from ``start(state:)``, which the store runs as it starts and owns like
/// any other: cancellable by id, driven by a test scheduler, ended with the store.
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
/// Middlewares compose with `<>` (each part keeps its type, so the composition is specialised
/// as one; identities cost nothing) into `some Middleware<InputAction, OutputAction, State>`,
/// and lift into a larger action and state with `lift(action:state:)` — one case path for the
/// actions it sees and the actions it sends.
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

    /// Called once when the store starts, before it processes any action: the work this
    /// middleware does for as long as the store lives — listening to signals, a socket, a
    /// stream of events.
    ///
    /// The store runs the effect as it runs every effect, and owns it: it runs on the store's
    /// scheduler (a test scheduler in tests), can be cancelled with ``Effect/cancel(id:)`` when
    /// marked ``Effect/cancellable(id:cancelInFlight:)``, and is cancelled when the store is
    /// released — after which nothing it sends is reduced. The actions it sends without a
    /// source of their own name this middleware: `Started by <type>.start(state:)`. Actions
    /// the effects of all middlewares send at once are processed after every start effect has
    /// begun. The default returns ``Effect/none``.
    ///
    /// ```swift
    /// public func start(state: GetState<Void>) -> Effect<AppLifecycleAction> {
    ///     // …
    ///     let events = client.events()
    ///     return .run { send in
    ///         for await event in events {
    ///             send(AppLifecycleAction(event))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter state: Reads the store's state.
    /// - Returns: The work to run while the store lives.
    @MainActor
    func start(state: GetState<State>) -> Effect<OutputAction>

    /// Called once when the store starts, before it processes any action, with a dispatcher
    /// that sends from any task.
    ///
    /// Deprecated: a task started here has no owner — no test scheduler runs it, no store
    /// release cancels it, and its actions have no cause. Return the work from
    /// ``start(state:)`` instead. The default does nothing.
    ///
    /// - Parameter context: The store's dispatcher and state getter, in this middleware's types.
    @available(*, deprecated, message: "Return the work from start(state:), which the store owns; removed in 2.0")
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
    /// Starts nothing: most middlewares only react to actions.
    @MainActor
    public func start(state: GetState<State>) -> Effect<OutputAction> { .none }

    /// Does nothing: most middlewares only react to actions.
    @available(*, deprecated, message: "Return the work from start(state:), which the store owns; removed in 2.0")
    @MainActor
    public func start(_ context: MiddlewareContext<OutputAction, State>) {
        context.didUseDefaultStart()
    }
}
