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
/// First: `recorder <> logger <> bridges`. Its `handle` then runs before the others'. Its
/// effect — which takes the state after the reducer and stops the clock — is finished by the
/// store once the action's whole effect has run, told what that effect cancelled
/// (``ActionRecord/cancellations``: `.cancel(id:)`, in-flight restarts, removed children) —
/// what the effects composed after it cancelled: a middleware composed before the recorder
/// runs its effect first, and its cancellations are not recorded. The duration covers the middlewares' `handle`s, the reducer and the start of the action's
/// effects; the derived actions are recorded as actions of their own.
///
/// ## Cost
/// On the main actor, per action: two counters read, two readings of the monotonic clock (the
/// record's wall-clock time is worked out from the first on the writer's queue), the state
/// before and after the action kept (copy-on-write references: a reducer that then changes a
/// collection a waiting record still holds copies that collection), and one allocation — the
/// record, which is also the effect the store runs after the reducer, and which is handed to
/// the ``RecordingWriter`` without a closure and handed back once written, to be freed on the
/// main actor. The diff, the encoding and the writing run on the writer's queue.
/// `Benchmarks/README.md` has what it costs, measured.
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
    @usableFromInline
    internal let finishWithout: @MainActor @Sendable (FinishingEffect<Action, RecordWithoutStates<Action>>) -> Void
    @usableFromInline
    internal let finishWith: @MainActor @Sendable (FinishingEffect<Action, RecordWithStates<Action, State>>) -> Void

    /// Creates a recorder that hands its records to `writer`.
    ///
    /// ```swift
    /// let writer = try RecordingWriter(path: path)
    /// let recorder = RecorderMiddleware<AppAction, AppState>(writer: writer)
    /// ```
    ///
    /// - Parameter writer: The writer; several recorders may share one (their `seq`s then
    ///   interleave, which only makes sense for one store).
    // Inlinable, like `handle`, so that the closures are specialised for the app's types: in
    // generic code, reading and writing the record looks up its type's metadata each time.
    @inlinable
    public init(writer: RecordingWriter) {
        self.writer = writer
        // Made once: a closure made per action would be an allocation of its own.
        let descriptions = ActionDescriptions<Action>()
        let renderWithout = RecordRenderer { object in
            let finished = unsafeDowncast(object, to: FinishingEffect<Action, RecordWithoutStates<Action>>.self)
            let record = finished.payload
            var made = ActionRecord(
                processing: descriptions.record(record.action),
                from: record.source,
                time: MonotonicClock.date(ofReading: record.start),
                duration: .nanoseconds(record.duration)
            )
            made.note(finished.cancellations)
            return made
        }
        let renderWith = RecordRenderer { object in
            let finished = unsafeDowncast(object, to: FinishingEffect<Action, RecordWithStates<Action, State>>.self)
            let record = finished.payload
            var made = ActionRecord(
                processing: descriptions.record(record.action),
                from: record.source,
                before: record.before,
                after: record.after,
                time: MonotonicClock.date(ofReading: record.start),
                duration: .nanoseconds(record.duration)
            )
            made.note(finished.cancellations)
            return made
        }
        self.finishWithout = { record in
            record.payload.duration = MonotonicClock.nanoseconds() &- record.payload.start
            writer.append(seq: record.payload.source.seq ?? 0, holdsState: false, record, renderer: renderWithout)
        }
        self.finishWith = { record in
            guard let state = record.payload.state else {
                preconditionFailure("the recorder finished a record twice")
            }
            let after = state()
            let duration = MonotonicClock.nanoseconds() &- record.payload.start
            record.payload.finish(after: after, duration: duration)
            writer.append(seq: record.payload.source.seq ?? 0, holdsState: true, record, renderer: renderWith)
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
    // Inlinable so that it is specialised in the app's module: unspecialised, making the record
    // (a generic class) looks up its type's metadata on every action.
    @inlinable
    public func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
        let holdsState: Bool
        switch writer.admit() {
        case .withState: holdsState = true
        case .withoutState: holdsState = false
        case .dropped:
            writer.drop(seq: source.seq ?? 0)
            return .none
        }
        let start = MonotonicClock.nanoseconds()
        // Two record types rather than one holding a `State?`: a record without states holds
        // nothing of the state's size.
        guard holdsState else {
            return FinishingEffect(action: action, source: source, start: start, finish: finishWithout).effect
        }
        let before = state()
        let record = FinishingEffect(
            action: action,
            source: source,
            state: state,
            before: before,
            start: start,
            finish: finishWith
        )
        return record.effect
    }
}

/// A record handed over without the states (``ActionRecord/changesSkipped``): the action, its
/// source and times. Its object is the effect the recorder returns, then the writer's entry.
@usableFromInline
struct RecordWithoutStates<Action: Sendable> {
    @usableFromInline let action: Action
    @usableFromInline let source: ActionSource
    /// ``MonotonicClock`` when processing began; the writer works out the wall-clock time.
    @usableFromInline let start: UInt64
    /// Nanoseconds from `start` to the effect's finish.
    @usableFromInline var duration: UInt64 = 0

    @inlinable
    init(action: Action, source: ActionSource, start: UInt64) {
        self.action = action
        self.source = source
        self.start = start
    }
}

/// A record handed over with the states before and after its action.
@usableFromInline
struct RecordWithStates<Action: Sendable, State: Sendable> {
    @usableFromInline let action: Action
    @usableFromInline let source: ActionSource
    /// The store's getter until the effect has read the state after; then `nil`, so that a
    /// waiting record keeps the states, not the store that the getter reads, and holds nothing
    /// that the main actor goes on using (a shared placeholder, released by the writer's thread
    /// with every record, passed its reference count between the two threads).
    @usableFromInline var state: GetState<State>?
    @usableFromInline let before: State
    /// The state before, until the effect reads the state after the reducer.
    @usableFromInline var after: State
    /// ``MonotonicClock`` when processing began; the writer works out the wall-clock time.
    @usableFromInline let start: UInt64
    /// Nanoseconds from `start` to the effect's finish.
    @usableFromInline var duration: UInt64 = 0

    @inlinable
    init(
        action: Action,
        source: ActionSource,
        state: GetState<State>,
        before: State,
        start: UInt64
    ) {
        self.action = action
        self.source = source
        self.state = state
        self.before = before
        self.after = before
        self.start = start
    }

    /// Takes what the effect learned after the reducer, in one write of the record: the state
    /// after, the duration, and — so that a waiting record keeps the states, not the store that
    /// the getter reads — no getter.
    @inlinable
    mutating func finish(after: State, duration: UInt64) {
        self.after = after
        self.duration = duration
        self.state = nil
    }
}

extension FinishingEffect {
    @inlinable
    convenience init(
        action: Action,
        source: ActionSource,
        start: UInt64,
        finish: @escaping @MainActor @Sendable (FinishingEffect) -> Void
    ) where Payload == RecordWithoutStates<Action>, Action: Sendable {
        self.init(RecordWithoutStates(action: action, source: source, start: start), finish: finish)
    }

    @inlinable
    convenience init<State>(
        action: Action,
        source: ActionSource,
        state: GetState<State>,
        before: State,
        start: UInt64,
        finish: @escaping @MainActor @Sendable (FinishingEffect) -> Void
    ) where Payload == RecordWithStates<Action, State>, Action: Sendable, State: Sendable {
        self.init(
            RecordWithStates(action: action, source: source, state: state, before: before, start: start),
            finish: finish
        )
    }
}

extension ActionRecord {
    /// The record of one processed action.
    ///
    /// - Parameters:
    ///   - action: The action, as recorded.
    ///   - source: Its source, stamped by the store (`ActionSource.seq`, `ActionSource.cause`).
    ///   - before: The state before the reducer.
    ///   - after: The state after it.
    ///   - time: When processing began.
    ///   - duration: How long it took.
    @usableFromInline
    package init(
        processing action: Action,
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
    ///   - action: The action, as recorded.
    ///   - source: Its source, stamped by the store.
    ///   - time: When processing began.
    ///   - duration: How long it took.
    @usableFromInline
    package init(processing action: Action, from source: ActionSource, time: Date, duration: Duration) {
        self.init(action, source, changes: [], truncated: false, skipped: true, time: time, duration: duration)
    }

    /// Notes what the action's effect cancelled, as the engine told the record; past the
    /// recorder's bound the rest is left out, and ``cancellationsTruncated`` says so.
    ///
    /// - Parameter cancellations: The cancellations, in order.
    @usableFromInline
    package mutating func note(_ cancellations: [EffectCancellation]) {
        if cancellations.isEmpty { return }
        (self.cancellations, self.cancellationsTruncated) = Self.recorded(cancellations)
    }

    private init(
        _ action: Action,
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
            action: action,
            source: Source(source),
            changes: changes,
            changesTruncated: truncated,
            changesSkipped: skipped,
            time: time,
            durationNanoseconds: UInt64(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        )
    }
}
