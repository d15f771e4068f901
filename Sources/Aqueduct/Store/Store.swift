/// Holds the state of an app or feature and processes actions in one direction:
/// middleware → reducer → effects → observers.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: appReducer, middleware: logger <> bridges)
/// store.dispatch(.checkIn(.start))   // processed before dispatch returns
/// print(store.state.checkIn)
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
    @usableFromInline
    internal let _core: StoreCore<Action, State>
    @usableFromInline
    internal let _fields: UnsafeMutablePointer<StoreCore<Action, State>.Fields>
    @usableFromInline
    internal let _reducer: Reducer<Action, State>
    @usableFromInline
    internal let _handle: (@MainActor @Sendable (Action, ActionSource, GetState<State>) -> Effect<Action>)?
    @usableFromInline
    internal let _getState: GetState<State>
    @usableFromInline
    internal var _spareBatch: [(action: Action, source: ActionSource)] = []

    /// Path observers, streams and Observation tracking (`Observation/`); created on first use.
    /// While it watches something it sets `hasObservers` and `_notifyObservers` calls it.
    @usableFromInline
    internal var _observation: ObservationHub<State>?

    // Isolated so that the store's parts are released on the main actor, whatever thread drops
    // the last reference: the observation hub must be (see `HubLink`).
    isolated deinit {}

    @usableFromInline
    internal nonisolated let _inbox: Inbox<Action>
    @usableFromInline
    internal nonisolated let _effects: EffectRegistry

    /// Dispatches actions into this store from any isolation. See ``Dispatcher``.
    public nonisolated let dispatcher: Dispatcher<Action>

    /// The most actions one `dispatch` may set off (itself included) before the store decides
    /// it is in a runaway loop. The default, 100,000, is far above any honest cascade.
    public var cascadeLimit = 100_000

    /// Receives the report when a dispatch exceeds ``cascadeLimit``. The default writes the
    /// report to standard error.
    public var onRunawayLoop: @MainActor (RunawayLoop) -> Void = { report in
        FileOutput.standardError.write(report.description + "\n")
    }

    /// The current state. Only actions change it.
    public var state: State { _fields.pointee.state }

    /// Creates a store with a reducer and a middleware.
    ///
    /// The middleware's start hook runs before `init` returns; actions it dispatches through
    /// its dispatcher are processed on the main actor shortly after.
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

    // Inlinable so that the dispatcher's closure and the inbox drain are specialised for the
    // app's action type: unspecialised, they look up generic metadata on every action. Must stay
    // specialisable: scenario g's budget (5 M actions/s) fails otherwise.
    @inlinable
    internal init(
        initialState: State,
        reducer: Reducer<Action, State>,
        erasedMiddleware: AnyMiddleware<Action, Action, State>?
    ) {
        let core = StoreCore<Action, State>(state: initialState)
        let middleware = erasedMiddleware.flatMap { $0.isIdentity ? nil : $0 }
        self._core = core
        self._fields = core.fields
        self._reducer = reducer
        self._handle = middleware?._handle
        self._getState = GetState { core.fields.pointee.state }
        let inbox = Inbox<Action>()
        self._inbox = inbox
        self._effects = EffectRegistry()
        self.dispatcher = Dispatcher { action, source in inbox.enqueue(action, source) }
        inbox.setScheduler { [weak self] in
            Task { @MainActor in self?._drainInbox() }
        }
        middleware?.start(MiddlewareContext(dispatcher: dispatcher, state: _getState))
    }

    /// Dispatches an action, recording the call site as its source, and processes it — with
    /// everything it sets off synchronously — before returning.
    ///
    /// Called while the store is processing another action (from a middleware, an effect or
    /// an observer), the action is queued and processed after the current one.
    ///
    /// ```swift
    /// store.dispatch(.increment)
    /// store.dispatch(.load, info: "pull to refresh")
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
        dispatch(action, from: ActionSource(file: file, function: function, line: line, info: info))
    }

    /// Dispatches an action with a given source and processes it before returning.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source, for example the one a projection or a bridge received.
    @inlinable
    public func dispatch(_ action: Action, from source: ActionSource) {
        if _fields.pointee.isProcessing {
            _fields.pointee.queue.append(action, source)
            return
        }
        _fields.pointee.isProcessing = true
        _process(action, source)
        if !_fields.pointee.queue.isEmpty { _drainQueue() }
        _fields.pointee.isProcessing = false
    }

    /// Processes one action: middleware, reducer, effects, observers.
    @inlinable
    internal func _process(_ action: Action, _ source: ActionSource) {
        if let handle = _handle {
            let effect = handle(action, source, _getState)
            _reducer._reduce(action, &_fields.pointee.state)
            if !effect.isNone { _run(effect, cause: action, source: source, ids: []) }
        } else {
            _reducer._reduce(action, &_fields.pointee.state)
        }
        if _fields.pointee.hasObservers { _notifyObservers() }
    }

    /// Processes queued actions until the queue is empty or the cascade limit is reached.
    // Inlinable, like `_run`, so that cascades (sends, bridges) run specialised code.
    @inlinable
    internal func _drainQueue() {
        var processed = 1
        while let (action, source) = _fields.pointee.queue.popFirst() {
            processed += 1
            if processed > cascadeLimit {
                let dropped = _fields.pointee.queue.items.count - _fields.pointee.queue.head + 1
                _fields.pointee.queue.removeAll()
                // The cascade is over: what the handler dispatches is processed right away
                // rather than queued behind nothing.
                _fields.pointee.isProcessing = false
                onRunawayLoop(
                    RunawayLoop(
                        action: ActionDescription.describe(action),
                        source: source,
                        limit: cascadeLimit,
                        droppedCount: dropped
                    )
                )
                return
            }
            _process(action, source)
        }
    }

    /// Runs an effect returned for `cause`, after the reducer, under the cancellation `ids` of
    /// the `.cancellable` wrappers around it (outermost first).
    @inlinable
    internal func _run(_ effect: Effect<Action>, cause: Action, source: ActionSource, ids: [EffectID]) {
        switch effect.operation {
        case .none:
            break
        case .send(let action, let given):
            _fields.pointee.queue.append(action, given ?? Self.effectSource(cause: cause, source: source))
        case .immediate(let work):
            work(
                // `dispatch` queues while the store is processing, and processes otherwise: an
                // escaped send is not stranded in the queue.
                ImmediateSend { action, given in
                    self.dispatch(action, from: given ?? Self.effectSource(cause: cause, source: source))
                }
            )
        case .run(let priority, let operation):
            let derived = Self.effectSource(cause: cause, source: source)
            let inbox = _inbox
            let send = Send<Action> { action, given in inbox.enqueue(action, given ?? derived) }
            let token = _effects.reserve()
            let task = Task.detached(executorPreference: _effects.taskExecutor, priority: priority) {
                [weak effects = _effects] in
                await operation(send)
                effects?.finish(token)
            }
            _effects.register(
                token,
                EffectRegistry.Entry(ids: ids, task: task, description: ActionDescription.describe(cause))
            )
        case .merge(let effects):
            for effect in effects { _run(effect, cause: cause, source: source, ids: ids) }
        case .cancellable(let newID, let cancelInFlight, let inner):
            if cancelInFlight { _effects.cancel(id: newID) }
            _run(inner, cause: cause, source: source, ids: ids + [newID])
        case .cancel(let cancelled):
            _effects.cancel(id: cancelled)
        }
    }

    @usableFromInline
    internal static func effectSource(cause: Action, source: ActionSource) -> ActionSource {
        source._sentByEffect(of: cause)
    }

    /// Processes the actions that arrived through ``dispatcher`` since the last drain.
    @inlinable
    internal func _drainInbox() {
        var batch = _spareBatch
        _spareBatch = []
        _inbox.takeAll(into: &batch)
        for (action, source) in batch {
            dispatch(action, from: source)
        }
        batch.removeAll(keepingCapacity: true)
        _spareBatch = batch
    }

    /// Descriptions of the asynchronous effects still running, oldest first: the action that
    /// started each one.
    package var runningEffects: [String] {
        _effects.running.map { $0.isCancelled ? $0.description + " (cancelled)" : $0.description }
    }

    /// The number of actions waiting in the inbox.
    package var pendingInboxCount: Int {
        _inbox.count
    }
}
