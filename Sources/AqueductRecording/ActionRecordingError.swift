import Aqueduct

/// Why ``ActionRecording`` could not read a recording.
///
/// Each case names the line (from 1) or the file, and its description says what to do.
///
/// ```swift
/// do {
///     let recording = try ActionRecording(contentsOf: path)
///     // …
/// } catch {
///     print(error)  // line 2 does not decode: field `seq` is missing. Only the last line …
/// }
/// ```
public enum ActionRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened: it does not exist, is a directory, or may not be read.
    case cannotOpen(path: String, reason: String)
    /// Reading the file failed part way.
    case readFailed(path: String, reason: String)
    /// A line is longer than the limit; reading stopped before holding it in memory.
    case lineTooLong(line: Int, limit: Int)
    /// A line that is not the last does not decode as an ``ActionRecord``.
    case undecodableLine(line: Int, reason: String)
    /// A line's `seq` is not greater than the previous line's in the same session.
    case seqNotIncreasing(line: Int, seq: Int, previous: Int)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "Cannot open the recording \"\(path)\": \(reason)."
        case .readFailed(let path, let reason):
            "Cannot read the recording \"\(path)\": \(reason)."
        case .lineTooLong(let line, let limit):
            "line \(line) is longer than \(limit) bytes, the most a record may take; "
                + "this is not a recording, or raise the limit if its states are that large."
        case .undecodableLine(let line, let reason):
            "line \(line) does not decode: \(reason). Only the last line of a recording may be incomplete; "
                + "fix or remove line \(line)."
        case .seqNotIncreasing(let line, let seq, let previous):
            "line \(line) has seq \(seq), not greater than the previous line's \(previous) in the same session: "
                + "lines out of order, or a second session with no session header before it "
                + "(a recorder older than the header); split the file where seq starts again."
        }
    }
}
