extension ActionRecording {
    /// A line ``ActionRecording`` skipped: the last line of a file, which did not decode.
    ///
    /// A recorder writes each record as one complete line, so only the line being written when
    /// its process was killed can be cut short. Reading skips it rather than failing, and says
    /// so with this warning.
    ///
    /// ```swift
    /// for warning in recording.warnings {
    ///     print("warning: \(warning)")
    ///     // warning: line 7 skipped: the last line does not decode (not a JSON object (…)); …
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

        /// `line N skipped: the last line does not decode (<reason>); it was probably cut short
        /// when the recording process stopped`.
        public var description: String {
            "line \(line) skipped: the last line does not decode (\(reason)); "
                + "it was probably cut short when the recording process stopped"
        }
    }
}
