/// Where a ``LoggerMiddleware`` writes its entries: standard output, standard error, a file, or
/// a closure.
///
/// Each entry is one piece of text — the whole block for one action, ending with an empty
/// line (`"…└────────────────────\n\n"`) — so a printer receives complete entries, and a
/// transcript is the concatenation of what it received.
///
/// ```swift
/// let logger = LoggerMiddleware<AppAction, AppState>(printer: .standardError)
/// let fileLogger = LoggerMiddleware<AppAction, AppState>(printer: try .file("/tmp/actions.log"))
/// let testLogger = LoggerMiddleware<AppAction, AppState>(printer: .closure { text in transcript += text })
/// ```
///
/// Standard output and standard error are written with `write(2)` on their own descriptor,
/// never through the C streams and without flushing them, so a printer never waits on another
/// stream — not even on standard input, whose lock a thread blocked in `readLine()` holds. Text
/// an app writes with `print` goes through the C stream's buffer, which is flushed at each
/// newline on a terminal; to interleave `print` and a printer on a redirected stream in order,
/// print through the printer too, or flush after `print`. A file is opened once, when the printer is made, in append mode, and
/// closed when the last copy of the printer goes away.
///
/// `LogPrinter` is a `Sendable` value; the logger calls it on the main actor.
public struct LogPrinter: Sendable {
    private let write: @MainActor @Sendable (String) -> Void

    /// Creates a printer from a function that receives each entry.
    ///
    /// The same as ``closure(_:)``; use it to forward entries to another logging system.
    ///
    /// ```swift
    /// let printer = LogPrinter { entry in osLogger.debug("\(entry)") }
    /// ```
    ///
    /// - Parameter write: Receives each entry, ending with `"\n\n"`, on the main actor.
    public init(_ write: @escaping @MainActor @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes to the process's standard output (the default), with `write(2)` on descriptor 1.
    ///
    /// ```swift
    /// let logger = LoggerMiddleware<AppAction, AppState>(printer: .standardOutput)
    /// ```
    public static var standardOutput: LogPrinter {
        let output = FileOutput.standardOutput
        return LogPrinter { output.write($0) }
    }

    /// Writes to the process's standard error, with `write(2)` on descriptor 2, keeping
    /// standard output for the program's own output.
    ///
    /// ```swift
    /// let logger = LoggerMiddleware<AppAction, AppState>(printer: .standardError)
    /// ```
    public static var standardError: LogPrinter {
        let output = FileOutput.standardError
        return LogPrinter { output.write($0) }
    }

    /// Appends to a file, creating it if needed.
    ///
    /// The file is opened here, so a path that cannot be written is reported now rather than
    /// at the first action. Several printers, in one process or several, may append to the
    /// same file: each entry is written with one `write(2)` in append mode.
    ///
    /// ```swift
    /// let printer = try LogPrinter.file(logDirectory + "/actions.log")
    /// ```
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The printer.
    /// - Throws: ``LogPrinterError`` when the file cannot be opened for appending (a missing
    ///   directory, a directory at `path`, no permission…).
    public static func file(_ path: String) throws(LogPrinterError) -> LogPrinter {
        let output: FileOutput
        do {
            output = try FileOutput.appending(to: path)
        } catch {
            throw LogPrinterError(path: path, code: error.code, reason: error.reason)
        }
        return LogPrinter { output.write($0) }
    }

    /// Hands each entry to a closure, for tests and for forwarding to another logging system.
    ///
    /// ```swift
    /// @MainActor final class Transcript { var text = "" }
    /// let transcript = Transcript()
    /// let printer = LogPrinter.closure { transcript.text += $0 }
    /// ```
    ///
    /// - Parameter write: Receives each entry, ending with `"\n\n"`, on the main actor.
    /// - Returns: The printer.
    public static func closure(_ write: @escaping @MainActor @Sendable (String) -> Void) -> LogPrinter {
        LogPrinter(write)
    }

    /// Prints one entry. The logger calls this; call it yourself to test a custom printer.
    ///
    /// ```swift
    /// LogPrinter.standardError.print("┌─▶ ping\n└────────────────────\n\n")
    /// ```
    ///
    /// - Parameter entry: The text to print, as the logger formats it.
    @MainActor
    public func print(_ entry: String) {
        write(entry)
    }
}
