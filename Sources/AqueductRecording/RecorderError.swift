import Aqueduct

/// Why a recorder could not record: its file cannot be opened, written or rotated.
///
/// ```swift
/// do {
///     let recorder = try RecorderMiddleware<AppAction, AppState>(path: "/no-such-folder/session.jsonl")
///     // …
/// } catch {
///     print(error)  // cannot record to /no-such-folder/session.jsonl: No such file or directory. Choose a file …
/// }
/// ```
///
/// `RecorderError` is a `Sendable`, `Equatable` value; its description says what happened and
/// what to do.
public enum RecorderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording file cannot be opened for appending (or created).
    case cannotOpen(path: String, reason: String)
    /// The path names something a recording must not be written to: a symbolic link, a FIFO, a
    /// device, a socket, a directory, a file with other hard links, or a file that is not a
    /// recording (not empty, and its first line not a session's header). A recording is a private
    /// regular file (mode 0600); the path is a mistake, not a file system that refused.
    case refusedPath(path: String, reason: String)
    /// Writing to the recording file failed (a full disk, a removed device); recording stopped.
    case writeFailed(path: String, reason: String)
    /// Moving the full file aside (to `path.1`) failed; recording stopped.
    case rotationFailed(path: String, reason: String)
    /// The size cap, the number of rotated files or a backlog bound is out of range.
    case invalidLimit(String)

    /// What happened, and what to do about it.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot record to \(path): \(reason). Choose a file in a directory you can write to."
        case .refusedPath(let path, let reason):
            "will not record to \(path): \(reason). A recording is a private regular file: give the path of one, "
                + "or of one to create."
        case .writeFailed(let path, let reason):
            "recording to \(path) stopped: writing failed: \(reason). The lines written so far are complete."
        case .rotationFailed(let path, let reason):
            "recording to \(path) stopped: moving the full file aside failed: \(reason)."
        case .invalidLimit(let text):
            "invalid recorder limit: \(text)"
        }
    }
}
