/// Where a ``LoggerMiddleware`` writes its entries: standard output, standard error, a file, or
/// a closure.
///
/// Each entry is one piece of text — the whole block for one action, ending with an empty
/// line (`"…└────────────────────\n\n"`) — so a printer receives complete entries, and a
/// transcript is the concatenation of what it received.
///
/// ```swift
/// let output = LogPrinter.standardOutput
/// let store = Store(
///     initialState: 0,
///     reducer: counter,
///     middleware: LoggerMiddleware(printer: .standardError) <> CounterMiddleware(output: output)
/// )
/// ```
///
/// Standard output and standard error are written with `write(2)` on the descriptor, not
/// through the C streams, and nothing else is flushed. Text the program wrote with `print` may
/// sit in the C library's buffer (standard output to a pipe or a file is buffered) and appear
/// after entries logged since: write the program's own output with the same printer
/// (`LogPrinter.standardOutput.print(…)`), or log to standard error, which is not buffered. A
/// file is opened once, when the printer is made, in append mode, and closed when the last
/// copy of the printer goes away.
///
/// `LogPrinter` is a `Sendable` value; the logger calls it on the main actor.
public struct LogPrinter: Sendable {
    private let write: @MainActor @Sendable (String) -> Void

    private init(_ write: @escaping @MainActor @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes to the process's standard output (the default).
    ///
    /// Each entry is one `write(2)` to descriptor 1; text `print` left in the C library's
    /// buffer is not flushed first (see ``LogPrinter``).
    ///
    /// ```swift
    /// let output = LogPrinter.standardOutput
    /// ```
    public static var standardOutput: LogPrinter {
        let output = FileOutput.standardOutput
        return LogPrinter { output.write($0) }
    }

    /// Writes to the process's standard error, keeping standard output for the program's
    /// own output.
    ///
    /// ```swift
    /// middleware: LoggerMiddleware(printer: .standardError) <> CounterMiddleware(output: output)
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
    /// let logger = LoggerMiddleware<AppAction, AppState>(printer: try .file(path))
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
    /// var printer: LogPrinter {
    ///     .closure { entry in
    ///         self.text += entry
    ///         self.entries.append(entry)
    ///     }
    /// }
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
    /// output.print("Counter. Type +, -, reset, later (adds one a second later) or quit.\n")
    /// ```
    ///
    /// - Parameter entry: The text to print, as the logger formats it.
    @MainActor
    public func print(_ entry: String) {
        write(entry)
    }
}
