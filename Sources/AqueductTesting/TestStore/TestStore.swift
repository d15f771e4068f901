import Aqueduct

/// A store for tests: it runs the same reducer and middleware as production and makes the test
/// account for everything that happens.
///
/// Each ``send(_:assert:fileID:filePath:function:line:column:)`` asserts the exact state
/// change the action causes; each action that middleware or effects feed back must be
/// ``receive(_:assert:fileID:filePath:line:column:)``d, in order, with its state change; and
/// the test must end with no action left unreceived and no effect still running. A failure is
/// recorded at the caller's line — as a Swift Testing issue, or an `XCTFail` under XCTest —
/// with a diff of what differed:
///
/// ```
/// The state after sending increment is not what the test expected (expected → actual):
///     count: 2 → 1
/// ```
///
/// ```swift
/// @MainActor @Test func searchDebounces() async {
///     let clock = TestClock()
///     let store = TestStore(
///         initialState: Search.State(),
///         reducer: Search.reducer,
///         middleware: Search.Middleware(client: .results(["Milk"]), clock: clock)
///     )
///     await store.send(.queryChanged("mi")) { $0.query = "mi" }
///     await store.send(.queryChanged("mil")) { $0.query = "mil" }
///     await clock.advance(by: .milliseconds(300))
///     await store.receive(\.loaded) { $0.results = ["Milk"] }
///     await store.finish()
/// }
/// ```
///
/// `Action` need not be `Equatable`: `receive` matches by a case key path, a predicate or,
/// when the action is `Equatable`, a value. Time in effects comes from the clock the test
/// injects (a ``TestClock``), never from the wall clock; `receive` and ``finish(timeout:fileID:filePath:line:column:)``
/// wait for effects by watching them, and give up after ``timeout`` (wall time) with a message
/// rather than hang.
///
/// ## Exhaustivity
/// With ``exhaustivity`` `.on` (the default) everything must be asserted. With `.off`, state
/// assertions check only the fields they set, `receive` skips actions until one matches, and
/// leftovers at the end are ignored: the mode for integration tests that check a few things.
///
/// ## Isolation
/// Main-actor isolated, like ``Store``; use it from `@MainActor` tests. Asynchronous effects
/// run off the main actor on an executor the test store watches, so it can tell when every
/// effect has run as far as it can.
@MainActor
public final class TestStore<Action: Sendable, State: Equatable> {
    /// Whether the test must assert everything (`.on`, the default) or only what it chooses.
    public var exhaustivity: Exhaustivity = .on

    /// The longest `send`, `receive` and `finish` wait, in wall time, for effects to deliver
    /// an action or finish before the test fails. One second by default.
    ///
    /// Effects that wait on a ``TestClock`` do not use this time: they wait until the test
    /// advances the clock. The timeout only keeps a test that forgot to from hanging.
    public var timeout: Duration = .seconds(1)

    /// The store's current state, including changes the test has not asserted yet.
    public var state: State { store.state }

    private let store: Store<Action, State>
    private let processed: ProcessedActions<Action, State>
    private let createdAt: CallSite
    private var isFinished = false

    /// Creates a test store with a reducer and no middleware.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer, the same as in production.
    ///   - fileID: The calling file; leave the default. End-of-test failures found when the
    ///     test store is released without ``finish(timeout:fileID:filePath:line:column:)`` point here.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public convenience init(
        initialState: State,
        reducer: Reducer<Action, State>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            initialState: initialState,
            reducer: reducer,
            erasedMiddleware: nil,
            createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Creates a test store with a reducer and a middleware.
    ///
    /// Pass the production middleware built with test clients: client doubles and a
    /// ``TestClock``. Nothing touches the real world unless the test passes it in. The
    /// middleware's start hook runs before `init` returns.
    ///
    /// ```swift
    /// let store = TestStore(
    ///     initialState: CheckIn.State(),
    ///     reducer: CheckIn.reducer,
    ///     middleware: CheckIn.Middleware(client: .succeeding, clock: clock)
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - reducer: The reducer, the same as in production.
    ///   - middleware: The middleware, the same as in production, with test clients.
    ///   - fileID: The calling file; leave the default. End-of-test failures found when the
    ///     test store is released without ``finish(timeout:fileID:filePath:line:column:)`` point here.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public convenience init<M: Middleware>(
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: M,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where M.InputAction == Action, M.OutputAction == Action, M.State == State {
        self.init(
            initialState: initialState,
            reducer: reducer,
            erasedMiddleware: AnyMiddleware(middleware),
            createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private init(
        initialState: State,
        reducer: Reducer<Action, State>,
        erasedMiddleware: AnyMiddleware<Action, Action, State>?,
        createdAt: CallSite
    ) {
        let processed = ProcessedActions<Action, State>()
        self.processed = processed
        self.createdAt = createdAt
        self.store = Store(
            initialState: initialState,
            reducer: reducer,
            middleware: RecordingMiddleware(base: erasedMiddleware, processed: processed)
        )
        store._preferEffectExecutor(EffectExecutor.shared)
    }

    // Not an `isolated deinit`: those run without the task's task-local values, so Swift
    // Testing could not tell which test the failure belongs to. This one reads only what is
    // safe from any isolation.
    deinit {
        guard !isFinished, exhaustivity == .on else { return }
        let messages = Self.leftoverMessages(
            unreceived: processed.pending.withLock { $0 },
            running: store._runningEffectDescriptions,
            moment: "when the test store was released without finish()"
        )
        for message in messages { FailureReporter.record(message, at: createdAt) }
    }

    /// Sends an action and asserts the state change it causes.
    ///
    /// The closure receives the state as it was before the action; set what the action should
    /// have changed. Without a closure the action must not change the state. Actions its
    /// effects send synchronously are processed too and wait to be received.
    ///
    /// ```swift
    /// await store.send(.increment) { $0.count = 1 }
    /// await store.send(.refresh)            // no state change expected
    /// ```
    ///
    /// Before sending, every action the store received so far must have been received by the
    /// test (in exhaustive mode). After sending, `send` waits until the effects it started have
    /// run as far as they can — up to a ``TestClock`` sleep, for example — so that the test
    /// can advance the clock next.
    ///
    /// - Parameters:
    ///   - action: The action, dispatched with the call site as its source.
    ///   - assert: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public func send(
        _ action: Action,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        function: StaticString = #function,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await send(
            action,
            source: ActionSource(file: fileID, function: function, line: line),
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Sends an action with a given source and asserts the state change it causes.
    ///
    /// For middleware that reads sources — a bridge keeps the original source of the action it
    /// derives, a logger prints it:
    ///
    /// ```swift
    /// let source = ActionSource(file: "App/Lifecycle.swift", function: "start(_:)", line: 12)
    /// await store.send(.lifecycle(.didBecomeActive), from: source)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: The source it carries.
    ///   - assert: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public func send(
        _ action: Action,
        from source: ActionSource,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await send(
            action,
            source: source,
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private func send(
        _ action: Action,
        source: ActionSource,
        assert updateExpectedState: ((inout State) throws -> Void)?,
        at site: CallSite
    ) async {
        await settle()
        if !processed.entries.isEmpty {
            if exhaustivity == .on {
                FailureReporter.record(
                    "Must receive \(plural(processed.entries.count, "action")) before sending "
                        + "\(ActionDescription.describe(action)):\n\(DispatchedAction.list(processed.entries.map(\.dispatched)))",
                    at: site
                )
            }
            processed.entries.removeAll()
        }
        store.dispatch(action, from: source)
        guard !processed.entries.isEmpty else { return }
        let entry = processed.entries.removeFirst()
        assertStateChange(entry, updateExpectedState, after: "sending \(ActionDescription.describe(action))", at: site)
        await settle()
    }

    /// Waits for the effects to end, then checks that nothing is left over: no action received
    /// and not asserted, no effect still running. Effects still running are then cancelled.
    ///
    /// Call it at the end of a test that starts asynchronous effects. A test store released
    /// without `finish()` makes the same checks, without waiting, and reports at the line that
    /// created it. With ``exhaustivity`` `.off`, leftovers are not failures.
    ///
    /// ```swift
    /// await store.send(.stop)
    /// await store.finish()
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: The longest to wait for running effects to end; ``timeout`` when `nil`.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        isFinished = true
        if exhaustivity == .on {
            _ = await Polling.wait(timeout: timeout ?? self.timeout) {
                store.runningEffects.isEmpty && store.pendingInboxCount == 0 && EffectExecutor.shared.isIdle
            }
        } else {
            await settle()
        }
        reportLeftovers(
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            when: "at the end of the test"
        )
        store._cancelAllEffects()
        processed.entries.removeAll()
    }

    /// Drops the actions received so far without asserting them, for a test that does not
    /// care about some of what its effects send.
    ///
    /// - Returns: The actions skipped, oldest first.
    @discardableResult
    public func skipReceivedActions() async -> [DispatchedAction<Action>] {
        await settle()
        let skipped = processed.entries.map(\.dispatched)
        processed.entries.removeAll()
        return skipped
    }

    /// Cancels every effect still running, for a test that does not care how they end.
    ///
    /// - Returns: Descriptions of the effects cancelled: the action that started each one.
    @discardableResult
    public func skipInFlightEffects() async -> [String] {
        let running = store.runningEffects
        store._cancelAllEffects()
        await settle()
        return running
    }

    // MARK: - Receiving

    /// Waits for an action matching `matches` and asserts the state change it caused.
    func receiveAction(
        matching matches: (Action) -> Bool,
        expecting expectation: String,
        assert updateExpectedState: ((inout State) throws -> Void)?,
        at site: CallSite
    ) async -> DispatchedAction<Action>? {
        func isAvailable() -> Bool {
            switch exhaustivity {
            case .on: !processed.entries.isEmpty
            case .off: processed.entries.contains { matches($0.action) }
            }
        }
        _ = await Polling.wait(timeout: timeout) { isAvailable() || nothingCanArrive }
        guard isAvailable() else {
            let skipped = processed.entries.map(\.dispatched)
            processed.entries.removeAll()
            FailureReporter.record(noActionMessage(expectation, skipped: skipped), at: site)
            return nil
        }
        if exhaustivity == .off {
            while let first = processed.entries.first, !matches(first.action) { processed.entries.removeFirst() }
        }
        let entry = processed.entries.removeFirst()
        guard matches(entry.action) else {
            FailureReporter.record(
                "Received an unexpected action: expected \(expectation), but the next action was\n"
                    + DispatchedAction.list([entry.dispatched]),
                at: site
            )
            return nil
        }
        assertStateChange(
            entry,
            updateExpectedState,
            after: "receiving \(ActionDescription.describe(entry.action))",
            at: site
        )
        await settle()
        return entry.dispatched
    }

    // MARK: - Private

    /// `true` when no action can arrive any more: no effect running, none queued.
    private var nothingCanArrive: Bool {
        store.runningEffects.isEmpty && store.pendingInboxCount == 0 && EffectExecutor.shared.isIdle
    }

    /// Waits until every effect has run as far as it can and the actions they sent are
    /// processed. Gives up quietly after ``timeout``; what is missing is reported later.
    private func settle() async {
        _ = await Polling.wait(timeout: timeout) { store.pendingInboxCount == 0 && EffectExecutor.shared.isIdle }
    }

    private func assertStateChange(
        _ entry: ProcessedActions<Action, State>.Entry,
        _ updateExpectedState: ((inout State) throws -> Void)?,
        after what: String,
        at site: CallSite
    ) {
        var expected = entry.before
        do {
            try updateExpectedState?(&expected)
        } catch {
            FailureReporter.record("The state assertion after \(what) threw an error: \(error)", at: site)
            return
        }
        if expected == entry.after { return }
        if exhaustivity == .off {
            // Only what the assertion sets is checked: applied to the actual state, it must
            // change nothing.
            guard let updateExpectedState else { return }
            var probe = entry.after
            if (try? updateExpectedState(&probe)) != nil, probe == entry.after { return }
            expected = probe
        }
        let header =
            updateExpectedState == nil
            ? "The state changed after \(what), but the test expected no change (expected → actual):"
            : "The state after \(what) is not what the test expected (expected → actual):"
        FailureReporter.record(header + "\n" + StateDiff.text(expected: expected, actual: entry.after), at: site)
    }

    private func noActionMessage(_ expectation: String, skipped: [DispatchedAction<Action>]) -> String {
        var message: String
        let running = store.runningEffects
        if running.isEmpty {
            message = "Expected to receive \(expectation), but no action arrived and no effect is running."
        } else {
            message =
                "Expected to receive \(expectation), but none arrived within \(timeout). "
                + "Effects still running, started by:\n"
                + running.map { "    • \($0)" }.joined(separator: "\n")
                + "\nAn effect waiting on a TestClock runs on only when the test advances the clock."
        }
        if !skipped.isEmpty {
            message += "\nActions received and skipped:\n" + DispatchedAction.list(skipped)
        }
        return message
    }

    private func reportLeftovers(at site: CallSite, when moment: String) {
        guard exhaustivity == .on else { return }
        let messages = Self.leftoverMessages(
            unreceived: processed.entries.map(\.dispatched),
            running: store.runningEffects,
            moment: moment
        )
        for message in messages { FailureReporter.record(message, at: site) }
    }

    private nonisolated static func leftoverMessages(
        unreceived: [DispatchedAction<Action>],
        running: [String],
        moment: String
    ) -> [String] {
        var messages: [String] = []
        if !unreceived.isEmpty {
            messages.append(
                "The store received \(plural(unreceived.count, "action")) that the test did not receive "
                    + "(\(moment)):\n\(DispatchedAction.list(unreceived))"
            )
        }
        if !running.isEmpty {
            messages.append(
                "\(plural(running.count, "effect")) still running \(moment), started by:\n"
                    + running.map { "    • \($0)" }.joined(separator: "\n")
                    + "\nReceive what they send, advance the clock they wait on, or cancel them "
                    + "(skipInFlightEffects() or exhaustivity .off to let them be)."
            )
        }
        return messages
    }
}
