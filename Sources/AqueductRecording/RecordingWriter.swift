import Aqueduct
import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a recording — one ``ActionRecord`` a line — to a JSON Lines file, off the main actor,
/// bounded in memory, with a size cap and rotation. ``RecorderMiddleware`` hands it each
/// processed action. Here `path` is the recording file's path:
///
/// ```swift
/// let writer = try RecordingWriter(path: path, maximumFileSize: 8 << 20, rotatedFiles: 2)
/// let store = Store(
///     initialState: AppState(),
///     reducer: appReducer,
///     middleware: RecorderMiddleware(writer: writer) <> appMiddleware
/// )
/// // …
/// writer.flush()  // before the process exits: at most 10 seconds
/// ```
///
/// ## What it guarantees
/// - **Off the main actor.** The main actor only reads two counters, and hands over the
///   recorder's record: the action, its source and (see below) the state before and after it; building
///   the record (the state diff, the action's encoding, the info lines) and writing happen on
///   the writer's own serial queue, in batches. Once woken, the queue goes on looking for
///   records — after 10 ms, then 20, 40 and every 80 ms — until it has found none for half a
///   second, so that an app whose actions come one at a time does not wake it (an allocation
///   and a system call) for each: a record is written within 80 ms of its action, or at once by
///   ``flush(timeout:)``. Written records go back to the thread that handed them over, which
///   releases them when it next hands one over (or the writer does, once it stops looking):
///   each record's memory is freed by the thread that allocated it.
/// - **Bounded memory.** At most ``maximumBacklog`` records wait to be written (65,536 by
///   default: each holds an action and its source). Of those, at most ``maximumStateBacklog``
///   (256 by default; an app with a large state passes fewer) hold the states before and after
///   their action; the state is a value, so those are copies of whatever the actions changed,
///   and the bound is on them: while a record holds the state, the next action's reducer copies
///   what it changes (a whole array for one element), so the bound is also how many such
///   copies a burst of actions costs before the writer catches up. An action processed while
///   ``maximumStateBacklog`` records with states wait is recorded without its state change
///   (``ActionRecord/changesSkipped``): the recorder does not even read the state, so the
///   store's state is not copied because the writer is behind. A written record's states count
///   until it is released; when the bound is reached, the records written so far are released
///   at once, so an action after the writer has caught up is recorded with its states. An
///   action processed while ``maximumBacklog`` records wait is not recorded at all: it is
///   counted (``droppedCount``), and once the writer catches up a gap line says how many
///   actions were dropped, which, and why (``ActionRecording/Gap``) — never a silent hole.
///   ``backlog`` says how far behind the writer is.
/// - **Private files.** The recording and its rotations are created with mode 0600 whatever the
///   umask (an existing file is set to 0600), never through a symbolic link; a FIFO, a
///   device, a directory or a file with other hard links is refused
///   (``RecorderError/refusedPath(path:reason:)``), at once, without blocking.
/// - **Recordings only.** An existing file is appended to only when it is empty or a recording
///   (its first line is a session's header): a database, a source file or a configuration file
///   given by mistake is refused (``RecorderError/refusedPath(path:reason:)``), its content and
///   mode left as they were.
/// - **Sessions.** Opening the writer starts a session: a header line
///   (`{"kind":"session","format":1,"time":…,"process":…}`) is written first, so an app that
///   appends to the same file on every run leaves one session per run, each readable, its
///   `seq` starting again (``ActionRecording/Session``). A line cut short by a process killed
///   while writing is ended with a newline before the header, so it stays one line of its own.
/// - **Whole lines.** Each `write(2)` holds whole lines only, so a process killed at any point
///   leaves complete lines, and at worst one line cut short (``ActionRecording`` skips it with
///   a warning). A write that fails part way (a full disk) is cut back to the last whole line
///   before recording stops. No line is longer than
///   ``ActionRecording/defaultMaximumLineLength`` (a record that would be is shortened, and
///   says so), so every line written can be read back.
/// - **Size cap.** Before a line would take the file past `maximumFileSize`, the file is moved
///   to `path.1` (`path.1` to `path.2`, and so on, the oldest beyond `rotatedFiles` removed;
///   only the files that exist are moved) and a new file is started with the session's header.
///   A line longer than the cap gets a file of its own. A record's cause may then be in an
///   older file.
/// - **Errors.** A path that cannot be opened throws ``RecorderError`` from the initialiser. A
///   write or rotation that fails later stops the recording: ``failure`` says why, standard
///   error says it once, and the app goes on (recording nothing more, at no cost).
/// - **Bounded flush.** ``flush(timeout:)`` waits until everything handed over is written, or
///   until its timeout; what is not written by then is written as a gap.
///
/// `RecordingWriter` is `Sendable`: its methods may be called from any isolation.
public final class RecordingWriter: Sendable {
    /// The default size cap: 64 MiB.
    public static let defaultMaximumFileSize = 64 << 20
    /// The default ``maximumBacklog``: 65,536 records.
    public static let defaultMaximumBacklog = 65_536
    /// The default ``maximumStateBacklog``: 256 records. Each is one copy of what the next
    /// action changes in the state; an app with a large state that records bursts of actions
    /// passes a smaller bound, trading diffs past it (`changes_skipped`) for fewer copies.
    public static let defaultMaximumStateBacklog = 256

    /// The file the writer appends to.
    public let path: String
    /// The size a file may reach before it is rotated, in bytes.
    public let maximumFileSize: Int
    /// How many full files are kept beside ``path`` (`path.1` the newest).
    public let rotatedFiles: Int
    /// The most records that wait to be written; actions beyond it are dropped and counted.
    public let maximumBacklog: Int
    /// The most waiting records that hold the states before and after their action; actions
    /// beyond it are recorded without their state change.
    public let maximumStateBacklog: Int

    private let queue = DispatchQueue(label: "Aqueduct.RecordingWriter")
    /// Records waiting to be built and written, gaps between them, and whether a drain is
    /// scheduled.
    private let pending = LockedValue(Pending())
    /// The open file and the first failure; touched on ``queue`` only (the lock is never
    /// contended; it is what makes the state `Sendable`).
    private let file: LockedValue<FileState>
    /// Records handed over and not yet written, and those of them that hold states: read on
    /// every action without a lock. The main actor adds one a record; the queue subtracts what
    /// it wrote every 64 records and at the end of each drain, not one by one, so that the two
    /// threads do not pass the counters' cache line back and forth on every action.
    private let waiting = Atomic<Int>(0)
    private let waitingWithState = Atomic<Int>(0)
    private let dropped = Atomic<Int>(0)
    private let hasStopped = Atomic<Bool>(false)
    /// Whether written records wait to be released (`handBack`): set and cleared under the
    /// lock, read without it by ``admit()``, which takes the lock only when it may release some.
    private let hasWritten = Atomic<Bool>(false)
    /// How many times a record or a dropped action scheduled the drain (woke the writer's queue).
    private let scheduledDrains = Atomic<Int>(0)
    /// Records numbered below this are not built but dropped: a flush ran out of time for them.
    private let abandonedBelow = Atomic<Int>(0)
    /// The session's header line: the first line of the file and of every rotated one.
    private let header: String

    private struct Pending: Sendable {
        /// Room for a first batch from the start: the recorder appends without growing the
        /// array step by step (each drain leaves the next batch a buffer of its own batch's size).
        var entries: [Entry] = {
            var entries: [Entry] = []
            entries.reserveCapacity(256)
            return entries
        }()
        /// The renderers of the records in `entries`, each once: an entry names its renderer by
        /// its place here, so that handing a record over does not retain the renderer, which the
        /// writer's queue would then release — the two threads passing its reference count back
        /// and forth on every record.
        var renderers: [RecordRenderer] = []
        var isDrainScheduled = false
        /// How many records were handed over, ever: each record's number in that order.
        var handedOver = 0
        /// The objects of records written, for the main actor to release when it next hands one
        /// over (see `handBack`), and how many of them hold states.
        var written: [any AnyObject & Sendable] = []
        var writtenWithState = 0
    }

    private enum Entry: Sendable {
        /// A record, built on the queue by its renderer (`renderer`, its place in the batch's
        /// renderers) from the recorder's own object, so that handing a record over allocates
        /// nothing more.
        case record(number: Int, seq: Int, holdsState: Bool, record: any AnyObject & Sendable, renderer: Int)
        case gap(Gap)
    }

    /// A batch taken off the waiting records: the entries and their renderers.
    private struct Batch {
        var entries: [Entry]
        let renderers: [RecordRenderer]
    }

    /// Actions that were not recorded, and why; merged while they come one after the other.
    private struct Gap: Sendable {
        var count: Int
        var firstSeq: Int
        var lastSeq: Int
        var reason: String

        mutating func add(seq: Int, count: Int = 1) {
            self.count += count
            firstSeq = min(firstSeq, seq)
            lastSeq = max(lastSeq, seq)
        }
    }

    private struct FileState: Sendable {
        var output: FileOutput?
        var size: Int
        /// The lines gathered for the next `write(2)`, encoded in place; it keeps its capacity
        /// from one batch to the next.
        var batch: [UInt8] = []
        var failure: RecorderError?
        /// Records a flush gave up on, not written yet because more of them follow in a later
        /// drain: one gap line for them all, however the drains split them.
        var abandoned: Gap?
        /// How the drain has looked for records since it last found some.
        var idleLooks = IdleLooks()
    }

    /// How the drain looks for records once it finds none (see `drain`), in milliseconds.
    private struct IdleLooks: Sendable {
        /// How long it waits before the next look.
        var next = RecordingWriter.firstIdleLook
        /// How long it has waited, in all, since it last found records.
        var looked = 0
    }

    /// What a recorder may hand over for the action it is about to see processed.
    @usableFromInline
    package enum Admission: Sendable {
        /// A record with the states before and after the action.
        case withState
        /// A record without them (``ActionRecord/changesSkipped``): too many states wait.
        case withoutState
        /// Nothing: the backlog is full, or recording stopped. Call ``drop(seq:)``.
        case dropped
    }

    /// Opens (or creates) the file at `path` for appending, and starts a session in it.
    ///
    /// - Parameters:
    ///   - path: The recording file: a recording, an empty file, or none yet. An existing file is
    ///     appended to, and set to mode 0600; a new one is created 0600.
    ///   - maximumFileSize: The size a file may reach before it is rotated, in bytes (at least 1).
    ///   - rotatedFiles: How many full files to keep (`path.1` … `path.N`); 0 keeps none.
    ///   - maximumBacklog: The most records waiting to be written (at least 1).
    ///   - maximumStateBacklog: The most of them holding states (0 records no state change).
    /// - Throws: ``RecorderError/refusedPath(path:reason:)`` when the path is a link, a FIFO, a
    ///   device, a directory, a file with other hard links, or a non-empty file whose first line
    ///   is not a session's header (not a recording);
    ///   ``RecorderError/cannotOpen(path:reason:)`` when the file cannot be opened or created;
    ///   ``RecorderError/invalidLimit(_:)`` for a limit out of range.
    public init(
        path: String,
        maximumFileSize: Int = defaultMaximumFileSize,
        rotatedFiles: Int = 3,
        maximumBacklog: Int = defaultMaximumBacklog,
        maximumStateBacklog: Int = defaultMaximumStateBacklog
    ) throws(RecorderError) {
        guard maximumFileSize >= 1 else {
            throw .invalidLimit("maximumFileSize is \(maximumFileSize); it must be 1 or more")
        }
        guard rotatedFiles >= 0 else { throw .invalidLimit("rotatedFiles is \(rotatedFiles); it must be 0 or more") }
        guard maximumBacklog >= 1 else {
            throw .invalidLimit("maximumBacklog is \(maximumBacklog); it must be 1 or more")
        }
        guard maximumStateBacklog >= 0 else {
            throw .invalidLimit("maximumStateBacklog is \(maximumStateBacklog); it must be 0 or more")
        }
        self.path = path
        self.maximumFileSize = maximumFileSize
        self.rotatedFiles = rotatedFiles
        self.maximumBacklog = maximumBacklog
        self.maximumStateBacklog = maximumStateBacklog
        self.header = RecordingLine.sessionHeader(start: Date(), process: Int(getpid())) + "\n"
        let output = try Self.open(path)
        // A line cut short by a process killed while writing stays a line of its own.
        let start = (output.endsWithNewline ? "" : "\n") + header
        if let reason = output.writeAll(start) {
            throw .cannotOpen(path: path, reason: reason)
        }
        self.file = LockedValue(FileState(output: output, size: output.size, failure: nil))
    }

    /// Why recording stopped, or `nil` while it goes on.
    public var failure: RecorderError? {
        file.withLock { $0.failure }
    }

    /// How many records were handed over and are not written yet: how far behind the writer is.
    public var backlog: Int { waiting.load(ordering: .relaxed) }

    /// How many times handing a record over, or counting a dropped action, scheduled the drain:
    /// woke the writer's queue. For tests of the drain's schedule.
    package var drainsScheduled: Int { scheduledDrains.load(ordering: .relaxed) }

    /// Whether the drain is scheduled: writing, or looking for records. For tests.
    package var isDraining: Bool { pending.withLock { $0.isDrainScheduled } }

    /// How many actions were dropped since the writer was opened, because ``maximumBacklog``
    /// records were waiting or a ``flush(timeout:)`` ran out of time. Each is in a gap line.
    public var droppedCount: Int { dropped.load(ordering: .relaxed) }

    /// Waits until every record handed over so far is written to the file, or until `timeout`.
    ///
    /// Blocks the calling thread; call it before a planned exit, or in a test before reading
    /// the file. When the timeout passes first, the records handed over before the call that
    /// are not written yet are not built any more: a gap line takes their place, saying how
    /// many, which and why, and the call waits for that line a little longer (at most `timeout`
    /// again, and no more than a second) before it returns `false`. So `flush` returns within
    /// twice its timeout plus a second, whatever the backlog, and leaves no silent hole. Do not
    /// call it from the writer's own work.
    ///
    /// ```swift
    /// if !writer.flush(timeout: .seconds(2)) { print("\(writer.droppedCount) actions not recorded") }
    /// ```
    ///
    /// - Parameter timeout: How long to wait for the records to be written.
    /// - Returns: Whether everything handed over before the call was written.
    @discardableResult
    public func flush(timeout: Duration = .seconds(10)) -> Bool {
        let droppedBefore = droppedCount
        let handedOverBefore = pending.withLock { $0.handedOver }
        let done = DispatchSemaphore(value: 0)
        queue.async {
            self.writeWaiting()
            done.signal()
        }
        if done.wait(timeout: Self.dispatchTime(after: timeout)) == .success {
            return droppedCount == droppedBefore
        }
        // Out of time: what is still waiting becomes a gap, which takes no time to write.
        var mark = abandonedBelow.load(ordering: .relaxed)
        while mark < handedOverBefore {
            let (exchanged, original) = abandonedBelow.compareExchange(
                expected: mark,
                desired: handedOverBefore,
                ordering: .relaxed
            )
            if exchanged { break }
            mark = original
        }
        _ = done.wait(timeout: Self.dispatchTime(after: min(timeout, .seconds(1))))
        return false
    }

    private static func dispatchTime(after duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }

    // MARK: The recorder's side

    /// Whether the recorder may hand over a record for the next action, and with its states.
    ///
    /// - Complexity: O(1), no lock: two atomic loads; when ``maximumStateBacklog`` records
    ///   hold states, the lock too, to release those of them already written.
    @usableFromInline
    package func admit() -> Admission {
        if waiting.load(ordering: .relaxed) >= maximumBacklog || hasStopped.load(ordering: .relaxed) {
            return .dropped
        }
        if waitingWithState.load(ordering: .relaxed) < maximumStateBacklog { return .withState }
        // Written records wait for this thread to release them (`handBack`), and still count.
        if !hasWritten.load(ordering: .relaxed) { return .withoutState }
        releaseWritten()
        return waitingWithState.load(ordering: .relaxed) < maximumStateBacklog ? .withState : .withoutState
    }

    /// Releases, on the calling thread, the objects of the records written so far (`handBack`).
    private func releaseWritten() {
        var written: [any AnyObject & Sendable] = []
        pending.withLock { takeWritten(&$0, into: &written) }
    }

    /// Moves the written records' objects into `records`, under the lock, for the caller to
    /// release once it has let go of the lock, and stops counting their states in
    /// `waitingWithState`: they are the caller's to release now.
    private func takeWritten(_ pending: inout Pending, into records: inout [any AnyObject & Sendable]) {
        swap(&records, &pending.written)
        hasWritten.store(false, ordering: .relaxed)
        if pending.writtenWithState > 0 {
            waitingWithState.subtract(pending.writtenWithState, ordering: .relaxed)
            pending.writtenWithState = 0
        }
    }

    /// Counts an action that was not recorded because ``admit()`` said ``Admission/dropped``.
    ///
    /// - Parameter seq: The action's number.
    @usableFromInline
    package func drop(seq: Int) {
        if hasStopped.load(ordering: .relaxed) { return }  // nothing is recorded once stopped
        dropped.add(1, ordering: .relaxed)
        let reason = "the writer was \(maximumBacklog) records behind (maximumBacklog)"
        let schedule = pending.withLock { pending in
            if case .gap(var gap) = pending.entries.last {
                gap.add(seq: seq)
                pending.entries[pending.entries.count - 1] = .gap(gap)
            } else {
                pending.entries.append(.gap(Gap(count: 1, firstSeq: seq, lastSeq: seq, reason: reason)))
            }
            if pending.isDrainScheduled { return false }
            pending.isDrainScheduled = true
            return true
        }
        // So that the gap is written once the writer catches up, even if no action follows.
        if schedule { scheduleDrain() }
    }

    /// Hands over a record to build and write on the writer's queue, in the order of the calls.
    ///
    /// - Parameters:
    ///   - seq: The action's number.
    ///   - holdsState: Whether `render` holds the states (``admit()`` said ``Admission/withState``).
    ///   - render: Builds the record; called once, off the caller's isolation.
    package func append(seq: Int, holdsState: Bool, _ render: @escaping @Sendable () -> ActionRecord) {
        append(seq: seq, holdsState: holdsState, RenderClosure(render), renderer: RenderClosure.renderer)
    }

    /// Hands over a record to build and write on the writer's queue, in the order of the calls:
    /// `renderer` builds it there. Allocates nothing while the buffer of waiting records has
    /// room (it keeps its capacity from one batch to the next) and a drain is under way.
    ///
    /// - Parameters:
    ///   - seq: The action's number.
    ///   - holdsState: Whether `record` holds states (``admit()`` said ``Admission/withState``).
    ///   - record: What the record is built from; once built, handed back and released by the
    ///     caller of a later `append` (see `handBack`), or by the writer once it stops looking.
    ///   - renderer: Builds the record from `record`, once, on the writer's queue; retained once
    ///     a batch, not once a record.
    @usableFromInline
    package func append(seq: Int, holdsState: Bool, _ record: any AnyObject & Sendable, renderer: RecordRenderer) {
        waiting.add(1, ordering: .relaxed)
        if holdsState { waitingWithState.add(1, ordering: .relaxed) }
        // Released here, after the lock, by the thread that made them (see `handBack`).
        var written: [any AnyObject & Sendable] = []
        let schedule = pending.withLock { pending in
            if !pending.written.isEmpty { takeWritten(&pending, into: &written) }
            let place: Int
            if let found = pending.renderers.lastIndex(where: { $0 === renderer }) {
                place = found
            } else {
                place = pending.renderers.count
                pending.renderers.append(renderer)
            }
            pending.entries.append(
                .record(number: pending.handedOver, seq: seq, holdsState: holdsState, record: record, renderer: place)
            )
            pending.handedOver += 1
            if pending.isDrainScheduled { return false }
            pending.isDrainScheduled = true
            return true
        }
        if schedule { scheduleDrain() }
    }

    /// A record built by a closure (the writer's tests hand these over).
    private final class RenderClosure: Sendable {
        let render: @Sendable () -> ActionRecord
        init(_ render: @escaping @Sendable () -> ActionRecord) { self.render = render }

        static let renderer = RecordRenderer { object in unsafeDowncast(object, to: RenderClosure.self).render() }
    }

    // MARK: On the queue

    /// The bytes gathered before one `write(2)`.
    private static let batchLimit = 1 << 16
    /// How long the drain waits, in milliseconds, once it finds nothing to write, before it
    /// looks again; each look that finds nothing doubles the wait, up to `longestIdleLook`.
    private static let firstIdleLook = 10
    private static let longestIdleLook = 80
    /// How long, in milliseconds, the drain goes on looking and finding nothing before it stops.
    private static let idleLooking = 500

    /// Writes what waits, then schedules itself again. The drain stays scheduled while records
    /// come: it writes them batch after batch, and once it finds none it looks again after
    /// 10 ms, then 20, 40 and every 80 ms, until it has found none for half a second; then it
    /// stops. A record handed over while it is scheduled schedules nothing, so the main actor
    /// pays for waking the writer's thread (an allocation and a system call, several
    /// microseconds) once when recording resumes, not on every action of an app whose actions
    /// come one at a time, and an idle app's writer wakes nine times before it sleeps. A record
    /// waits at most 80 ms before it is written; a flush queued behind the drain runs between
    /// two of its batches or looks.
    private func drain() {
        if var batch = takeBatch() {
            file.withLock { $0.idleLooks = IdleLooks() }
            writeBatch(&batch)
            queue.async { self.drain() }
            return
        }
        let wait = file.withLock { state -> Int? in
            if state.idleLooks.looked >= Self.idleLooking { return nil }
            let wait = state.idleLooks.next
            state.idleLooks.looked += wait
            state.idleLooks.next = min(wait * 2, Self.longestIdleLook)
            return wait
        }
        if let wait {
            queue.asyncAfter(deadline: .now() + .milliseconds(wait)) { self.drain() }
            return
        }
        // Stopped, unless a record came since the look above: it found the drain scheduled.
        // No record is coming to take the written ones: they are released here.
        var written: [any AnyObject & Sendable] = []
        let stopped = pending.withLock { pending in
            if !pending.entries.isEmpty { return false }
            pending.isDrainScheduled = false
            takeWritten(&pending, into: &written)
            return true
        }
        if !stopped { queue.async { self.drain() } }
    }

    /// Schedules the drain, which was not: the first record after the writer stopped.
    private func scheduleDrain() {
        scheduledDrains.add(1, ordering: .relaxed)
        queue.async { self.drain() }
    }

    /// Writes the records waiting now, for a flush; the drain's schedule is left as it is.
    private func writeWaiting() {
        guard var batch = takeBatch() else { return }
        writeBatch(&batch)
    }

    /// The records waiting, or `nil` when none is.
    private func takeBatch() -> Batch? {
        pending.withLock { pending -> Batch? in
            if pending.entries.isEmpty { return nil }
            // The next batch gets a buffer of this one's size, allocated here, on the queue:
            // the main actor then appends without growing the array step by step.
            defer {
                pending.entries.removeAll(keepingCapacity: true)
                pending.renderers.removeAll(keepingCapacity: true)
            }
            return Batch(entries: pending.entries, renderers: pending.renderers)
        }
    }

    /// Builds and writes a batch of records, handing each back once built (`handBack`).
    private func writeBatch(_ taken: inout Batch) {
        // Records done, told to the counters and handed back in bulk (see `waiting`).
        var done = 0
        var doneWithState = 0
        var written: [any AnyObject & Sendable] = []
        func publish() {
            waiting.subtract(done, ordering: .relaxed)
            handBack(&written, withState: doneWithState)
            done = 0
            doneWithState = 0
        }
        defer { publish() }
        file.withLock { state in
            var batch: [UInt8] = []
            swap(&batch, &state.batch)
            defer {
                batch.removeAll(keepingCapacity: true)
                swap(&batch, &state.batch)
            }
            // Taken from the end, so that each record — and the states it holds, which the
            // store copies when it changes them while they are held — is handed back once
            // built (64 at a time), not at the end of the batch.
            taken.entries.reverse()
            while let entry = taken.entries.popLast() {
                let line: String
                switch entry {
                case .gap(let gap):
                    line = gapLine(gap)
                case .record(let number, let seq, let holdsState, let record, let renderer):
                    defer {
                        written.append(record)
                        done += 1
                        if holdsState { doneWithState += 1 }
                        if done == 64 { publish() }
                    }
                    if state.failure != nil { continue }
                    if number < abandonedBelow.load(ordering: .relaxed) {
                        // The flush ran out of time: the rest is not built, only counted.
                        dropped.add(1, ordering: .relaxed)
                        if state.abandoned == nil {
                            state.abandoned = Gap(
                                count: 0,
                                firstSeq: seq,
                                lastSeq: seq,
                                reason: "flush(timeout:) ran out of time"
                            )
                        }
                        state.abandoned?.add(seq: seq)
                        // Written with the last of them: the flush that gave up waits for this
                        // line, not for the rest.
                        if number + 1 >= abandonedBelow.load(ordering: .relaxed), let gap = state.abandoned {
                            state.abandoned = nil
                            _ = append(gapLine(gap) + "\n", to: &batch, state: &state)
                            _ = write(&batch, to: &state)
                        }
                        continue
                    }
                    // The abandoned records came before this line.
                    if let gap = state.abandoned {
                        state.abandoned = nil
                        _ = append(gapLine(gap) + "\n", to: &batch, state: &state)
                    }
                    do {
                        let built = taken.renderers[renderer].render(record)
                        if state.failure == nil, try append(built, to: &batch, state: &state) { continue }
                        line = try built.jsonLine(fitting: ActionRecording.defaultMaximumLineLength)
                    } catch {
                        // Only a hand-made JSONValue holds a number JSON cannot write.
                        dropped.add(1, ordering: .relaxed)
                        let gap = Gap(
                            count: 1,
                            firstSeq: seq,
                            lastSeq: seq,
                            reason: "its record did not encode: \(error)"
                        )
                        line = gapLine(gap)
                    }
                }
                // The abandoned records came before this line.
                if let gap = state.abandoned {
                    state.abandoned = nil
                    _ = append(gapLine(gap) + "\n", to: &batch, state: &state)
                }
                // Once recording stopped, the rest is only counted off the backlog.
                _ = append(line + "\n", to: &batch, state: &state)
            }
            // A gap still in `state.abandoned` waits for the rest of its records, handed over
            // before the flush gave up and so on their way in a later drain.
            _ = write(&batch, to: &state)
        }
    }

    /// Hands the objects of written records back to the thread that handed them over — the
    /// main actor, for a recorder — to be released there when it next hands one over, or here
    /// once the drain stops. Released here, each record's object would be freed on this thread:
    /// glibc then takes a lock of the main thread's arena for each, and the main thread's next
    /// allocation finds its own cache empty and takes the same lock, while the object's memory
    /// moves between the two cores. Until released, a record's states count against
    /// ``maximumStateBacklog``.
    private func handBack(_ records: inout [any AnyObject & Sendable], withState: Int) {
        if records.isEmpty { return }
        pending.withLock { pending in
            if pending.written.isEmpty {
                swap(&pending.written, &records)
            } else {
                pending.written.append(contentsOf: records)
                records.removeAll(keepingCapacity: true)
            }
            pending.writtenWithState += withState
            hasWritten.store(true, ordering: .relaxed)
        }
    }

    private func gapLine(_ gap: Gap) -> String {
        RecordingLine.gap(
            droppedCount: gap.count,
            firstSeq: gap.firstSeq,
            lastSeq: gap.lastSeq,
            reason: gap.reason,
            time: Date()
        )
    }

    /// Encodes a record's line, and its newline, at the end of the batch, in place: `true`
    /// once it is there (or written), `false` when the line is longer than
    /// ``ActionRecording/defaultMaximumLineLength`` or would take the file past its cap — the
    /// batch is then as it was, and the line goes the long way (shortened, or after a
    /// rotation).
    private func append(_ record: ActionRecord, to batch: inout [UInt8], state: inout FileState) throws -> Bool {
        let start = batch.count
        var writer = JSONLineWriter(reusing: &batch)
        defer { batch = writer.takeBytes() }
        do {
            try record.write(into: &writer)
        } catch {
            writer.removeBytes(after: start)
            throw error
        }
        writer.endLine()
        let length = writer.count - start
        guard length - 1 <= ActionRecording.defaultMaximumLineLength, state.size + writer.count <= maximumFileSize
        else {
            writer.removeBytes(after: start)
            return false
        }
        if writer.count >= Self.batchLimit {
            batch = writer.takeBytes()
            _ = write(&batch, to: &state)
            writer = JSONLineWriter(reusing: &batch)
        }
        return true
    }

    /// Adds a line to the batch, rotating first when it would take the file past its cap and
    /// writing when the batch is full; `false` once recording stopped.
    private func append(_ line: String, to batch: inout [UInt8], state: inout FileState) -> Bool {
        guard state.failure == nil else { return false }
        let length = line.utf8.count
        let size = state.size + batch.count
        if size + length > maximumFileSize, size > header.utf8.count {
            guard write(&batch, to: &state), rotate(&state) else { return false }
        }
        batch.append(contentsOf: line.utf8)
        if batch.count >= Self.batchLimit {
            guard write(&batch, to: &state) else { return false }
        }
        return true
    }

    /// Writes the batch and empties it (keeping its capacity); on failure, cuts the file back
    /// to its last whole line and stops the recording.
    private func write(_ batch: inout [UInt8], to state: inout FileState) -> Bool {
        guard !batch.isEmpty, let output = state.output else { return state.output != nil }
        if let reason = batch.withUnsafeBytes({ output.writeAll($0) }) {
            if let trouble = output.truncate(to: state.size) {
                stop(
                    &state,
                    .writeFailed(path: path, reason: "\(reason), and cutting off the part written failed: \(trouble)")
                )
            } else {
                stop(&state, .writeFailed(path: path, reason: reason))
            }
            return false
        }
        state.size += batch.count
        batch.removeAll(keepingCapacity: true)
        return true
    }

    /// Moves the full file aside and opens a new one, starting with the session's header.
    ///
    /// Only the files that exist are moved: `path.1` … `path.k` up to the first missing one, so
    /// a rotation costs the files kept, not `rotatedFiles`.
    private func rotate(_ state: inout FileState) -> Bool {
        state.output = nil  // closes it
        if rotatedFiles == 0 {
            unlink(path)
        } else {
            var last = 0  // the highest slot of the chain path.1, path.2, … that exists
            var status = stat()
            while last < rotatedFiles, lstat("\(path).\(last + 1)", &status) == 0 { last += 1 }
            if last == rotatedFiles {
                unlink("\(path).\(rotatedFiles)")
                last -= 1
            }
            for index in stride(from: last, through: 1, by: -1) {
                rename("\(path).\(index)", "\(path).\(index + 1)")
            }
            if rename(path, "\(path).1") != 0, errno != ENOENT {
                stop(&state, .rotationFailed(path: path, reason: String(cString: strerror(errno))))
                return false
            }
        }
        do {
            let output = try Self.open(path)
            if let reason = output.writeAll(header) {
                stop(&state, .writeFailed(path: path, reason: reason))
                return false
            }
            state.output = output
            state.size = output.size
            return true
        } catch {
            stop(&state, error)
            return false
        }
    }

    private func stop(_ state: inout FileState, _ failure: RecorderError) {
        state.failure = failure
        state.output = nil
        hasStopped.store(true, ordering: .relaxed)
        FileOutput.standardError.write("Aqueduct: \(failure)\n")
    }

    /// Why a non-empty existing file is no recording to append to, or `nil` when its first line
    /// is a session's header (a file written by a database, an editor or a typo in the path is
    /// refused, and left as it was).
    private static func notARecording(_ file: FileOutput) -> String? {
        let start = file.readPrefix(RecordingLine.longestSessionHeader + 1)
        guard let end = start.firstIndex(of: UInt8(ascii: "\n")), RecordingLine.isSessionHeader(start[..<end]) else {
            return "it is not a recording (its first line is not a recording's session header); "
                + "appending to it would damage it"
        }
        return nil
    }

    private static func open(_ path: String) throws(RecorderError) -> FileOutput {
        do {
            return try FileOutput.appendingPrivately(to: path, refusal: notARecording)
        } catch {
            throw error.isRefusal
                ? .refusedPath(path: path, reason: error.reason) : .cannotOpen(path: path, reason: error.reason)
        }
    }
}
