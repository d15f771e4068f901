import Aqueduct

/// A store for tests: it runs the same reducer and middleware as production, on the same
/// engine as ``/Aqueduct/Store``, and makes the test account for everything that happens.
///
/// Each ``dispatch(_:assert:fileID:filePath:function:line:column:)-(Action,_,_,_,_,_,_)`` asserts the exact state
/// change the action causes; each action that middleware or effects feed back must be
/// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(CaseKeyPath<Action,Value>,_,_,_,_,_,_)``d, in order, with its state
/// change; and the test must end with no action left unreceived and no effect still running.
/// A failure is recorded at the caller's line — as a Swift Testing issue, or an `XCTFail`
/// under XCTest — with a diff of what differed:
///
/// ```text
/// The state after dispatching increment is not what the test expected (expected → actual):
///     count: 2 → 1
/// ```
///
/// ```swift
/// @Test func checkingInRecordsItAndBecomesOverdueAtTheDeadline() async {
///     let clock = TestClock()
///     let store = TestStore(
///         initialState: CheckInState(),
///         reducer: CheckInState.reducer,
///         middleware: CheckInMiddleware(client: .double(), clock: clock, now: { start })
///     )
///     let checkIn = CheckIn(id: checkInID(0), date: start)
///
///     await store.dispatch(.checkIn) { $0.isCheckingIn = true }  // asserts the exact change
///     await store.receive(\.checkedIn, checkIn) {  // an action an effect sent back
///         $0.isCheckingIn = false
///         $0.lastCheckIn = checkIn
///         $0.history = [checkIn]
///     }
///     await clock.advance(by: .seconds(24 * 60 * 60 - 1))  // a day, in no time
///     #expect(!store.state.isOverdue)
///     await clock.advance(by: .seconds(1))
///     await store.receive(\.deadlinePassed) { $0.isOverdue = true }
///     await store.finish()  // nothing left over: no action, no running effect
/// }
/// ```
///
/// `Action` need not be `Equatable`: `receive` matches by a case key path, a predicate or,
/// when the action is `Equatable`, a value. Time in effects comes from the clock the test
/// injects (a ``TestClock``), never from the wall clock.
///
/// ## Settling
/// Each test store runs its effects on a ``TestScheduler`` of its own: their jobs run only
/// while a step of the test awaits it, and after each step the test store has *settled* — no
/// effect job queued or running, and what the effects sent processed (see ``TestScheduler``
/// for exactly what that covers: main-actor hops included, unstructured tasks not). That is
/// decided by counting the scheduler's jobs, not by polling or a wall-clock budget, so a test
/// store is not slowed or confused by any other test's effects, and a busy machine only makes
/// it slower.
///
/// ``timeout`` is only a failure bound: a `receive` whose action cannot arrive because no
/// effect is running fails at once; one with effects suspended (on a ``TestClock`` nobody
/// advances) fails after the timeout, naming them.
///
/// ## Exhaustivity
/// With ``exhaustivity`` `.on` (the default) everything must be asserted. With `.off`, state
/// assertions check only the fields they set, `receive` skips actions until one matches, and
/// leftovers at the end are ignored: the mode for integration tests that check a few things.
/// `.off(showSkippedAssertions: true)` reports each thing it skipped as information.
///
/// ## Isolation
/// Main-actor isolated, like ``/Aqueduct/Store``; use it from `@MainActor` tests. It is not `Sendable`
/// across isolations other than the main actor.
@MainActor
public final class TestStore<Action: Sendable, State: Equatable> {
    /// Whether the test must assert everything (`.on`, the default) or only what it chooses.
    public var exhaustivity: Exhaustivity = .on

    /// The failure bound, in wall time, of `receive`, ``finish(timeout:fileID:filePath:line:column:)``
    /// and ``TestStoreTask/finish(timeout:fileID:filePath:line:column:)``: how long they wait for
    /// suspended effects to deliver an action or end, and how long any step lets one effect job
    /// run without returning or suspending (time the job waits for a thread on a busy machine
    /// does not count). One second by default.
    ///
    /// It never decides when the effects have settled: a correct test passes however busy the
    /// machine is. Effects that wait on a ``TestClock`` wait until the test advances the clock;
    /// the timeout only keeps a test that forgot to from hanging.
    public var timeout: Duration = .milliseconds(1_000) {
        didSet { scheduler.core.failureBound = timeout }
    }

    /// The store's current state, including changes the test has not asserted yet.
    public var state: State { runtime.state }

    private let runtime: Engine<Action, State>
    /// Runs the effects; only this test store's.
    private let scheduler = TestScheduler()
    /// What effects sent after their work had returned, dropped: each a failure at the next
    /// step.
    private let lateSends = LockedValue<[String]>([])
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
    /// middleware's start effect (``/Aqueduct/Middleware/start(state:)``) begins before `init`
    /// returns, on the test store's scheduler: receive what it sends like any effect's actions.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let store = TestStore(
    ///     initialState: CheckInState(),
    ///     reducer: CheckInState.reducer,
    ///     middleware: CheckInMiddleware(client: .double(), clock: clock, now: { start })
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

    /// Creates a test store that runs a feature, the same as in production.
    ///
    /// ```swift
    /// let store = TestStore(initialState: Tally(), feature: Tally.feature(clock: clock))
    /// await store.dispatch(.incrementLater) { $0.isWaiting = true }
    /// await clock.advance(by: .seconds(1))
    /// await store.receive(.increment) {
    ///     $0.count = 1
    ///     $0.isWaiting = false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - feature: The feature, the same as in production, with test clients.
    ///   - fileID: The calling file; leave the default. End-of-test failures found when the
    ///     test store is released without ``finish(timeout:fileID:filePath:line:column:)`` point here.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    public convenience init(
        initialState: State,
        feature: Feature<Action, State>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let steps = feature.reducerSteps
        self.init(
            initialState: initialState,
            reducer: steps.reducer,
            erasedMiddleware: feature.erasedMiddleware,
            reduceWithEffects: steps.effects,
            createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private init(
        initialState: State,
        reducer: Reducer<Action, State>,
        erasedMiddleware: AnyMiddleware<Action, Action, State>?,
        reduceWithEffects: (@Sendable (Action, inout State) -> Effect<Action>)? = nil,
        createdAt: CallSite
    ) {
        self.processed = ProcessedActions(initialState: initialState)
        self.createdAt = createdAt
        let lateSends = lateSends
        self.runtime = Engine(
            initialState: initialState,
            reducer: reducer,
            middleware: erasedMiddleware,
            reduceWithEffects: reduceWithEffects,
            scheduler: scheduler.core,
            onLateSend: { action, startedBy in
                lateSends.withLock {
                    $0.append(Engine<Action, State>.lateSendMessage(action, startedBy: startedBy))
                }
            }
        )
        scheduler.core.failureBound = timeout
        runtime.observeProcessing { [weak self] action, source in
            guard let self else { return }
            processed.record(action, source, state: runtime.state)
        }
        runtime.start(erasedMiddleware)
    }

    // Not an `isolated deinit`: those run without the task's task-local values, so Swift
    // Testing could not tell which test the failure belongs to. This one reads only what is
    // safe from any isolation.
    deinit {
        guard !isFinished, case .on = exhaustivity else { return }
        let unprocessed = runtime.storage.inboxActions.map { DispatchedAction(action: $0.action, source: $0.source) }
        let messages = Self.leftoverMessages(
            unreceived: processed.unreceived + unprocessed,
            running: runtime.storage.runningEffects,
            moment: "when the test store was released without finish()"
        )
        for message in messages { FailureReporter.record(message, at: createdAt) }
    }

    /// Dispatches an action, as the app's code would into a ``/Aqueduct/Store``, and asserts the state
    /// change it causes.
    ///
    /// The closure receives the state as it was before the action; set what the action should
    /// have changed. Without a closure the action must not change the state; with one, it
    /// must change it (a closure that sets fields the action left as they were fails with
    /// "expected the state to change"). Actions its effects send synchronously are processed
    /// too and wait to be received.
    ///
    /// ```swift
    /// await store.dispatch(.cancel)  // no state change expected
    /// let search = await store.dispatch(.queryChanged("milk")) {  // its effects, to finish or cancel
    ///     $0.query = "milk"
    ///     $0.isLoading = true
    /// }
    /// ```
    ///
    /// Before dispatching, the test store settles, and in exhaustive mode every action it
    /// received so far must have been received by the test: if some were not, that is one
    /// failure naming them, and they are dropped, so that the test goes on from the action it
    /// dispatches and each later failure is its own. After dispatching, it settles again: the effects
    /// it started have run as far as they can — up to a ``TestClock`` sleep, for example — so
    /// the test can advance the clock next.
    ///
    /// - Parameters:
    ///   - action: The action, dispatched with the call site as its source.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - function: The calling function; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The effects this dispatch started, to await or cancel.
    @discardableResult
    public func dispatch(
        _ action: Action,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        function: StaticString = #function,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStoreTask {
        await dispatch(
            action,
            source: ActionSource(file: fileID, function: function, line: line),
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Dispatches an action with a given source and asserts the state change it causes.
    ///
    /// For middleware that reads sources — a bridge keeps the original source of the action it
    /// derives, a logger prints it. What the action sets off carries that source:
    ///
    /// ```swift
    /// let source = ActionSource(file: "App/Counter.swift", function: "tap()", line: 12)
    /// await store.dispatch(.set(12), from: source) {
    ///     $0.count = 12
    ///     $0.history = [12]
    /// }
    /// let clamped = await store.receive(\.clamped) {
    ///     $0.count = 10
    ///     $0.history.append(10)
    /// }
    /// #expect(clamped?.source.file == "App/Counter.swift")
    /// #expect(clamped?.source.line == 12)
    /// #expect(clamped?.source.info == "Sent by an effect of set(12)")
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: The source it carries.
    ///   - updateExpectedState: Changes the state before the action into the state expected after it.
    ///   - fileID: The calling file; leave the default.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The effects this dispatch started, to await or cancel.
    @discardableResult
    public func dispatch(
        _ action: Action,
        from source: ActionSource,
        assert updateExpectedState: ((inout State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> TestStoreTask {
        await dispatch(
            action,
            source: source,
            assert: updateExpectedState,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private func dispatch(
        _ action: Action,
        source: ActionSource,
        assert updateExpectedState: ((inout State) throws -> Void)?,
        at site: CallSite
    ) async -> TestStoreTask {
        await settle(at: site)
        if !processed.entries.isEmpty {
            let list = DispatchedAction.list(processed.entries.map(\.dispatched))
            let count = plural(processed.entries.count, "action")
            switch exhaustivity {
            case .on:
                FailureReporter.record(
                    "Must receive \(count) before dispatching \(ActionDescription.describe(action)):\n\(list)",
                    at: site
                )
            case .off(let showSkippedAssertions):
                if showSkippedAssertions {
                    FailureReporter.note(
                        "Skipped receiving \(count) before dispatching \(ActionDescription.describe(action)):\n\(list)",
                        at: site
                    )
                }
            }
            processed.entries.removeAll()
        }
        let firstEffect = runtime.storage.effectTokenMark
        runtime.dispatch(action, from: source)
        let effects = firstEffect..<runtime.storage.effectTokenMark
        let task = TestStoreTask(
            owner: self,
            tokens: effects,
            tasks: runtime.storage.tasks(tokens: effects),
            action: ActionDescription.describe(action)
        )
        if !processed.entries.isEmpty {
            let entry = processed.entries.removeFirst()
            assertStateChange(
                entry,
                updateExpectedState,
                after: "dispatching \(ActionDescription.describe(action))",
                at: site
            )
        }
        await settle(at: site)
        return task
    }

    /// Waits for the effects to end, then checks that nothing is left over: no action received
    /// and not asserted, no effect still running. Effects still running are then cancelled.
    ///
    /// Call it at the end of a test that starts asynchronous effects. A test store released
    /// without `finish()` makes the same checks, without waiting, and reports at the line that
    /// created it. With ``exhaustivity`` `.off`, leftovers are not failures (and with
    /// `showSkippedAssertions`, they are reported as information).
    ///
    /// ```swift
    /// await store.receive(\.deadlinePassed) { $0.isOverdue = true }
    /// await store.finish()  // nothing left over: no action, no running effect
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: The failure bound for running effects to end; ``timeout`` when `nil`.
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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        isFinished = true
        if case .on = exhaustivity {
            let storage = runtime.storage
            let outcome = await scheduler.core.wait(
                until: .now + (timeout ?? self.timeout),
                noProgressFor: self.timeout,
                givingUpWhen: { storage.runningEffectCount == 0 }
            ) { storage.runningEffectCount == 0 }
            if outcome == .stalled { reportStall(at: site) }
            reportLateSends(at: site)
        } else {
            await settle(at: site)
        }
        reportLeftovers(at: site, when: "at the end of the test")
        runtime.storage.cancelAll()
        await settle(at: site)
        processed.entries.removeAll()
    }

    /// Drops the actions received so far without asserting them, for a test that does not
    /// care about some of what its effects send.
    ///
    /// - Returns: The actions skipped, oldest first.
    @discardableResult
    public func skipReceivedActions() async -> [DispatchedAction<Action>] {
        _ = await scheduler.core.settle(noProgressFor: timeout)
        let skipped = processed.entries.map(\.dispatched)
        processed.entries.removeAll()
        return skipped
    }

    /// Cancels every effect still running, for a test that does not care how they end, and
    /// waits until their cancellation has run as far as it can.
    ///
    /// - Returns: Descriptions of the effects cancelled: the action that started each one.
    @discardableResult
    public func skipInFlightEffects() async -> [String] {
        let running = runtime.storage.runningEffects
        runtime.storage.cancelAll()
        _ = await scheduler.core.settle(noProgressFor: timeout)
        return running
    }

    // MARK: - Receiving

    /// Waits for an action matching `matches` and asserts the state change it caused.
    func receiveAction(
        matching matches: (Action) -> Bool,
        expecting expectation: String,
        timeout: Duration?,
        assert updateExpectedState: ((inout State) throws -> Void)?,
        at site: CallSite
    ) async -> DispatchedAction<Action>? {
        let timeout = timeout ?? self.timeout
        func isAvailable() -> Bool {
            switch exhaustivity {
            case .on: !processed.entries.isEmpty
            case .off: processed.entries.contains { matches($0.action) }
            }
        }
        let storage = runtime.storage
        let outcome = await scheduler.core.wait(
            until: .now + timeout,
            noProgressFor: self.timeout,
            givingUpWhen: { storage.runningEffectCount == 0 },
            for: isAvailable
        )
        reportLateSends(at: site)
        guard isAvailable() else {
            let skipped = processed.entries.map(\.dispatched)
            processed.entries.removeAll()
            FailureReporter.record(
                noActionMessage(expectation, outcome: outcome, timeout: timeout, skipped: skipped),
                at: site
            )
            return nil
        }
        if case .off(let showSkippedAssertions) = exhaustivity {
            var skipped: [DispatchedAction<Action>] = []
            while let first = processed.entries.first, !matches(first.action) {
                skipped.append(processed.entries.removeFirst().dispatched)
            }
            if showSkippedAssertions, !skipped.isEmpty {
                FailureReporter.note(
                    "Skipped receiving \(plural(skipped.count, "action")) before \(expectation):\n"
                        + DispatchedAction.list(skipped),
                    at: site
                )
            }
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
        await settle(at: site)
        return entry.dispatched
    }

    // MARK: - Private

    /// Waits until every effect has run as far as it can and what they sent is processed;
    /// fails the test if one effect job runs for ``timeout`` without returning or suspending.
    private func settle(at site: CallSite) async {
        let settled = await scheduler.core.settle(noProgressFor: timeout).settled
        reportLateSends(at: site)
        if !settled { reportStall(at: site) }
    }

    /// Fails the test for each effect that sent after its work had returned (once per effect).
    private func reportLateSends(at site: CallSite) {
        for message in lateSends.withLock({ sends in
            defer { sends = [] }; return sends
        }) {
            FailureReporter.record(message, at: site)
        }
    }

    private func reportStall(at site: CallSite) {
        FailureReporter.record(
            "An effect made no progress for \(timeout): a job on the test store's executor ran that long and "
                + "neither returned nor suspended (a blocking call in an effect or a client double?). Effects running, "
                + "started by:\n" + BulletList.render(runtime.storage.runningEffects),
            at: site
        )
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
        if StateDiff.statesMatch(expected, entry.after) { return }
        if case .off(let showSkippedAssertions) = exhaustivity {
            // Only what the assertion sets is checked: applied to the actual state, it must
            // change nothing. What changed besides was skipped.
            var probe = entry.after
            if updateExpectedState == nil
                || ((try? updateExpectedState?(&probe)) != nil && StateDiff.statesMatch(probe, entry.after))
            {
                if showSkippedAssertions {
                    FailureReporter.note(
                        "Skipped asserting what changed after \(what) (asserted → actual):\n"
                            + StateDiff.text(expected: expected, actual: entry.after),
                        at: site
                    )
                }
                return
            }
            expected = probe
        }
        let header =
            if updateExpectedState == nil {
                "The state changed after \(what), but the test expected no change (expected → actual):"
            } else if entry.before == entry.after {
                "Expected the state to change after \(what), but it did not change (expected → actual):"
            } else {
                "The state after \(what) is not what the test expected (expected → actual):"
            }
        FailureReporter.record(header + "\n" + StateDiff.text(expected: expected, actual: entry.after), at: site)
    }

    private func noActionMessage(
        _ expectation: String,
        outcome: TestSchedulerCore.WaitOutcome,
        timeout: Duration,
        skipped: [DispatchedAction<Action>]
    ) -> String {
        let running = runtime.storage.runningEffects
        var message =
            switch outcome {
            case .stalled:
                "Expected to receive \(expectation), but an effect made no progress for \(self.timeout) "
                    + "(a blocking call?). Effects still running, started by:\n"
                    + BulletList.render(running)
            case .satisfied, .nothingRunning:
                "Expected to receive \(expectation), but no action arrived and no effect is running."
            case .timedOut:
                "Expected to receive \(expectation), but none arrived within \(timeout). "
                    + "Effects still running, started by:\n"
                    + BulletList.render(running)
                    + "\nAn effect waiting on a TestClock runs on only when the test advances the clock."
            }
        if !skipped.isEmpty {
            message += "\nActions received and skipped:\n" + DispatchedAction.list(skipped)
        }
        return message
    }

    private func reportLeftovers(at site: CallSite, when moment: String) {
        let messages = Self.leftoverMessages(
            unreceived: processed.entries.map(\.dispatched),
            running: runtime.storage.runningEffects,
            moment: moment
        )
        switch exhaustivity {
        case .on:
            for message in messages { FailureReporter.record(message, at: site) }
        case .off(let showSkippedAssertions):
            guard showSkippedAssertions else { return }
            for message in messages { FailureReporter.note("Skipped: " + message, at: site) }
        }
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
                    + BulletList.render(running)
                    + "\nReceive what they send, advance the clock they wait on, or cancel them "
                    + "(skipInFlightEffects() or exhaustivity .off to let them be)."
            )
        }
        return messages
    }
}

extension TestStore: TestStoreTaskOwner {
    func finish(_ task: TestStoreTask, timeout: Duration?, at site: CallSite) async {
        let storage = runtime.storage
        let outcome = await scheduler.core.wait(
            until: .now + (timeout ?? self.timeout),
            noProgressFor: self.timeout,
            givingUpWhen: { storage.runningEffectCount == 0 }
        ) { storage.runningCount(tokens: task.tokens) == 0 }
        if outcome == .stalled { reportStall(at: site) }
        let running = storage.runningCount(tokens: task.tokens)
        guard running > 0 else { return }
        FailureReporter.record(
            "Expected the effects of dispatching \(task.action) to finish, but \(plural(running, "effect")) "
                + "still running after \(timeout ?? self.timeout). An effect waiting on a TestClock runs on only "
                + "when the test advances the clock; cancel it with the task's cancel().",
            at: site
        )
    }

    func cancel(_ task: TestStoreTask) async {
        runtime.storage.cancel(tokens: task.tokens)
        _ = await scheduler.core.settle(noProgressFor: timeout)
    }
}
