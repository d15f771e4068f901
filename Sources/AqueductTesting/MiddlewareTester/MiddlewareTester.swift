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
/// ```swift
/// let tester = MiddlewareTester(appBridges, state: AppState())
/// let sent = await tester.handle(.lifecycle(.didBecomeActive))
/// #expect(sent.map(\.action) == [.reachability(.startMonitoring)])
/// #expect(sent[0].source.info?.hasPrefix("Bridged from lifecycle") == true)
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

    /// The longest ``handle(_:from:reducing:awaitingEffects:fileID:filePath:function:line:column:)`` waits for
    /// `.run` effects to end, and ``waitForDispatches(count:fileID:filePath:line:column:)`` for
    /// actions, in wall time, before failing. One second by default.
    public var timeout: Duration = .seconds(1)

    /// The state the middleware reads through its `GetState`. Set it before an action to test
    /// the middleware against that state.
    public var state: M.State {
        get { stateBox.value }
        set { stateBox.value = newValue }
    }

    /// Everything the middleware has dispatched so far — from effects and from the start hook
    /// — in the order it was dispatched.
    public var dispatched: [DispatchedAction<M.OutputAction>] {
        log.withLock { $0 }
    }

    /// The ids of the effects the middleware asked to cancel with `.cancel(id:)`, in order.
    public private(set) var cancelledIDs: [AnyHashable] = []

    private let stateBox: StateBox<M.State>
    private let log = LockedValue<[DispatchedAction<M.OutputAction>]>([])
    private var running: [(ids: [AnyHashable], task: Task<Void, Never>)] = []
    /// Every `.run` task started, so that releasing the tester cancels those still running.
    private let tasks = LockedValue<[Task<Void, Never>]>([])
    /// The tokens of the `.run` tasks that have not returned yet.
    private let unfinished = LockedValue<Set<Int>>([])
    private var nextToken = 0

    /// Creates a tester for a middleware, starting from a state.
    ///
    /// - Parameters:
    ///   - middleware: The middleware.
    ///   - state: The state it reads.
    public init(_ middleware: M, state: M.State) {
        self.middleware = middleware
        self.stateBox = StateBox(state)
    }

    deinit {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    /// Runs the middleware's start hook with a dispatcher that records what it dispatches and
    /// a getter of ``state``.
    ///
    /// Actions the hook dispatches at once are in the returned list; those dispatched later,
    /// from tasks the hook started, are added to ``dispatched`` as they come — wait for them
    /// with ``waitForDispatches(count:fileID:filePath:line:column:)``.
    ///
    /// - Returns: The actions dispatched before the hook returned.
    @discardableResult
    public func start() -> [DispatchedAction<M.OutputAction>] {
        let mark = log.withLock { $0.count }
        let log = self.log
        let stateBox = self.stateBox
        middleware.start(
            MiddlewareContext(
                dispatcher: Dispatcher { action, source in
                    log.withLock { $0.append(DispatchedAction(action: action, source: source)) }
                },
                state: GetState { stateBox.value }
            )
        )
        return Array(dispatched[mark...])
    }

    /// Calls the middleware with an action, runs the effect it returns, and returns what the
    /// effect dispatched, in order.
    ///
    /// The middleware sees ``state`` as it is; `reducing` then changes it as the reducer would,
    /// so that the effect — a bridge's `when:` filter, for example — reads the new state.
    /// `.run` effects are awaited; one still running after ``timeout`` fails the test and is
    /// cancelled. For effects that wait on a ``TestClock``, pass `awaitingEffects: false`.
    ///
    /// ```swift
    /// tester.state.settings.shouldUseReachability = false
    /// let sent = await tester.handle(.lifecycle(.didEnterBackground))
    /// #expect(sent.isEmpty)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source; the call site when `nil`.
    ///   - reducing: Changes the state as the reducer would, after `handle` and before the
    ///     effect runs.
    ///   - awaitingEffects: Whether to wait for the `.run` effects to end (the default). When
    ///     `false`, `handle` returns once they have run up to their first suspension, with what
    ///     was dispatched by then; what they dispatch later is added to ``dispatched`` — advance
    ///     the ``TestClock`` they wait on, then use
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
        reducing: ((inout M.State) -> Void)? = nil,
        awaitingEffects: Bool = true,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        function: StaticString = #function,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [DispatchedAction<M.OutputAction>] {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let source = source ?? ActionSource(file: fileID, function: function, line: line)
        let stateBox = self.stateBox
        let effect = middleware.handle(action: action, from: source, state: GetState { stateBox.value })
        reducing?(&stateBox.value)
        let mark = log.withLock { $0.count }
        run(effect, derivedSource: source._sentByEffect(of: action), ids: [])
        guard awaitingEffects else {
            // Let the effects run up to their first suspension — a sleep on a TestClock, say —
            // so that the test can advance the clock next.
            _ = await Polling.wait(timeout: timeout) { EffectExecutor.shared.isIdle }
            return Array(dispatched[mark...])
        }
        let unfinished = self.unfinished
        let finished = await Polling.wait(timeout: timeout) { unfinished.withLock { $0.isEmpty } }
        if !finished {
            let count = unfinished.withLock { $0.count }
            FailureReporter.record(
                "\(count == 1 ? "An effect" : "\(count) effects") of \(ActionDescription.describe(action)) still "
                    + "running after \(timeout); cancelled. For effects that wait on a TestClock, pass "
                    + "awaitingEffects: false, advance the clock, then waitForDispatches(count:).",
                at: site
            )
            for entry in running { entry.task.cancel() }
            _ = await Polling.wait(timeout: timeout) { unfinished.withLock { $0.isEmpty } }
        }
        running.removeAll()
        return Array(dispatched[mark...])
    }

    /// Waits until the middleware has dispatched at least `count` actions in all, for a
    /// source-only middleware whose start hook dispatches from its own tasks.
    ///
    /// ```swift
    /// tester.start()
    /// lifecycleClient.send(.didBecomeActive)
    /// let sent = await tester.waitForDispatches(count: 1)
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
        let log = self.log
        let arrived = await Polling.wait(timeout: timeout) { log.withLock { $0.count } >= count }
        let dispatched = self.dispatched
        if !arrived {
            FailureReporter.record(
                "Expected \(count) dispatched actions, but \(dispatched.count) arrived within \(timeout):\n"
                    + DispatchedAction.list(dispatched),
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
        return dispatched
    }

    /// Runs one effect as a store would, recording what it sends.
    /// `ids` are those of every `.cancellable` around the effect, as the store keeps them.
    private func run(_ effect: Effect<M.OutputAction>, derivedSource: ActionSource, ids: [AnyHashable]) {
        let log = self.log
        switch effect._step {
        case .none:
            break
        case .send(let action, let source):
            log.withLock { $0.append(DispatchedAction(action: action, source: source ?? derivedSource)) }
        case .immediate(let work):
            work(
                ImmediateSend { action, source in
                    log.withLock { $0.append(DispatchedAction(action: action, source: source ?? derivedSource)) }
                }
            )
        case .run(let priority, let operation):
            let send = Send<M.OutputAction> { action, source in
                log.withLock { $0.append(DispatchedAction(action: action, source: source ?? derivedSource)) }
            }
            let unfinished = self.unfinished
            let token = nextToken
            nextToken += 1
            unfinished.withLock { _ = $0.insert(token) }
            let task = Task.detached(executorPreference: EffectExecutor.shared, priority: priority) {
                await operation(send)
                unfinished.withLock { _ = $0.remove(token) }
            }
            running.append((ids, task))
            tasks.withLock { $0.append(task) }
        case .merge(let effects):
            for effect in effects { run(effect, derivedSource: derivedSource, ids: ids) }
        case .cancellable(let newID, let cancelInFlight, let inner):
            if cancelInFlight { cancel(newID) }
            run(inner, derivedSource: derivedSource, ids: ids + [newID])
        case .cancel(let cancelled):
            cancelledIDs.append(cancelled)
            cancel(cancelled)
        }
    }

    private func cancel(_ id: AnyHashable) {
        for entry in running where entry.ids.contains(id) { entry.task.cancel() }
    }
}

/// The state a ``MiddlewareTester`` hands out, shared by its getters without retaining the
/// tester.
@MainActor
private final class StateBox<Value> {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
