import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A middleware that records every action the store processes, one JSON line each, for the
/// DevTools report (`swift run AqueductDevTools report FILE`) and for replay in tests
/// (`AqueductTesting`'s `ActionReplay`). Here `path` is the recording file's path (a
/// `session.jsonl` the app can write, say):
///
/// ```swift
/// let recorder = try RecorderMiddleware<AppAction, AppState>(path: path)
/// let store = Store(initialState: AppState(), reducer: appReducer, middleware: recorder <> appMiddleware)
/// // …
/// recorder.writer.flush()
/// ```
///
/// Each line is an ``ActionRecord``: the action's `ActionSource.seq` and
/// `ActionSource.cause`, the action (its description and, when it is `Encodable`, its
/// encoding), its source, the changes it made to the state (`StateDiff`'s
/// `{path, before, after}`), the wall-clock time processing began and how long it took.
///
/// ## Where to put it
/// First: `recorder <> logger <> bridges`. Its `handle` then runs before the others', and its
/// effect — which takes the state after the reducer and stops the clock — before theirs. The
/// duration covers the middlewares' `handle`s and the reducer; the derived actions are
/// recorded as actions of their own.
///
/// ## Cost
/// On the main actor, per action: two counters read, two clock readings, the state before and
/// after the action kept (copy-on-write references: a reducer that then changes a collection
/// a waiting record still holds copies that collection), and one allocation — the record,
/// which is also the effect the store runs after the reducer, and which is handed to the
/// ``RecordingWriter`` without a closure. The diff, the encoding and the writing run on the
/// writer's queue. `Benchmarks/README.md` has what it costs, measured.
///
/// ## When the writer is behind
/// The writer bounds what waits (``RecordingWriter/maximumBacklog`` records, of which
/// ``RecordingWriter/maximumStateBacklog`` hold states). Past the second bound the recorder
/// does not read the state at all — the action is recorded with ``ActionRecord/changesSkipped``
/// — so a slow writer never makes the store copy its state; past the first it returns no
/// effect and the action becomes part of a gap line (``ActionRecording/Gap``).
///
/// `RecorderMiddleware` is a `Sendable` value; the store calls it on the main actor.
public struct RecorderMiddleware<Action: Sendable, State: Sendable>: Middleware {
    /// Where the records go.
    public let writer: RecordingWriter
    /// What the record of an action does after the reducer: takes the state after it (when it
    /// holds states), stops the clock and hands itself to the writer.
    private let finishWithout: @MainActor @Sendable (FinishingEffect<Action, RecordWithoutStates<Action>>) -> Void
    private let finishWith: @MainActor @Sendable (FinishingEffect<Action, RecordWithStates<Action, State>>) -> Void

    /// Creates a recorder that hands its records to `writer`.
    ///
    /// ```swift
    /// let writer = try RecordingWriter(path: path)
    /// let recorder = RecorderMiddleware<AppAction, AppState>(writer: writer)
    /// ```
    ///
    /// - Parameter writer: The writer; several recorders may share one (their `seq`s then
    ///   interleave, which only makes sense for one store).
    public init(writer: RecordingWriter) {
        self.writer = writer
        // Made once: in this generic code a closure made per action would capture the type
        // metadata, an allocation each time.
        let placeholder = GetState<State> { preconditionFailure("the recorder read a record's state getter twice") }
        let renderWithout: @Sendable (any AnyObject & Sendable) -> ActionRecord = { object in
            let record = unsafeDowncast(object, to: FinishingEffect<Action, RecordWithoutStates<Action>>.self).payload
            return ActionRecord(
                processing: record.action,
                from: record.source,
                time: record.time,
                duration: record.duration
            )
        }
        let renderWith: @Sendable (any AnyObject & Sendable) -> ActionRecord = { object in
            let record = unsafeDowncast(object, to: FinishingEffect<Action, RecordWithStates<Action, State>>.self)
                .payload
            return ActionRecord(
                processing: record.action,
                from: record.source,
                before: record.before,
                after: record.after,
                time: record.time,
                duration: record.duration
            )
        }
        self.finishWithout = { record in
            record.payload.duration = record.payload.start.duration(to: .now)
            writer.append(seq: record.payload.source.seq ?? 0, holdsState: false, record, render: renderWithout)
        }
        self.finishWith = { record in
            record.payload.after = record.payload.state()
            record.payload.duration = record.payload.start.duration(to: .now)
            // A waiting record keeps the states, not the store that the getter reads.
            record.payload.state = placeholder
            writer.append(seq: record.payload.source.seq ?? 0, holdsState: true, record, render: renderWith)
        }
    }

    /// Creates a recorder that writes to the file at `path`.
    ///
    /// ```swift
    /// let recorder = try RecorderMiddleware<AppAction, AppState>(path: path, maximumFileSize: 16 << 20)
    /// ```
    ///
    /// - Parameters:
    ///   - path: The recording file; an existing one is appended to.
    ///   - maximumFileSize: The size a file may reach before it is rotated, in bytes.
    ///   - rotatedFiles: How many full files to keep beside it.
    /// - Throws: ``RecorderError`` when the file cannot be opened or a limit is out of range.
    public init(
        path: String,
        maximumFileSize: Int = RecordingWriter.defaultMaximumFileSize,
        rotatedFiles: Int = 3
    ) throws(RecorderError) {
        self.init(
            writer: try RecordingWriter(path: path, maximumFileSize: maximumFileSize, rotatedFiles: rotatedFiles)
        )
    }

    /// Starts the clock and keeps the state before the reducer; returns the effect that takes
    /// the state after it and hands the record to the writer.
    ///
    /// - Parameters:
    ///   - action: The action about to be reduced.
    ///   - source: Its source, stamped with its number and cause.
    ///   - state: The state getter.
    /// - Returns: An effect that sends nothing: the record itself (see the type's "Cost").
    public func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
        let holdsState: Bool
        switch writer.admit() {
        case .withState: holdsState = true
        case .withoutState: holdsState = false
        case .dropped:
            writer.drop(seq: source.seq ?? 0)
            return .none
        }
        let time = Date()
        let start = ContinuousClock.now
        // Two record types rather than one holding a `State?`: in this generic, unspecialised
        // code an optional of the state costs a metadata lookup per action.
        guard holdsState else {
            return FinishingEffect(action: action, source: source, time: time, start: start, finish: finishWithout)
                .effect
        }
        let before = state()
        let record = FinishingEffect(
            action: action,
            source: source,
            state: state,
            before: before,
            time: time,
            start: start,
            finish: finishWith
        )
        return record.effect
    }
}

/// A record handed over without the states (``ActionRecord/changesSkipped``): the action, its
/// source and times. Its object is the effect the recorder returns, then the writer's entry.
struct RecordWithoutStates<Action: Sendable> {
    let action: Action
    let source: ActionSource
    let time: Date
    let start: ContinuousClock.Instant
    var duration = Duration.zero
}

/// A record handed over with the states before and after its action.
struct RecordWithStates<Action: Sendable, State: Sendable> {
    let action: Action
    let source: ActionSource
    /// The store's getter until the effect has read the state after; then a placeholder.
    var state: GetState<State>
    let before: State
    /// The state before, until the effect reads the state after the reducer.
    var after: State
    let time: Date
    let start: ContinuousClock.Instant
    var duration = Duration.zero
}

extension FinishingEffect {
    convenience init(
        action: Action,
        source: ActionSource,
        time: Date,
        start: ContinuousClock.Instant,
        finish: @escaping @MainActor @Sendable (FinishingEffect) -> Void
    ) where Payload == RecordWithoutStates<Action>, Action: Sendable {
        self.init(RecordWithoutStates(action: action, source: source, time: time, start: start), finish: finish)
    }

    convenience init<State>(
        action: Action,
        source: ActionSource,
        state: GetState<State>,
        before: State,
        time: Date,
        start: ContinuousClock.Instant,
        finish: @escaping @MainActor @Sendable (FinishingEffect) -> Void
    ) where Payload == RecordWithStates<Action, State>, Action: Sendable, State: Sendable {
        self.init(
            RecordWithStates(
                action: action,
                source: source,
                state: state,
                before: before,
                after: before,
                time: time,
                start: start
            ),
            finish: finish
        )
    }
}

extension ActionRecord {
    /// The record of one processed action.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source, stamped by the store (`ActionSource.seq`, `ActionSource.cause`).
    ///   - before: The state before the reducer.
    ///   - after: The state after it.
    ///   - time: When processing began.
    ///   - duration: How long it took.
    package init(
        processing action: some Any,
        from source: ActionSource,
        before: Any,
        after: Any,
        time: Date,
        duration: Duration
    ) {
        let (changes, truncated) = Self.changes(of: StateDiff(from: before, to: after))
        self.init(
            action,
            source,
            changes: changes,
            truncated: truncated,
            skipped: false,
            time: time,
            duration: duration
        )
    }

    /// The record of one processed action whose states the recorder did not keep
    /// (``changesSkipped``).
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Its source, stamped by the store.
    ///   - time: When processing began.
    ///   - duration: How long it took.
    package init(processing action: some Any, from source: ActionSource, time: Date, duration: Duration) {
        self.init(action, source, changes: [], truncated: false, skipped: true, time: time, duration: duration)
    }

    private init(
        _ action: some Any,
        _ source: ActionSource,
        changes: [Change],
        truncated: Bool,
        skipped: Bool,
        time: Date,
        duration: Duration
    ) {
        let (seconds, attoseconds) = duration.components
        self.init(
            seq: source.seq ?? 0,
            cause: source.cause,
            action: Action(action),
            source: Source(source),
            changes: changes,
            changesTruncated: truncated,
            changesSkipped: skipped,
            time: time,
            durationNanoseconds: UInt64(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        )
    }
}
