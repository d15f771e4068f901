import Aqueduct
import AqueductRecording
import CheckInAdapters

/// Why LifeSignal could not start with the options it was given. A `Sendable` value; its
/// description is a sentence for a person, naming the file or directory at fault.
///
/// ```swift
/// do { backend = try LifeSignalBackend.open(options) } catch { print(error); exit(error.exitStatus) }
/// ```
public enum LifeSignalStartupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data directory could not be created.
    case dataDirectory(path: String, reason: String)
    /// A database file cannot be used (not a database, corrupt, foreign, newer, …).
    case database(SQLiteStoreError)
    /// The log file cannot be opened.
    case logFile(LogPrinterError)
    /// The `--record` file cannot be opened.
    case recording(RecorderError)

    /// The message: what happened, and what to do about it.
    public var description: String {
        switch self {
        case .dataDirectory(let path, let reason):
            "LifeSignal: cannot use the data directory \(path): \(reason). "
                + "Choose another one with --data-dir or LIFESIGNAL_DATA_DIR."
        case .database(.cannotOpen(let path, let reason)):
            "LifeSignal: cannot open the check-in database \(path): \(reason). "
                + "Move it out of the way, fix its permissions, or choose another data directory with --data-dir."
        case .database(let error):
            "LifeSignal: \(error)"
        case .logFile(let error):
            "LifeSignal: cannot open the log file: \(error). Choose another one with --log FILE, or --log - for standard error."
        case .recording(let error):
            "LifeSignal: \(error)"
        }
    }

    /// The process exit status: 64 (`EX_USAGE`) for a `--record` path that is no place for a
    /// recording (a link, a FIFO, LifeSignal's own database or log, a file that is not a
    /// recording); 73 (`EX_CANTCREAT`) for the directory, the log and a recording that cannot be
    /// created; 65 (`EX_DATAERR`) for a
    /// database.
    public var exitStatus: Int32 {
        switch self {
        case .recording(.refusedPath): 64
        case .dataDirectory, .logFile, .recording: 73
        case .database: 65
        }
    }
}
