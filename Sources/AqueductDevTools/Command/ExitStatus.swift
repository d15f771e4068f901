/// The exit statuses of `AqueductDevTools`, from BSD's `sysexits.h`, so that scripts can tell a
/// mistake in the command from a bad recording and from a place the report cannot be written.
enum ExitStatus: Int32, Sendable {
    /// The report was written, or `serve` was stopped.
    case success = 0
    /// `EX_USAGE`: the command line is wrong (unknown command or option, missing argument).
    case usage = 64
    /// `EX_DATAERR`: the recording is not one (a line that does not decode, a line too long,
    /// `seq` out of order).
    case dataError = 65
    /// `EX_NOINPUT`: the recording does not exist or cannot be opened.
    case noInput = 66
    /// `EX_UNAVAILABLE`: `serve` cannot listen on the port it was given (another program does).
    case unavailable = 69
    /// `EX_CANTCREAT`: the report cannot be created where `--output` says.
    case cannotCreate = 73
    /// `EX_IOERR`: reading the recording or writing the report failed part way.
    case ioError = 74
}
