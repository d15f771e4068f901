/// The error ``LogPrinter/file(_:)`` throws when it cannot open its log file for appending.
///
/// ```swift
/// do {
///     _ = try LogPrinter.file(path)
///     Issue.record("opening \(path) should have failed")
/// } catch {
///     #expect(error.path == path)
///     #expect(error.code == ENOENT)
///     #expect(error.description == "Cannot open log file \"\(path)\" for appending: No such file or directory")
/// }
/// ```
public struct LogPrinterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that could not be opened.
    public let path: String
    /// The system error number (`errno`), for example `ENOENT` or `EACCES`.
    public let code: Int32
    /// The system's text for ``code``, for example "Permission denied".
    public let reason: String

    /// Creates the error.
    ///
    /// - Parameters:
    ///   - path: The path that could not be opened.
    ///   - code: The system error number.
    ///   - reason: The system's text for `code`.
    public init(path: String, code: Int32, reason: String) {
        self.path = path
        self.code = code
        self.reason = reason
    }

    /// `Cannot open log file "<path>" for appending: <reason>`.
    public var description: String {
        "Cannot open log file \"\(path)\" for appending: \(reason)"
    }
}
