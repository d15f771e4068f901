import Aqueduct
import AqueductRecording

/// Replays a recording in a test: its outside actions go into a store built with the app's
/// reducer and middleware (with test clients), and every action the store processes — derived
/// ones included — must match the recording, action by action, with the same cause and the same
/// state change. A bug report with a recording attached becomes a test.
///
/// ```swift
/// static let decoding = ActionReplay.Decoding<CheckInAction>.matchingDescriptions(
///     of: [.checkIn, .refresh, .triggerAlert, .cancelAlert, .sync, .flush]
/// )
///
/// static func middleware(clock: TestClock = TestClock()) -> CheckInMiddleware {
///     CheckInMiddleware(client: .double(), clock: clock, now: { start })
/// }
///
/// @Test func theRecordedSessionReplays() async throws {
///     let recording = try ActionRecording(contentsOf: Self.fixture)
///     // …
///     let divergence = await ActionReplay.replay(
///         recording,
///         initialState: CheckInState(),
///         reducer: CheckInState.reducer,
///         middleware: Self.middleware(),
///         decoding: Self.decoding,
///         timeout: .seconds(10)
///     )
///     #expect(divergence == nil)
/// }
/// ```
///
/// ## How it replays
/// For each record with no cause, in order: the replay first waits until the store has
/// processed as many actions as the recording holds before it (the effects of earlier actions
/// had time to send theirs), then dispatches the record's action, decoded by `decoding`, with
/// the recorded source. Then it compares what the store processed with the records, in order:
/// the action's description (and its encoding, when both have one), its cause — the position
/// of its cause, and the kind — and its state changes (``/AqueductRecording/ActionRecord/changes``), as the
/// recorder computes them.
///
/// The first difference fails the test with one message: the record's number, its action and
/// source, and the expected and actual action, cause and changes. Nothing after it is compared:
/// one divergence explains the ones that follow. The divergence is also returned.
///
/// A recording that begins after `seq` 0 (a rotated file) is compared by position from its first
/// record; the initial state must then be the state before that record.
///
/// A recording of several sessions (an app run twice with the same recording file) is replayed
/// session by session, each into a new store from `initialState`. A record whose state was not
/// compared by the recorder (``/AqueductRecording/ActionRecord/changesSkipped``) is checked for its action and
/// cause only. A gap — actions the recorder dropped — cannot be replayed past: the records
/// before it are checked, and the gap is reported as the divergence.
///
/// Main-actor isolated. Effects run on an executor of the replay's own, as in ``TestStore``.
@MainActor
public enum ActionReplay {
    /// How a record's action becomes an action of the app.
    public struct Decoding<Action>: Sendable {
        /// Returns the action of a recorded action, or `nil` when it cannot.
        public let decode: @Sendable (ActionRecord.Action) -> Action?

        /// Creates a decoding from a function.
        ///
        /// - Parameter decode: Returns the action, or `nil` when it cannot.
        public init(_ decode: @escaping @Sendable (ActionRecord.Action) -> Action?) {
            self.decode = decode
        }

        /// Decodes the action's recorded `Codable` value.
        public static func codable() -> Self where Action: Decodable & SendableMetatype {
            Self { recorded in try? recorded.value?.decode(as: Action.self) }
        }

        /// Finds the action among `actions` whose description is the recorded one: for an
        /// action that is not `Codable` whose outside actions are a known list (commands without
        /// payloads).
        ///
        /// - Parameter actions: The actions an outside record may hold.
        public static func matchingDescriptions(of actions: [Action]) -> Self where Action: Sendable {
            let table = Dictionary(
                actions.map { (ActionDescription.describe($0), $0) },
                uniquingKeysWith: { first, _ in first }
            )
            return Self { recorded in table[recorded.description] }
        }
    }

    /// What differed first, and where.
    public struct Divergence: Sendable, CustomStringConvertible {
        /// The index of the session it is in, in ``/AqueductRecording/ActionRecording/sessions``.
        public let session: Int
        /// The `seq` of the record that did not match, or of the outside record that could not be
        /// replayed.
        public let seq: Int
        /// The readable account: the record's action, source, and the expected and actual action,
        /// cause and changes.
        public let description: String
    }

    /// Replays a recording into a new store and reports the first divergence as a test failure.
    ///
    /// - Parameters:
    ///   - recording: The recording (``/AqueductRecording/ActionRecording``).
    ///   - initialState: The state before the recording's first action.
    ///   - reducer: The app's reducer.
    ///   - middleware: The app's middleware with test clients; without a recorder.
    ///   - decoding: How an outside record's action is decoded.
    ///   - timeout: How long to wait for effects to send each next action the recording
    ///     expects (a chain of effects may take longer as a whole). When it runs out, the
    ///     divergence says so. Effects that sleep replay in real time unless their clock is
    ///     ``TestClock/immediate(now:)``.
    ///   - fileID: The calling file; leave the default. The failure points here.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The first divergence, or `nil` when the replay matched the recording.
    @discardableResult
    public static func replay<Action: Sendable, State, M: Middleware>(
        _ recording: ActionRecording,
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: M,
        decoding: Decoding<Action>,
        timeout: Duration = .milliseconds(1_000),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Divergence? where M.InputAction == Action, M.OutputAction == Action, M.State == State {
        await replay(
            recording,
            initialState: initialState,
            reducer: reducer,
            middleware: AnyMiddleware(middleware),
            reduceWithEffects: nil,
            decoding: decoding,
            timeout: timeout,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Replays a recording into a new store built from a feature — the app's, composed as in
    /// production with test clients — and reports the first divergence as a test failure.
    ///
    /// ```swift
    /// let divergence = await ActionReplay.replay(
    ///     recording,
    ///     initialState: LifeSignalReplay.initialState,
    ///     feature: LifeSignalReplay.feature(),
    ///     decoding: LifeSignalReplay.decoding,
    ///     timeout: .seconds(2)
    /// )
    /// #expect(divergence == nil)
    /// ```
    ///
    /// - Parameters:
    ///   - recording: The recording (``/AqueductRecording/ActionRecording``).
    ///   - initialState: The state before the recording's first action.
    ///   - feature: The app's feature with test clients; without a recorder.
    ///   - decoding: How an outside record's action is decoded.
    ///   - timeout: How long to wait for effects to send each next action the recording
    ///     expects, as in ``replay(_:initialState:reducer:middleware:decoding:timeout:fileID:filePath:line:column:)``.
    ///   - fileID: The calling file; leave the default. The failure points here.
    ///   - filePath: The calling file's path; leave the default.
    ///   - line: The calling line; leave the default.
    ///   - column: The calling column; leave the default.
    /// - Returns: The first divergence, or `nil` when the replay matched the recording.
    @discardableResult
    public static func replay<Action: Sendable, State>(
        _ recording: ActionRecording,
        initialState: State,
        feature: Feature<Action, State>,
        decoding: Decoding<Action>,
        timeout: Duration = .milliseconds(1_000),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Divergence? {
        let steps = feature.reducerSteps
        return await replay(
            recording,
            initialState: initialState,
            reducer: steps.reducer,
            middleware: feature.erasedMiddleware,
            reduceWithEffects: steps.effects,
            decoding: decoding,
            timeout: timeout,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Replays each session in turn; the first divergence, reported at `site`.
    private static func replay<Action: Sendable, State>(
        _ recording: ActionRecording,
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        reduceWithEffects: (@Sendable (Action, inout State) -> Effect<Action>)?,
        decoding: Decoding<Action>,
        timeout: Duration,
        at site: CallSite
    ) async -> Divergence? {
        let sessions = recording.sessions
        for (index, session) in sessions.enumerated() {
            let replayed = await run(
                session,
                initialState: initialState,
                reducer: reducer,
                middleware: middleware,
                reduceWithEffects: reduceWithEffects,
                decoding: decoding,
                timeout: timeout
            )
            guard let (seq, description) = replayed else { continue }
            let place = sessions.count > 1 ? "In session \(index + 1) of \(sessions.count): " : ""
            let divergence = Divergence(session: index, seq: seq, description: place + description)
            FailureReporter.record(divergence.description, at: site)
            return divergence
        }
        return nil
    }

    /// Replays one session into a new store; the first divergence's `seq` and account, or `nil`.
    private static func run<Action: Sendable, State>(
        _ session: ActionRecording.Session,
        initialState: State,
        reducer: Reducer<Action, State>,
        middleware: AnyMiddleware<Action, Action, State>?,
        reduceWithEffects: (@Sendable (Action, inout State) -> Effect<Action>)?,
        decoding: Decoding<Action>,
        timeout: Duration
    ) async -> (seq: Int, description: String)? {
        // Up to the first gap: the records after it depend on actions nobody recorded.
        let gap = session.gaps.first
        let records = session.records[..<min(gap?.position ?? session.records.count, session.records.count)]
        guard let first = records.first ?? session.records.first else { return nil }
        let processed = ProcessedActions<Action, State>(initialState: initialState)
        let scheduler = TestScheduler()
        scheduler.core.failureBound = timeout
        let runtime = Engine(
            initialState: initialState,
            reducer: reducer,
            middleware: middleware,
            reduceWithEffects: reduceWithEffects,
            scheduler: scheduler.core
        )
        runtime.observeProcessing { action, source in processed.record(action, source, state: runtime.state) }
        runtime.start(middleware)
        defer { runtime.storage.cancelAll() }
        let base = first.seq
        /// The number of records compared so far; each compared entry is taken off the front.
        var compared = 0
        /// The `seq` the store gave its first action: causes are compared by position from it.
        var firstProcessedSeq: Int?

        /// Waits until `count` actions were processed (or nothing more can come), then compares
        /// the ones not compared yet, in order.
        func settle(until count: Int) async -> (Int, String)? {
            let stillToProcess = count - compared  // the compared ones were taken off the front
            // `timeout` bounds the wait for each next action, not the whole chain: a chain of
            // effects that each answer in time replays however long it is.
            var outcome: TestSchedulerCore.WaitOutcome
            repeat {
                let before = processed.entries.count
                outcome = await scheduler.core.wait(
                    until: .now + timeout,
                    noProgressFor: timeout,
                    givingUpWhen: { runtime.storage.runningEffectCount == 0 }
                ) { processed.entries.count >= stillToProcess || processed.entries.count > before }
            } while outcome == .satisfied && processed.entries.count < stillToProcess
            while compared < min(count, records.count) {
                let record = records[records.startIndex + compared]
                guard let entry = processed.entries.first else {
                    return (record.seq, missing(record, base: base) + timeRanOut(outcome, timeout))
                }
                if firstProcessedSeq == nil { firstProcessedSeq = entry.source.seq ?? 0 }
                if let difference = compare(record, entry, base: base, firstProcessedSeq: firstProcessedSeq ?? 0) {
                    return (record.seq, difference)
                }
                processed.entries.removeFirst()
                compared += 1
            }
            return nil
        }

        func extra(_ entry: ProcessedActions<Action, State>.Entry) -> String {
            let cause = entry.source.cause.map {
                ActionCause(seq: $0.seq - (firstProcessedSeq ?? 0) + base, kind: $0.kind)
            }
            return "\(ActionDescription.describe(entry.action))\(causeText(cause, base: 0))"
        }

        for (offset, record) in records.enumerated() where record.cause == nil {
            if let divergence = await settle(until: offset) { return divergence }
            if let entry = processed.entries.first {
                return (
                    record.seq,
                    """
                    Replay diverged before record #\(record.seq): the replay processed an action the recording does not have.
                      expected next: #\(record.seq) \(record.action.description) (from outside)
                      actual:        \(extra(entry))
                      source:        \(entry.source.file):\(entry.source.line)
                    """
                )
            }
            guard let action = decoding.decode(record.action) else {
                return (
                    record.seq,
                    """
                    Replay cannot send record #\(record.seq): its action \(record.action.description) does not decode \
                    (give `decoding:` a way to make it, or make the action Codable).
                    """
                )
            }
            let source = ActionSource(
                file: record.source.file,
                function: record.source.function,
                line: record.source.line
            )
            runtime.dispatch(action, from: source)
        }
        if let divergence = await settle(until: records.count) { return divergence }
        if let gap {
            return (
                gap.firstSeq,
                """
                Replay cannot go past the gap after record #\(records.last?.seq ?? base): the recorder dropped \
                \(gap.droppedCount) actions (#\(gap.firstSeq)…#\(gap.lastSeq)): \(gap.reason). \
                The \(records.count) records before it match.
                """
            )
        }
        _ = await scheduler.core.wait(
            until: .now + timeout,
            noProgressFor: timeout,
            givingUpWhen: { runtime.storage.runningEffectCount == 0 }
        ) { false }
        if let entry = processed.entries.first {
            return (
                (records.last?.seq ?? base) + 1,
                """
                Replay diverged after the last record #\(records.last?.seq ?? base): the replay processed more.
                  actual: \(extra(entry))
                  source: \(entry.source.file):\(entry.source.line)
                """
            )
        }
        return nil
    }

    /// What a wait that ended without the action says about time: empty unless time ran out.
    private static func timeRanOut(_ outcome: TestSchedulerCore.WaitOutcome, _ timeout: Duration) -> String {
        switch outcome {
        case .satisfied, .nothingRunning:
            ""
        case .timedOut:
            """

              Time ran out: effects were still running, and none sent an action for \(timeout) (`timeout:`). \
            An effect sleeping on a clock? Give the middleware `TestClock.immediate()`.
            """
        case .stalled:
            """

              Time ran out: an effect's job ran for \(timeout) (`timeout:`) without returning.
            """
        }
    }

    /// The message for a record the replay did not process.
    private static func missing(_ record: ActionRecord, base: Int) -> String {
        """
        Replay diverged at record #\(record.seq): the recording has an action the replay did not process.
          expected: #\(record.seq) \(record.action.description)\(recordCauseText(record))
          source:   \(record.source.file):\(record.source.line) in \(record.source.function)\(infoText(record.source.info))
          actual:   nothing more was processed
        """
    }

    /// Compares a record with the action processed in its place; the account of the difference,
    /// or `nil`.
    private static func compare<Action, State>(
        _ record: ActionRecord,
        _ entry: ProcessedActions<Action, State>.Entry,
        base: Int,
        firstProcessedSeq: Int
    ) -> String? {
        let actual = ActionRecord.Action(entry.action)
        let sameAction =
            actual.description == record.action.description
            && (actual.value == nil || record.action.value == nil || actual.value == record.action.value)
        let expectedCause = record.cause.map { ActionCause(seq: $0.seq - base, kind: $0.kind) }
        let actualCause = entry.source.cause.map { ActionCause(seq: $0.seq - firstProcessedSeq, kind: $0.kind) }
        let (changes, _) = ActionRecord.changes(of: StateDiff(from: entry.before, to: entry.after))
        // The recorder did not compare the states of this one (it was behind): nothing to check.
        let sameChanges = record.changesSkipped || changes == record.changes
        if sameAction, expectedCause == actualCause, sameChanges { return nil }
        var lines = [
            "Replay diverged at record #\(record.seq) (\(what(sameAction, expectedCause == actualCause, sameChanges))):"
        ]
        lines.append("  action:   \(record.action.description)\(recordCauseText(record))")
        lines.append(
            "  source:   \(record.source.file):\(record.source.line) in \(record.source.function)\(infoText(record.source.info))"
        )
        if !sameAction || expectedCause != actualCause {
            lines.append("  expected: \(record.action.description)\(recordCauseText(record))")
            let actualSeq = (entry.source.seq ?? 0) - firstProcessedSeq + base
            let shownCause = entry.source.cause.map {
                ActionCause(seq: $0.seq - firstProcessedSeq + base, kind: $0.kind)
            }
            lines.append(
                "  actual:   \(actual.description)\(causeText(shownCause, base: 0)) (replayed as #\(actualSeq))"
            )
        }
        lines.append("  expected changes:")
        lines += changeLines(record.changes)
        lines.append("  actual changes:")
        lines += changeLines(changes)
        return lines.joined(separator: "\n")
    }

    private static func what(_ sameAction: Bool, _ sameCause: Bool, _ sameChanges: Bool) -> String {
        var parts: [String] = []
        if !sameAction { parts.append("a different action") }
        if !sameCause { parts.append("a different cause") }
        if !sameChanges { parts.append("different state changes") }
        return parts.joined(separator: ", ")
    }

    private static func changeLines(_ changes: [ActionRecord.Change]) -> [String] {
        if changes.isEmpty { return ["    (none)"] }
        return changes.map { change in
            let path = change.path.isEmpty ? "" : "\(change.path): "
            return "    \(path)\(change.before ?? "(none)") → \(change.after ?? "(none)")"
        }
    }

    private static func recordCauseText(_ record: ActionRecord) -> String {
        causeText(record.cause, base: 0)
    }

    private static func causeText(_ cause: ActionCause?, base: Int) -> String {
        guard let cause else { return ", from outside" }
        return ", \(cause.kind.rawValue) #\(cause.seq - base)"
    }

    private static func infoText(_ info: [String]) -> String {
        info.isEmpty ? "" : "\n" + info.map { "            \($0)" }.joined(separator: "\n")
    }
}
