import Aqueduct

/// Runs one middleware — a feature's, a bridge, a lifecycle source — alone, against a state
/// you set, and records what it dispatches, in order, with the sources.
///
/// There is no store and no reducer: ``handle(_:from:reducing:awaitingEffects:fileID:filePath:function:line:column:)``
/// calls the middleware's `handle`, optionally changes the state as the reducer would, then runs
/// the effect it returned — `.send` and `.immediate` synchronously, `.run` in tasks that it
/// awaits — and returns the actions dispatched. ``start()`` runs the start hook; what it
/// dispatches, now or later, is recorded too.
///
/// The effect runs on the same engine as a store's — the same interpreter, cancellation by id
/// and in flight, derived sources — on a ``TestScheduler`` of the tester's own, as a
/// ``TestStore``'s effects do: waiting for them is an `await` on that scheduler, not a poll.
/// What the effects send is recorded instead of processed.
///
/// ```swift
/// let tester = MiddlewareTester(lifeSignalBridges, state: AppState())
/// // No check-in pending: a new connection syncs nothing.
/// #expect(await tester.handle(.reachability(.connectedToWifi)).isEmpty)
///
/// tester.state.checkIn.pendingSyncCount = 2
/// let sent = await tester.handle(.reachability(.connectedToWifi))
/// #expect(sent.map(\.action) == [.checkIn(.sync)])
/// #expect(sent[0].source.info?.hasPrefix("Bridged from reachability(ReachabilityEvent.connectedToWifi)") == true)
/// ```
///
/// Sources are what a store would give: an action sent without a source of its own carries
/// the source of the action that caused it, with a line of info naming that action.
///
/// Main-actor isolated, like the store a middleware normally runs in.
@MainActor
public final class MiddlewareTester<M: Middleware> where M.OutputAction: Sendable {
    /// The middleware under test.
    public let middleware: M

    /// The failure bound, in wall time, of ``handle(_:from:reducing:awaitingEffects:fileID:filePath:function:line:column:)``
    /// waiting for `.run` effects to end and of ``waitForDispatches(count:fileID:filePath:line:column:)``
    /// waiting for actions. One second by default. It never decides when effects have run as
    /// far as they can: the tester's executor does.
    public var timeout: Duration = .milliseconds(1_000) {
        didSet { scheduler.core.failureBound = timeout }
    }

    /// The state the middleware reads through its `GetState`. Set it before an action to test
    /// the middleware against that state.
    public var state: M.State {
        get { runtime.state }
        set { runtime.state = newValue }
    }

    /// Everything the middleware has dispatched so far — from effects and from the start hook
    /// — in the order it was dispatched.
    public private(set) var dispatched: [DispatchedAction<M.OutputAction>] = []

    /// The ids of the effects the middleware asked to cancel with `.cancel(id:)`, in order.
    public private(set) var cancelledIDs: [AnyHashable] = []

    /// The engine, with no reducer and no middleware of its own: it runs the effects `handle`
    /// returns, and what they send is recorded rather than processed further.
    private let runtime: Engine<M.OutputAction, M.State>
    /// Runs the effects; only this tester's.
    private let scheduler = TestScheduler()

    /// Creates a tester for a middleware, starting from a state.
    ///
    /// - Parameters:
    ///   - middleware: The middleware.
    ///   - state: The state it reads.
    public init(_ middleware: M, state: M.State) {
        self.middleware = middleware
        self.runtime = Engine(
            initialState: state,
            reducer: .identity,
            middleware: nil,
            scheduler: scheduler.core
        )
        scheduler.core.failureBound = timeout
        runtime.observeProcessing { [weak self] action, source in
            self?.dispatched.append(DispatchedAction(action: action, source: source))
        }
        runtime.onCancel = { [weak self] id in self?.cancelledIDs.append(id) }
    }

    /// Starts the middleware: runs the effect its ``/Aqueduct/Middleware/start(state:)`` returns on the
    /// tester's engine, reading ``state``, and its deprecated start hook with a dispatcher that
    /// records what it dispatches.
    ///
    /// Actions sent at once are in the returned list; those the start effect sends later are
    /// added to ``dispatched`` as they come — wait for them with
    /// ``waitForDispatches(count:fileID:filePath:line:column:)``, which stops waiting as soon as
    /// no effect is left running (unless a deprecated start hook started tasks of its own,
    /// which no engine sees).
    ///
    /// ```swift
    /// let tester = MiddlewareTester(NumberListener(numbers: numbers), state: CounterState())
    /// #expect(tester.start().isEmpty)
    /// source.yield(5)
    /// source.yield(6)
    /// let sent = await tester.waitForDispatches(count: 2)
    /// ```
    ///
    /// - Returns: The actions sent before the start effect first suspended.
    @discardableResult
    public func start() -> [DispatchedAction<M.OutputAction>] {
        let mark = dispatched.count
        if middleware._legacyStart(MiddlewareContext(dispatcher: runtime.dispatcher, state: runtime.getState)) {
            hasOwnStartHook = true
        }
        runtime.start(effect: middleware._startEffect(state: runtime.getState))
        handledSince = max(handledSince, runtime.storage.effectTokenMark)
        runtime.drainInbox()
        return Array(dispatched[mark...])
    }

    /// Whether ``start()`` ran a deprecated start hook that is not the default: its tasks may
    /// dispatch while no effect runs.
    private var hasOwnStartHook = false

    /// Calls the middleware with an action, runs the effect it returns, and returns what the
    /// effect dispatched, in order.
    ///
    /// The middleware sees ``state`` as it is; `reducing`, the app's reducer (or one made for
    /// the test), then reduces the action, so that the effect — a bridge's `when:` filter, for
    /// example — reads the new state.
    /// `.run` effects are awaited; one still running after ``timeout`` fails the test and is
    /// cancelled. For effects that wait on a ``TestClock``, pass `awaitingEffects: false`.
    /// Here an effect sends only when the count the reducer has set is positive:
    ///
    /// ```swift
    /// let onlyWhenPositive = AnyMiddleware<CounterAction, CounterAction, CounterState>(handle: { action, _, state in
    ///     guard case .set = action else { return .none }
    ///     return .immediate { send in
    ///         if state().count > 0 { send(.increment) }
    ///     }
    /// })
    /// let tester = MiddlewareTester(onlyWhenPositive, state: CounterState())
    /// #expect(await tester.handle(.set(-1), reducing: counterReducer).isEmpty)
    /// let sent = await tester.handle(.set(4), reducing: counterReducer)
    /// #expect(sent.map(\.action) == [.increment])
    /// #expect(tester.state.count == 4)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source; the call site when `nil`.
    ///   - reducer: The reducer to apply to the action after `handle` and before the effect
    ///     runs, as a store would; `nil` leaves the state as it is.
    ///   - awaitingEffects: Whether to wait for the `.run` effects to end (the default). When
    ///     `false`, `handle` returns once they have run as far as they can — up to a sleep on
    ///     a TestClock, say — with what was dispatched by then; what they dispatch later is
    ///     added to ``dispatched`` — advance the ``TestClock`` they wait on, then use
    ///     ``waitForDispatches(count:fileID:filePath:line:column:)``. The next call that awaits
    ///     effects awaits these too.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The actions the effect dispatched, in order.
    @discardableResult
    public func handle(
        _ action: M.InputAction,
        from source: ActionSource? = nil,
        reducing reducer: Reducer<M.InputAction, M.State>? = nil,
        awaitingEffects: Bool = true,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        function: StaticString = #function,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [DispatchedAction<M.OutputAction>] {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let source = source ?? ActionSource(file: fileID, function: function, line: line)
        let effect = middleware.handle(action: action, from: source, state: runtime.getState)
        reducer?(action, &runtime.state)
        let mark = dispatched.count
        runtime.perform(
            effect,
            causedBy: ActionDescription.describe(action),
            derivedSource: source._sentByEffect(of: action)
        )
        let storage = runtime.storage
        let awaited = awaitedTokens
        let outcome = await scheduler.core.wait(
            until: .now + timeout,
            noProgressFor: timeout,
            givingUpWhen: { storage.runningCount(tokens: awaited) == 0 }
        ) { !awaitingEffects || storage.runningCount(tokens: awaited) == 0 }
        let running = storage.runningCount(tokens: awaited)
        if awaitingEffects, outcome != .satisfied, running > 0 {
            FailureReporter.record(
                "\(running == 1 ? "An effect" : "\(running) effects") of \(ActionDescription.describe(action)) still "
                    + "running after \(timeout); cancelled. For effects that wait on a TestClock, pass "
                    + "awaitingEffects: false, advance the clock, then waitForDispatches(count:).",
                at: site
            )
            storage.cancel(tokens: awaited)
            _ = await scheduler.core.settle(noProgressFor: timeout)
        }
        if awaitingEffects { handledSince = storage.effectTokenMark }
        return Array(dispatched[mark...])
    }

    /// The token of the first effect a call of `handle` awaits: effects started before it
    /// have been awaited, or were started by ``start()`` and live as long as the tester.
    private var handledSince = 0

    /// The effects a call of `handle` awaits: every one started since the last call that
    /// awaited its effects or since ``start()``, whichever came last.
    private var awaitedTokens: Range<Int> {
        handledSince..<Int.max
    }

    /// Waits until the middleware has dispatched at least `count` actions in all, for a
    /// source-only middleware whose start hook dispatches from its own tasks, or effects that
    /// wait on a ``TestClock`` the test has advanced.
    ///
    /// ```swift
    /// let tester = MiddlewareTester(AppLifecycleMiddleware(client: scripted.client), state: ())
    /// tester.start()
    /// // …
    /// var sent = await tester.waitForDispatches(count: 3)
    /// #expect(sent.map(\.action) == [.didBecomeActive, .willBecomeInactive, .didEnterBackground])
    /// ```
    ///
    /// - Parameters:
    ///   - count: The number of dispatched actions to wait for, counting from the first.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: Everything dispatched so far.
    @discardableResult
    public func waitForDispatches(
        count: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [DispatchedAction<M.OutputAction>] {
        // Giving up once no effect runs, unless a deprecated start hook's own tasks may still
        // dispatch from outside.
        let storage = runtime.storage
        let ownHook = hasOwnStartHook
        let outcome = await scheduler.core.wait(
            until: .now + timeout,
            noProgressFor: timeout,
            givingUpWhen: { !ownHook && storage.runningEffectCount == 0 }
        ) {
            dispatched.count >= count
        }
        if dispatched.count < count {
            let ending = outcome == .nothingRunning ? "and no effect is left running" : "within \(timeout)"
            FailureReporter.record(
                "Expected \(count) dispatched actions, but \(dispatched.count) arrived \(ending):\n"
                    + DispatchedAction.list(dispatched),
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
        return dispatched
    }
}
