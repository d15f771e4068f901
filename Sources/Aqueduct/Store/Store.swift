/// Holds the state of an app or feature and processes actions in one direction:
/// middleware → reducer → effects → observers.
///
/// ```swift
/// let output = LogPrinter.standardOutput
/// let store = Store(
///     initialState: 0,
///     reducer: counter,
///     middleware: LoggerMiddleware(printer: .standardError) <> CounterMiddleware(output: output)
/// )
/// ```
///
/// ## Processing one action
/// 1. The middleware's ``Middleware/handle(action:from:state:)`` runs, before the reducer.
/// 2. The reducer changes the state.
/// 3. The effect the middleware returned runs, reading the *new* state; its synchronous
///    actions are queued.
/// 4. Observers are notified.
///
/// Actions dispatched while an action is being processed — by middleware, effects, bridges or
/// observers — are queued and processed after it, first in, first out, never re-entrantly, all
/// before the outer `dispatch` returns. One dispatch may set off at most ``cascadeLimit``
/// actions; beyond that the store reports a ``RunawayLoop`` and drops the rest.
///
/// ## Isolation
/// The store is main-actor isolated and synchronous: `dispatch` from main-actor code reduces
/// immediately, with no task, no hop and no allocation for a plain enum action. Code in any
/// other isolation uses ``dispatcher``, whose actions are drained on the main actor in
/// batches. Asynchronous effects run off the main actor, belong to the store, and are
/// cancelled when it is released.
///
/// ## Observing
/// The store is a ``StateObservable``: `store.someField` is a tracked read for
/// `withObservationTracking` and SwiftUI, `subscribe(_:_:)` calls back on the main actor and
/// `values(of:)` is an `AsyncSequence`, each per path. ``projection(action:state:)`` gives a
/// feature a view of the store that observes the same way.
@MainActor
@dynamicMemberLookup
public final class Store<Action: Sendable, State> {
    /// The engine: queue, effect interpreter, running effects, inbox (`Engine/`). The store
    /// drives it and adds observation.
    @usableFromInline
    internal let _runtime: Engine<Action, State>
    /// Path observers, streams and Observation tracking (`Observation/`); created on first use.
    /// While it watches something it sets `hasObservers` and the engine tells it after each
    /// action. It lives in the engine's fields (see ``MainActorEngineFields/observation``); the store
    /// is its only owner.
    @usableFromInline
    internal var _observation: ObservationHub<State>? {
        get { _runtime.memory.fields.observation }
        set { _runtime.memory.fields.observation = newValue }
    }

    // Isolated so that the store's parts are released on the main actor, whatever thread drops
    // the last reference: the observation hub must be (see `HubLink`). The hub lives in the
    // engine's fields, which a state getter a middleware kept may outlive the store: it is
    // released here, with the store.
    isolated deinit {
        _observation = nil
    }

    /// Dispatches actions into this store from any isolation. See ``Dispatcher``.
    public nonisolated let dispatcher: Dispatcher<Action>

    /// The most actions one `dispatch` may set off (itself included) before the store decides
    /// it is in a runaway loop. The default, 100,000, is far above any honest cascade.
    public var cascadeLimit: Int {
        get { _runtime.memory.fields.dispatch.cascadeLimit }
        set { _runtime.memory.fields.dispatch.cascadeLimit = newValue }
    }

    /// Receives the report when a dispatch exceeds ``cascadeLimit``. The default writes the
    /// report to standard error.
    public var onRunawayLoop: @MainActor (RunawayLoop) -> Void {
        get { _runtime.onRunawayLoop }
        set { _runtime.onRunawayLoop = newValue }
    }

    /// The current state. Only actions change it.
    public var state: State { _runtime.memory.fields.state }

    /// Creates a store with a reducer and a middleware.
    ///
    /// The middleware's start effect (``Middleware/start(state:)``) begins before `init`
    /// returns, owned by the store like any effect; what it sends is processed on the main
    /// actor.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer.
    ///   - middleware: The middleware, usually a composition (`a <> b`). Its input and output
    ///     are the store's action.
    @inlinable
    public convenience init<M: Middleware>(initialState: State, reducer: Reducer<Action, State>, middleware: M)
    where M.InputAction == Action, M.OutputAction == Action, M.State == State {
        self.init(initialState: initialState, reducer: reducer, erasedMiddleware: AnyMiddleware(middleware))
    }

    /// Creates a store with a reducer and no middleware.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer.
    public convenience init(initialState: State, reducer: Reducer<Action, State>) {
        self.init(initialState: initialState, reducer: reducer, erasedMiddleware: nil)
    }

    // Inlinable so that the engine's dispatcher closure and the inbox drain are specialised
    // for the app's action type: unspecialised, they look up generic metadata on every action
    // (see `Engine.init`).
    @inlinable
    internal convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        erasedMiddleware: AnyMiddleware<Action, Action, State>?
    ) {
        self.init(
            runtime: Engine(initialState: initialState, reducer: reducer, middleware: erasedMiddleware),
            middleware: erasedMiddleware
        )
    }

    /// Creates a store whose effects run on `scheduler`, which drains its inbox: what
    /// `AqueductTesting`'s `Store.init(initialState:reducer:middleware:scheduler:)` calls with a
    /// test scheduler.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer.
    ///   - middleware: The middleware, or `nil`.
    ///   - scheduler: Runs the effects and drains the inbox.
    package convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        scheduler: any EngineScheduler
    ) {
        self.init(
            runtime: Engine(
                initialState: initialState,
                reducer: reducer,
                middleware: middleware,
                scheduler: scheduler
            ),
            middleware: middleware
        )
    }

    @inlinable
    internal init(runtime: Engine<Action, State>, middleware: AnyMiddleware<Action, Action, State>?) {
        self._runtime = runtime
        self.dispatcher = runtime.dispatcher
        runtime.start(middleware)
    }

    /// Dispatches an action, recording the call site as its source, and processes it — with
    /// everything it sets off synchronously — before returning.
    ///
    /// Called while the store is processing another action (from a middleware, an effect or
    /// an observer), the action is queued and processed after the current one.
    ///
    /// ```swift
    /// store.dispatch(.increment, info: "by hand")
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - file: The calling file; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - info: Optional context, shown by the logger.
    /// - Complexity: O(1) plus the work of the middleware, reducer and observers.
    @inlinable
    public func dispatch(
        _ action: Action,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line,
        info: String? = nil
    ) {
        _runtime.dispatch(action, from: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Dispatches an action with a given source and processes it before returning.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source, for example the one a projection or a bridge received.
    @inlinable
    public func dispatch(_ action: Action, from source: ActionSource) {
        _runtime.dispatch(action, from: source)
    }

    /// Descriptions of the asynchronous effects still running, oldest first: the action that
    /// started each one, and ` (cancelled)` for one cancelled whose work has not returned.
    package nonisolated var runningEffects: [String] {
        _runtime.storage.runningEffects
    }

    /// The number of actions waiting in the inbox.
    package nonisolated var pendingInboxCount: Int {
        _runtime.storage.inboxCount
    }
}
