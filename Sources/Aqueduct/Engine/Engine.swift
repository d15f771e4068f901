/// The one engine behind ``Store``, `TestStore` and `MiddlewareTester`: it owns the action
/// queue, the effect interpreter and the registry of running effects, and runs effects on the
/// scheduler it is given, so that each behaviour exists once and tests see exactly what
/// production does.
///
/// Written as swift-async-algorithms writes its stateful operators (`DebounceStateMachine` and
/// `DebounceStorage`): small pure state machines whose transitions return what to do, and the
/// storage that does it.
///
/// - ``DispatchStateMachine`` (main actor, behind ``RawEngineMemory``'s pointer, no lock): idle
///   or processing, and the FIFO behind the action being processed. It is on every dispatch,
///   so it takes no lock and allocates nothing.
/// - Behind ``LockedEngineStorage``'s lock, what other threads reach: the ``InboxStateMachine`` (the
///   actions sent from any isolation), the ``EffectRegistryStateMachine`` (the effects alive)
///   and the ``ThrottleStateMachine``.
///
/// Processing one action: the middleware's `handle` (before the reducer), the reducer, the
/// effect it returned (interpreted here, reading the new state), then the observers: a
/// store's observation hub (``MainActorEngineFields/observation``) or a test driver's recorder
/// (``MainActorEngineFields/didProcess``). Actions dispatched meanwhile — by the effect, a
/// bridge, an observer — are queued, each with its source, and processed after it: anything
/// that derives an action during processing can queue it with ``dispatch(_:from:)`` directly,
/// no effect needed.
///
/// ## Cancel means cancel
/// Once a `.cancel(id:)`, a `cancelInFlight` or a test driver's cancellation has been
/// processed, no action the cancelled effects sent is processed — not one waiting in the inbox
/// or the queue, not one sent later from any thread — and once the engine is released,
/// nothing at all. Each action an effect sends carries the effect's ``EffectLifetime``, which
/// the main actor checks as it takes the action out (see ``EffectRegistryStateMachine``).
///
/// ## Schedulers
/// Without a scheduler (a store), effects run in tasks on the global concurrent executor and
/// the first action into an empty inbox schedules one main-actor job that drains it. With one
/// (``EngineScheduler``: a test scheduler), the scheduler starts the effects' tasks and drains
/// the inbox when it decides. Effect tasks hold the engine's ``LockedEngineStorage``, never the
/// engine: releasing the engine cancels them.
///
/// Main-actor isolated; ``storage`` and ``dispatcher`` are usable from any isolation.
@MainActor
@usableFromInline
package final class Engine<Action: Sendable, State>: DrainingEngine {
    @usableFromInline
    internal let memory: RawEngineMemory<Action, State>
    @usableFromInline
    internal let reducer: Reducer<Action, State>
    @usableFromInline
    internal let handle: (@MainActor @Sendable (Action, ActionSource, GetState<State>) -> Effect<Action>)?
    /// Reads the current state; what middlewares and effects are given.
    @usableFromInline
    package let getState: GetState<State>
    /// The inbox, the effects alive and the throttles; what other threads reach.
    @usableFromInline
    package nonisolated let storage: LockedEngineStorage<Action>
    /// Runs the effects' tasks and drains the inbox; `nil` for the global concurrent executor
    /// and a drain scheduled on the main actor (a store).
    @usableFromInline
    internal let scheduler: (any EngineScheduler)?
    /// Sends actions into the inbox from any isolation.
    @usableFromInline
    package nonisolated let dispatcher: Dispatcher<Action>

    /// Receives the report when a dispatch exceeds the cascade limit.
    package var onRunawayLoop: @MainActor (RunawayLoop) -> Void = { report in
        FileOutput.standardError.write(report.description + "\n")
    }

    /// Called for each `.cancel(id:)` effect interpreted, with the id; for `MiddlewareTester`.
    package var onCancel: (@MainActor (AnyHashable) -> Void)?

    /// The ``FinishingWork`` of the action being processed — the recorder's record — waiting
    /// for the end of the action's effect; empty, and never read, without a recorder.
    // Unchecked, like the dispatch path's other fields: read after every action's effect, written
    // only there and by that effect's run, never during a read. Kept for scenario k's budget
    // (≤ 3× a's store: 2.98× unchecked, 3.26× checked).
    @usableFromInline
    @exclusivity(unchecked)
    internal var waitingFinishes: [any FinishingWork] = []
    /// What the action being processed cancelled, kept while a ``FinishingWork`` waits for it.
    @exclusivity(unchecked)
    internal var cancellations: [EffectCancellation] = []

    /// The tracker of each child scope whose children started effects in this store (see
    /// ``ChildScope``); `.some(nil)` for a scope that cannot read this store's state.
    @usableFromInline
    internal var childTrackers: [ObjectIdentifier: (any ChildTracker)?] = [:]

    /// Creates an engine whose reducer step returns no effect.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer.
    ///   - middleware: The middleware, or `nil` for none.
    ///   - scheduler: Runs the effects and drains the inbox; `nil` for a store's.
    ///   - onLateSend: Told of the first action each effect sent after its work returned.
    @inlinable
    package convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        scheduler: (any EngineScheduler)? = nil,
        onLateSend: @escaping @Sendable (_ action: Action, _ startedBy: String) -> Void = Engine.reportLateSend
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            middleware: middleware,
            reduceWithEffects: nil,
            scheduler: scheduler,
            onLateSend: onLateSend
        )
    }

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer.
    ///   - middleware: The middleware, or `nil` for none. Its `handle` is kept; its start effect
    ///     runs when the driver calls ``start(_:)``.
    ///   - reduceWithEffects: A reducer step that returns an effect — a feature written as one
    ///     function — or `nil`. Given, it runs after `reducer` in the call to ``handle`` (after
    ///     the middleware's handler, so the middleware still sees the state before the action),
    ///     and its effect runs after the middleware's: the processing path is the same, and a
    ///     engine without one is built exactly as before.
    ///   - scheduler: Runs the effects and drains the inbox; `nil` for a store's: the global
    ///     concurrent executor, and a main-actor job per batch.
    ///   - onLateSend: Told of the first action each effect sent after its work returned
    ///     (each is dropped): the action, and a description of what started the effect. By
    ///     default a line on standard error.
    // Inlinable so that the dispatcher's closure and the inbox drain are specialised for the
    // app's action type: unspecialised, they look up generic metadata on every action, which
    // the benchmark's budget for concurrent senders does not allow (see Benchmarks/README.md).
    @inlinable
    package init(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        reduceWithEffects: (@Sendable (Action, inout State) -> Effect<Action>)?,
        scheduler: (any EngineScheduler)? = nil,
        onLateSend: @escaping @Sendable (_ action: Action, _ startedBy: String) -> Void = Engine.reportLateSend
    ) {
        let memory = RawEngineMemory<Action, State>(state: initialState)
        let storage = LockedEngineStorage<Action>(onLateSend: onLateSend)
        self.memory = memory
        // Not through `Optional.flatMap`: a closure passed through a generic function is
        // re-wrapped for the generic calling convention, and each dispatch would then go through
        // two wrapper calls before the middleware's.
        let handle: (@MainActor @Sendable (Action, ActionSource, GetState<State>) -> Effect<Action>)?
        if let middleware, !middleware.isIdentity {
            handle = middleware._handle
        } else {
            handle = nil
        }
        if let reduceWithEffects {
            // The reducer step that returns an effect runs inside `handle`, after the middleware,
            // which sees the state before the action, and before the effects run: where
            // `process` would run it. The engine's own reducer step is then left empty.
            self.reducer = .identity
            self.handle = Engine.fuse(handle, reducer, reduceWithEffects, state: memory)
        } else {
            self.reducer = reducer
            self.handle = handle
        }
        self.getState = GetState { memory.fields.state }
        self.storage = storage
        self.scheduler = scheduler
        // An action from another isolation is from outside: a cause its source carries (one
        // forwarded from an action processed earlier) is cleared.
        self.dispatcher = Dispatcher { action, source in
            storage.enqueue(action, source, causedBy: nil, from: nil)
        }
        if let scheduler {
            storage.setDrainRequest(scheduler.attach(self))
        } else {
            storage.setDrainRequest { [weak self] in
                // The engine's drain of its own inbox, on the main actor: it holds the engine weakly.
                Task { @MainActor in self?.drainInbox() }
            }
        }
    }

    deinit {
        storage.engineReleased()
    }

    /// The handler of an engine whose reducer step returns an effect: the middleware's handler,
    /// then the reducer, then the step, changing the state in `memory`; their effects merged,
    /// the middleware's first.
    @usableFromInline
    internal static func fuse(
        _ handle: (@MainActor @Sendable (Action, ActionSource, GetState<State>) -> Effect<Action>)?,
        _ reducer: Reducer<Action, State>,
        _ reduceWithEffects: @escaping @Sendable (Action, inout State) -> Effect<Action>,
        state memory: RawEngineMemory<Action, State>
    ) -> @MainActor @Sendable (Action, ActionSource, GetState<State>) -> Effect<Action> {
        let reduce = reducer._isIdentity ? nil : reducer._reduce
        return { action, source, state in
            let before = handle?(action, source, state) ?? .none
            reduce?(action, &memory.fields.state)
            let after = reduceWithEffects(action, &memory.fields.state)
            if after.isNone { return before }
            if before.isNone { return after }
            return .merge(before, after)
        }
    }

    /// The default report of the first action an effect sent after its work returned: a line
    /// on standard error.
    @usableFromInline
    package nonisolated static func reportLateSend(_ action: Action, startedBy: String) {
        FileOutput.standardError.write(lateSendMessage(action, startedBy: startedBy) + "\n")
    }

    /// Says what was dropped, and why.
    package nonisolated static func lateSendMessage(_ action: Action, startedBy: String) -> String {
        "An effect of \(startedBy) sent \(ActionDescription.describe(action)) after its work had returned; "
            + "the action was dropped, and so is anything else it sends (reported once for the effect). Keep the work running while anything it started may still send "
            + "(await it: a task group, async let, or a stream)."
    }

    /// Starts a middleware: runs its start effect (``Middleware/start(state:)``), which this
    /// engine then owns like any other, and its deprecated start hook, which gets the
    /// engine's dispatcher and state getter.
    ///
    /// - Parameter middleware: The middleware, or `nil`.
    /// - Returns: Whether a deprecated start hook that is not the default ran: it may dispatch
    ///   from tasks no engine owns.
    @usableFromInline
    @discardableResult
    package func start(_ middleware: AnyMiddleware<Action, Action, State>?) -> Bool {
        guard let middleware else { return false }
        let ownHook = middleware._legacyStart(
            MiddlewareContext(dispatcher: dispatcher, state: getState, defaultStarts: DefaultStartCount())
        )
        start(effect: middleware.start(state: getState))
        return ownHook
    }

    /// Runs a start effect: each middleware's part names it as its cause.
    package func start(effect: Effect<Action>) {
        if effect.isNone { return }
        perform(effect, causedBy: "the store's start", derivedSource: .startEffect(of: "the store's middleware"))
    }

    /// The current state.
    package var state: State {
        get { memory.fields.state }
        set { memory.fields.state = newValue }
    }

    // MARK: - Processing

    /// Processes an action — with everything it sets off synchronously — before returning; or,
    /// while another action is being processed, queues it behind that one.
    ///
    /// - Complexity: O(1) plus the work of the middleware, reducer and observers.
    @inlinable
    package func dispatch(_ action: Action, from source: consuming ActionSource) {
        dispatch(action, from: source, causedBy: nil)
    }

    /// Dispatches an action that `cause` set off (an effect's, a bridge's), or — with `nil` —
    /// one from outside, or caused by the action being processed if there is one. The source
    /// is stamped with the cause and, when processed, the action's number (see
    /// ``DispatchStateMachine``); it is moved, never copied, on its way to the queue or the
    /// middleware.
    @inlinable
    internal func dispatch(
        _ action: Action,
        from source: consuming ActionSource,
        causedBy cause: ActionCause?,
        lifetime: EffectLifetime? = nil
    ) {
        switch memory.fields.dispatch.dispatch() {
        case .queue:
            memory.fields.dispatch.enqueue(action, from: source, causedBy: cause, lifetime: lifetime)
        case .process(let seq):
            if readsSources {
                source._seq = seq
                source._stampCause(cause)
                process(action, source)
            } else {
                // Nothing reads the source: it is not stamped.
                reducer._reduce(action, &memory.fields.state)
            }
            finishDispatch()
        }
    }

    /// Dispatches an action taken out of the inbox, whose source was stamped with its cause as
    /// it entered: borrowed from the batch, copied only if something reads it.
    @inlinable
    internal func dispatch(taken action: Action, source: ActionSource, lifetime: EffectLifetime?) {
        switch memory.fields.dispatch.dispatch() {
        case .queue:
            memory.fields.dispatch.enqueue(action, from: source, causedBy: source.cause, lifetime: lifetime)
        case .process(let seq):
            if readsSources {
                var source = source
                source._seq = seq
                process(action, source)
            } else {
                reducer._reduce(action, &memory.fields.state)
            }
            finishDispatch()
        }
    }

    /// Whether anything reads the sources of processed actions: a middleware or an observer.
    @inlinable
    internal var readsSources: Bool {
        handle != nil || memory.fields.hasObservers
    }

    /// The dispatched action was processed: drains what it queued, if anything.
    @inlinable
    internal func finishDispatch() {
        if !memory.fields.dispatch.finishIfNothingQueued() { drainQueue() }
    }

    /// Processes one action: middleware, reducer, effect, then the `didProcess` hook.
    @inlinable
    internal func process(_ action: Action, _ source: ActionSource) {
        // `handle?(…)`, not `if let handle`: binding the closure copies it, a retain and a
        // release of its context per action, where an optional call borrows it.
        let effect = handle?(action, source, getState)
        reducer._reduce(action, &memory.fields.state)
        // Consumed, so that its storage is moved into `storage`, not retained for it.
        if let storage = (consume effect)?._box {
            // A bridge's firing derives and queues its actions itself, with their sources:
            // asked first, so that no cause is built for it (see `EffectStorage`).
            // Queued, not dispatched: an action is being processed, so a dispatch would queue.
            let bridged = ActionCause(seq: source.seq, kind: .bridgedFrom)
            if !storage.deriveActions({ derived, derivedSource in
                memory.fields.dispatch.enqueueInlined(derived, from: derivedSource, causedBy: bridged, lifetime: nil)
            }) {
                run(Effect(_box: storage), causedBy: action, source)
            }
        }
        if memory.fields.hasObservers { notifyObservers(action, source) }
    }

    /// Runs the effect of the action just processed, then finishes the work that waits for it.
    // Out of line (but specialised): inlined into `process`, the copy of the source its cause
    // needs was made on every processed action, most of which run no effect (the instruction
    // gate: b, e, f and j 7–19% fewer instructions).
    @inlinable @inline(never)
    internal func run(_ effect: Effect<Action>, causedBy action: Action, _ source: ActionSource) {
        run(effect, cause: .action(action, source), ids: [])
        if !waitingFinishes.isEmpty { finishWaiting() }
    }

    /// Finishes the ``FinishingWork`` of the action just processed, telling it what the
    /// action's effect cancelled; keeps the arrays' storage for the next action.
    ///
    /// No copy of either array is held while it is emptied — emptying a shared array keeping its
    /// capacity allocates a new one, an allocation an action (the allocation gate's
    /// l/recorder_dispatch). A work finished here could make another wait (it runs no action
    /// today): the loop reads the count afresh and finishes that one too.
    @usableFromInline
    internal func finishWaiting() {
        // None is handed on as `[]`, not as the kept storage, which a work holding it would
        // share; a work that keeps what was cancelled makes the emptying below allocate, once.
        let cancelled = cancellations.isEmpty ? [] : cancellations
        var index = 0
        while index < waitingFinishes.count {
            waitingFinishes[index].finish(after: cancelled)
            index += 1
        }
        waitingFinishes.removeAll(keepingCapacity: true)
        if !cancellations.isEmpty { cancellations.removeAll(keepingCapacity: true) }
    }

    /// Tells the observers that an action was processed: the store's observation hub (its
    /// path watchers, then the observers of the whole state), or the test driver's recorder.
    // Inlinable, like the rest of the dispatch path: the whole-state observers must be called
    // from code specialised for the app's state (see `StateObservers`).
    @inlinable
    internal func notifyObservers(_ action: Action, _ source: ActionSource) {
        if let hub = memory.fields.observation {
            if hub.hasPathWatchers { hub.storeDidProcess() }
            if let observers = hub.stateObservers { observers.deliver(memory.fields.state) }
        }
        memory.fields.didProcess?(action, source)
    }

    /// Processes queued actions until the queue is empty or the cascade limit is reached.
    // Inlinable, like `run`, so that cascades (sends, bridges) run specialised code.
    @inlinable
    internal func drainQueue() {
        while true {
            switch memory.fields.dispatch.next() {
            case .processOwn(let action, let seq):
                processOwn(action, seq: seq)
            case .process(let action, let origin, let seq):
                return drainQueue(from: action, origin: origin, seq: seq)
            case .finished:
                return
            case .runaway(let action, let source, let limit, let droppedCount):
                reportRunaway(action, source, limit: limit, droppedCount: droppedCount)
                return
            }
        }
    }

    /// Processes `first`, the first queued action of a shared origin to come out, then the rest
    /// of the queue, as ``drainQueue()`` does.
    // The source of the action taken out is kept while the next ones come from the same origin
    // (an immediate effect's cascade): each one's number is stamped on it, instead of copying
    // the origin's source again — a retain, a release and 64 bytes moved twice per action
    // (scenario k's budget, the instruction gate). Apart from ``drainQueue()``, so that a drain
    // of actions with their own origins (a bridge's) makes no copy to keep (scenario e's).
    // Always inlined into it: apart, its loop processed k's actions about 40 instructions
    // dearer each.
    @inlinable @inline(__always)
    internal func drainQueue(from first: Action, origin firstOrigin: Int, seq firstSeq: Int) {
        var source = memory.fields.dispatch.source(of: firstOrigin)
        var sourceOrigin = firstOrigin
        source._seq = firstSeq
        process(first, source)
        while true {
            switch memory.fields.dispatch.next() {
            case .process(let action, let origin, let seq):
                if origin != sourceOrigin {
                    source = memory.fields.dispatch.source(of: origin)
                    sourceOrigin = origin
                }
                source._seq = seq
                process(action, source)
            case .processOwn(let action, let seq):
                processOwn(action, seq: seq)
            case .finished:
                return
            case .runaway(let action, let source, let limit, let droppedCount):
                reportRunaway(action, source, limit: limit, droppedCount: droppedCount)
                return
            }
        }
    }

    /// Processes a queued action whose origin is its own, numbered `seq`: takes the origin (see
    /// ``DispatchStateMachine/NextAction/processOwn(_:seq:)``) and stamps its source.
    @inlinable @inline(__always)
    internal func processOwn(_ action: Action, seq: Int) {
        var origin = memory.fields.dispatch.takeOwnOrigin()
        origin.source._seq = seq
        process(action, origin.source)
    }

    @usableFromInline
    internal func reportRunaway(_ action: Action, _ source: ActionSource, limit: Int, droppedCount: Int) {
        onRunawayLoop(
            RunawayLoop(
                action: ActionDescription.describe(action),
                source: source,
                limit: limit,
                droppedCount: droppedCount
            )
        )
    }

    /// Processes the actions that arrived in the inbox since the last drain, in order — except
    /// those of effects cancelled by the time each comes out, which are dropped: the action
    /// processed before one of them may have cancelled it.
    @inlinable
    package func drainInbox() {
        precondition(memory.fields.dispatch.isIdle, "Engine: the inbox is drained while an action is processed")
        var batch = memory.fields.spareBatch
        memory.fields.spareBatch = InboxStateMachine<Action>.Batch()
        storage.takeInbox(exchanging: &batch)
        // The causes were stamped when the actions entered the inbox: none by a dispatcher, the
        // effect's action by an effect's `Send`.
        batch.forEach { action, source, lifetime in
            if let lifetime, lifetime.isCancelled { return }
            dispatch(taken: action, source: source, lifetime: lifetime)
        }
        batch.removeAll()
        memory.fields.spareBatch = batch
    }

    /// Runs an effect whose cause is not one of this engine's actions — what a middleware
    /// under test returned for its input — and processes what it sends synchronously.
    ///
    /// - Parameters:
    ///   - effect: The effect.
    ///   - description: Describes the cause, for ``LockedEngineStorage/runningEffects``.
    ///   - derivedSource: The source of actions the effect sends without one of their own.
    package func perform(_ effect: Effect<Action>, causedBy description: String, derivedSource: ActionSource) {
        let began = memory.fields.dispatch.beginWork()
        run(effect, cause: .given(derivedSource: derivedSource, description: description), ids: [])
        if began { drainQueue() }
    }
}
