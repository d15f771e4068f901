import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a recording — one ``ActionRecord`` a line — to a JSON Lines file, off the main actor,
/// with a size cap and rotation. ``RecorderMiddleware`` hands it each processed action.
///
/// ```swift
/// let writer = try RecordingWriter(path: "session.jsonl", maximumFileSize: 8 << 20, rotatedFiles: 2)
/// let store = Store(initialState: AppState(), reducer: appReducer,
///                   middleware: RecorderMiddleware(writer: writer) <> appMiddleware)
/// // …
/// writer.flush()  // before the process exits
/// ```
///
/// ## What it guarantees
/// - **Off the main actor.** The main actor only appends a closure to a locked list; building
///   the record (the state diff, the action's encoding, the info lines) and writing happen on
///   the writer's own serial queue, in batches.
/// - **Whole lines.** Each `write(2)` holds whole lines only, so a process killed at any point
///   leaves complete lines, and at worst one torn last line if the kernel wrote part of a batch
///   (``ActionRecording`` skips it with a warning). Records still in memory when a process is
///   killed are lost; call ``flush()`` before a planned exit.
/// - **Size cap.** Before a line would take the file past `maximumFileSize`, the file is moved
///   to `path.1` (`path.1` to `path.2`, and so on, the oldest beyond `rotatedFiles` removed)
///   and a new file is started. A line longer than the cap gets a file of its own. A record's
///   cause may then be in an older file.
/// - **Errors.** A path that cannot be opened throws ``RecorderError/cannotOpen(path:reason:)``
///   from the initialiser. A write or rotation that fails later stops the recording: ``failure``
///   says why, standard error says it once, and the app goes on.
///
/// `RecordingWriter` is `Sendable`: its methods may be called from any isolation.
public final class RecordingWriter: Sendable {
    /// The default size cap: 64 MiB.
    public static let defaultMaximumFileSize = 64 << 20

    /// The file the writer appends to.
    public let path: String
    /// The size a file may reach before it is rotated, in bytes.
    public let maximumFileSize: Int
    /// How many full files are kept beside ``path`` (`path.1` the newest).
    public let rotatedFiles: Int

    private let queue = DispatchQueue(label: "Aqueduct.RecordingWriter")
    /// Records waiting to be built and written, and whether a drain is scheduled.
    private let pending = LockedValue(Pending())
    /// The open file and the first failure; touched on ``queue`` only (the lock is never
    /// contended; it is what makes the state `Sendable`).
    private let file: LockedValue<FileState>

    private struct Pending: Sendable {
        var renders: [@Sendable () -> ActionRecord] = []
        var isDrainScheduled = false
    }

    private struct FileState: Sendable {
        var output: FileOutput?
        var size: Int
        var failure: RecorderError?
    }

    /// Opens (or creates) the file at `path` for appending.
    ///
    /// - Parameters:
    ///   - path: The recording file. An existing file is appended to.
    ///   - maximumFileSize: The size a file may reach before it is rotated, in bytes (at least 1).
    ///   - rotatedFiles: How many full files to keep (`path.1` … `path.N`); 0 keeps none.
    /// - Throws: ``RecorderError/cannotOpen(path:reason:)`` when the file cannot be opened or
    ///   created; ``RecorderError/invalidLimit(_:)`` for a size below 1 or a negative count.
    public init(
        path: String,
        maximumFileSize: Int = defaultMaximumFileSize,
        rotatedFiles: Int = 3
    ) throws(RecorderError) {
        guard maximumFileSize >= 1 else {
            throw .invalidLimit("maximumFileSize is \(maximumFileSize); it must be 1 or more")
        }
        guard rotatedFiles >= 0 else { throw .invalidLimit("rotatedFiles is \(rotatedFiles); it must be 0 or more") }
        self.path = path
        self.maximumFileSize = maximumFileSize
        self.rotatedFiles = rotatedFiles
        let output = try Self.open(path)
        self.file = LockedValue(FileState(output: output, size: output.size, failure: nil))
    }

    /// Why recording stopped, or `nil` while it goes on.
    public var failure: RecorderError? {
        file.withLock { $0.failure }
    }

    /// Waits until every record handed over so far is written to the file.
    ///
    /// Blocks the calling thread; call it before a planned exit, or in a test before reading
    /// the file. Do not call it from the writer's own work.
    public func flush() {
        queue.sync { drain() }
    }

    /// Hands over a record to build and write on the writer's queue, in the order of the calls.
    ///
    /// - Parameter render: Builds the record; called once, off the caller's isolation.
    package func append(_ render: @escaping @Sendable () -> ActionRecord) {
        let schedule = pending.withLock { pending in
            pending.renders.append(render)
            if pending.isDrainScheduled { return false }
            pending.isDrainScheduled = true
            return true
        }
        if schedule { queue.async { self.drain() } }
    }

    // MARK: On the queue

    /// The bytes gathered before one `write(2)`.
    private static let batchLimit = 1 << 16

    private func drain() {
        let renders = pending.withLock { pending in
            pending.isDrainScheduled = false
            defer { pending.renders.removeAll(keepingCapacity: true) }
            return pending.renders
        }
        if renders.isEmpty { return }
        file.withLock { state in
            guard state.failure == nil else { return }
            var batch = ""
            for render in renders {
                let line: String
                do {
                    line = try render().jsonLine() + "\n"
                } catch {
                    continue  // a value with a number JSON cannot write: the record is skipped
                }
                let length = line.utf8.count
                if state.size + batch.utf8.count + length > maximumFileSize, state.size + batch.utf8.count > 0 {
                    guard write(&batch, to: &state), rotate(&state) else { return }
                }
                batch += line
                if batch.utf8.count >= Self.batchLimit {
                    guard write(&batch, to: &state) else { return }
                }
            }
            _ = write(&batch, to: &state)
        }
    }

    /// Writes the batch and empties it; on failure, stops the recording.
    private func write(_ batch: inout String, to state: inout FileState) -> Bool {
        guard !batch.isEmpty, let output = state.output else { return state.output != nil }
        if let reason = output.writeAll(batch) {
            stop(&state, .writeFailed(path: path, reason: reason))
            return false
        }
        state.size += batch.utf8.count
        batch = ""
        return true
    }

    /// Moves the full file aside and opens a new one.
    private func rotate(_ state: inout FileState) -> Bool {
        state.output = nil  // closes it
        if rotatedFiles == 0 {
            unlink(path)
        } else {
            unlink("\(path).\(rotatedFiles)")
            for index in stride(from: rotatedFiles - 1, through: 1, by: -1) {
                rename("\(path).\(index)", "\(path).\(index + 1)")
            }
            if rename(path, "\(path).1") != 0, errno != ENOENT {
                stop(&state, .rotationFailed(path: path, reason: String(cString: strerror(errno))))
                return false
            }
        }
        do {
            state.output = try Self.open(path)
            state.size = 0
            return true
        } catch {
            stop(&state, error)
            return false
        }
    }

    private func stop(_ state: inout FileState, _ failure: RecorderError) {
        state.failure = failure
        state.output = nil
        FileOutput.standardError.write("Aqueduct: \(failure)\n")
    }

    private static func open(_ path: String) throws(RecorderError) -> FileOutput {
        do {
            return try FileOutput.appending(to: path)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
    }
}
