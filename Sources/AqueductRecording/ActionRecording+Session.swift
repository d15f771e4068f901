import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ActionRecording {
    /// One session of a recording: what one ``RecordingWriter`` wrote from its opening to its
    /// process's end — the records, with `seq` growing from the first, and the gaps where the
    /// recorder dropped actions.
    ///
    /// A recording file may hold several sessions: an app run twice with the same `--record`
    /// path appends a second session after the first. Each begins with a header line, so its
    /// `seq` may start again from 0:
    ///
    /// ```json
    /// {"kind":"session","format":1,"time":"2026-11-23T19:21:16.250Z","process":4211}
    /// ```
    ///
    /// ```swift
    /// let recording = try ActionRecording(contentsOf: path)
    /// for session in recording.sessions {
    ///     let start = session.start.map { "\($0)" } ?? "before any session header"
    ///     print("session from \(start): \(session.records.count) actions")
    /// }
    /// ```
    ///
    /// Lines before the first header — a file an older recorder wrote — are a session with no
    /// ``start``. A `Sendable`, `Hashable` value.
    public struct Session: Hashable, Sendable {
        /// When the writer opened the session, or `nil` for lines before any header.
        public var start: Date?
        /// The process that wrote the session, or `nil` when the header does not say.
        public var process: Int?
        /// The number of the header's line, from 1, or `nil` for lines before any header.
        public var line: Int?
        /// The session's records, in order: `seq` grows from one to the next.
        public var records: [ActionRecord]
        /// Where the recorder dropped actions, in order.
        public var gaps: [Gap]

        /// Creates a session.
        ///
        /// - Parameters:
        ///   - start: When the writer opened it, or `nil`.
        ///   - process: The process that wrote it, or `nil`.
        ///   - line: The number of its header's line, or `nil`.
        ///   - records: Its records, in order.
        ///   - gaps: Its gaps, in order.
        public init(
            start: Date? = nil,
            process: Int? = nil,
            line: Int? = nil,
            records: [ActionRecord] = [],
            gaps: [Gap] = []
        ) {
            self.start = start
            self.process = process
            self.line = line
            self.records = records
            self.gaps = gaps
        }
    }
}
