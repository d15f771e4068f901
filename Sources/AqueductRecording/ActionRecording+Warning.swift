import Aqueduct

extension ActionRecording {
    /// A line ``ActionRecording`` skipped: a record cut short, the last line of the file or of
    /// a session.
    ///
    /// A recorder writes each record as one complete line, so only the line being written when
    /// its process was killed can be cut short; a later session appended to the same file starts
    /// on a line of its own. Reading skips such a line rather than failing, and says so with
    /// this warning.
    ///
    /// ```swift
    /// for warning in recording.warnings {
    ///     print("warning: \(warning)")
    ///     // warning: line 2 skipped: it was cut short (not a JSON object (…)) when the process …
    /// }
    /// ```
    public struct Warning: Hashable, Sendable, CustomStringConvertible {
        /// The number of the skipped line, from 1.
        public let line: Int
        /// Why it did not decode.
        public let reason: String

        /// Creates a warning.
        ///
        /// - Parameters:
        ///   - line: The number of the skipped line, from 1.
        ///   - reason: Why it did not decode.
        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }

        /// `line N skipped: it was cut short (<reason>) when the process recording it stopped`.
        public var description: String {
            "line \(line) skipped: it was cut short (\(reason)) when the process recording it stopped"
        }
    }
}
