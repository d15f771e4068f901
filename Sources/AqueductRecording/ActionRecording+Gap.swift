import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ActionRecording {
    /// Actions a recorder processed but did not record, and why: never a silent hole in a
    /// recording.
    ///
    /// A ``RecordingWriter`` holds at most ``RecordingWriter/maximumBacklog`` records waiting to
    /// be written. When a store processes actions faster than the writer writes them, the
    /// actions beyond that bound are dropped, counted, and a gap line is written in their place
    /// once the writer catches up; ``RecordingWriter/flush(timeout:)`` that runs out of time
    /// writes one for what it could not write:
    ///
    /// ```json
    /// {"kind":"gap","time":"2026-11-23T19:21:18.500Z","dropped":1200,"first_seq":8192,"last_seq":9391,
    ///  "reason":"the writer was 65536 records behind"}
    /// ```
    ///
    /// ```swift
    /// for gap in session.gaps {
    ///     print("\(gap.droppedCount) actions not recorded (#\(gap.firstSeq)…#\(gap.lastSeq)): \(gap.reason)")
    /// }
    /// ```
    ///
    /// A `Sendable`, `Hashable` value.
    public struct Gap: Hashable, Sendable {
        /// How many actions were not recorded.
        public var droppedCount: Int
        /// The `seq` of the first action not recorded.
        public var firstSeq: Int
        /// The `seq` of the last action not recorded.
        public var lastSeq: Int
        /// Why they were not recorded.
        public var reason: String
        /// When the gap was written.
        public var time: Date
        /// Where the gap is in its session: the number of the session's records before it.
        public var position: Int

        /// Creates a gap.
        ///
        /// - Parameters:
        ///   - droppedCount: How many actions were not recorded.
        ///   - firstSeq: The `seq` of the first.
        ///   - lastSeq: The `seq` of the last.
        ///   - reason: Why.
        ///   - time: When the gap was written.
        ///   - position: The number of the session's records before it.
        public init(droppedCount: Int, firstSeq: Int, lastSeq: Int, reason: String, time: Date, position: Int) {
            self.droppedCount = droppedCount
            self.firstSeq = firstSeq
            self.lastSeq = lastSeq
            self.reason = reason
            self.time = time
            self.position = position
        }
    }
}
