import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A recording read back: the sessions of a JSON Lines file, their ``ActionRecord``s in order,
/// the gaps where a recorder dropped actions, and what was skipped on the way. Here `path` is the
/// recording file's path:
///
/// ```swift
/// let recording = try ActionRecording(contentsOf: path)
/// for warning in recording.warnings { print("warning: \(warning)") }
/// for record in recording.records where record.cause == nil {
///     print("#\(record.seq) \(record.action.description)")
/// }
/// ```
///
/// Reading is line by line, each line decoded as it arrives, so memory holds one line of text
/// at a time beside the records. What it accepts:
/// - Blank lines are ignored.
/// - A session header (`{"kind":"session",…}`) starts a ``Session``: a file an app appended
///   to twice holds two, and `seq` starts again in each. Lines before the first header are a
///   session of their own (a recorder that wrote no header).
/// - A gap line (`{"kind":"gap",…}`) says how many actions the recorder dropped, and why
///   (``Gap``).
/// - A line cut short — the start of a JSON object that ends before the object does — is what
///   a process killed while writing leaves behind. As the last line of the file, or followed by
///   the next session's header, it is skipped with a ``Warning``.
/// - Any other line that does not decode — the middle of a file, a JSON array, two objects on
///   one line, binary — stops the reading with
///   ``ActionRecordingError/undecodableLine(line:reason:)``, naming the line.
/// - `seq` must grow from line to line within a session
///   (``ActionRecordingError/seqNotIncreasing(line:seq:previous:)`` otherwise).
/// - A line longer than `maximumLineLength` bytes stops the reading with
///   ``ActionRecordingError/lineTooLong(line:limit:)`` before it is held in memory. The default,
///   ``defaultMaximumLineLength``, is the longest line a ``RecordingWriter`` writes.
///
/// `ActionRecording` is a value: `Sendable`.
public struct ActionRecording: Sendable {
    /// The longest line of a recording: 4 MiB. A ``RecordingWriter`` never writes a longer one
    /// (it shortens a record that would be, saying so in the record), and reading refuses one by
    /// default, before holding it in memory.
    public static let defaultMaximumLineLength = 4 << 20

    /// The records of every session, in the order of the file.
    public var records: [ActionRecord]
    /// The sessions, in the order of the file; their records together are ``records``.
    public var sessions: [Session]
    /// What was skipped while reading; empty for a file written to the end.
    public var warnings: [Warning]

    /// Creates a recording of one session from records already in memory.
    ///
    /// - Parameters:
    ///   - records: The records, in order.
    ///   - warnings: What was skipped reading them.
    public init(records: [ActionRecord], warnings: [Warning] = []) {
        self.records = records
        self.sessions = [Session(records: records)]
        self.warnings = warnings
    }

    /// Creates a recording from sessions already in memory.
    ///
    /// ```swift
    /// let recording = ActionRecording(sessions: [Session(records: first), Session(start: Date(), records: second)])
    /// ```
    ///
    /// - Parameters:
    ///   - sessions: The sessions, in order.
    ///   - warnings: What was skipped reading them.
    public init(sessions: [Session], warnings: [Warning] = []) {
        self.records = sessions.flatMap(\.records)
        self.sessions = sessions
        self.warnings = warnings
    }

    /// Reads a recording file.
    ///
    /// ```swift
    /// let recording = try ActionRecording(contentsOf: path)
    /// ```
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - maximumLineLength: The longest line accepted, in bytes.
    /// - Throws: ``ActionRecordingError``: the file cannot be opened or read, or a line is too
    ///   long, does not decode (other than a line cut short at the end of a session) or does not
    ///   follow its predecessor's `seq`.
    /// - Complexity: O(*n*) in the size of the file.
    public init(
        contentsOf path: String,
        maximumLineLength: Int = defaultMaximumLineLength
    ) throws(ActionRecordingError) {
        var reader = Reader(maximumLineLength: maximumLineLength)
        try RecordingFile.forEachChunk(of: path) { chunk throws(ActionRecordingError) in
            try reader.consume(chunk)
        }
        self = try reader.finish()
    }

    /// Reads a recording from the text of a JSON Lines file.
    ///
    /// ```swift
    /// let recording = try ActionRecording(jsonLines: Array(text.utf8))
    /// ```
    ///
    /// - Parameters:
    ///   - jsonLines: The file's bytes, UTF-8.
    ///   - maximumLineLength: The longest line accepted, in bytes.
    /// - Throws: ``ActionRecordingError`` as ``init(contentsOf:maximumLineLength:)`` does,
    ///   except for opening and reading.
    /// - Complexity: O(*n*) in the number of bytes.
    public init(
        jsonLines: [UInt8],
        maximumLineLength: Int = defaultMaximumLineLength
    ) throws(ActionRecordingError) {
        var reader = Reader(maximumLineLength: maximumLineLength)
        try jsonLines.withUnsafeBufferPointer { bytes throws(ActionRecordingError) in
            try reader.consume(bytes)
        }
        self = try reader.finish()
    }
}

extension ActionRecording {
    /// Splits bytes into lines and decodes each, keeping a line that did not decode until it is
    /// known what follows it.
    private struct Reader {
        let maximumLineLength: Int
        var records: [ActionRecord] = []
        var sessions: [Session] = []
        var warnings: [Warning] = []
        /// The bytes of the line being read, since its last newline. `Data`, whose appends and
        /// reads are plain memory copies even in a debug build.
        var pending = Data()
        /// The number of the line being read, from 1.
        var lineNumber = 1
        /// A line that did not decode: a warning if it was cut short and ends its session, an
        /// error otherwise.
        var failure: (line: Int, reason: String, isCut: Bool)?

        init(maximumLineLength: Int) {
            self.maximumLineLength = max(maximumLineLength, 1)
        }

        mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws(ActionRecordingError) {
            guard let base = chunk.baseAddress else { return }
            var start = 0
            // `memchr`, not a generic search: the tool that reads recordings runs in debug builds.
            while start < chunk.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), chunk.count - start)
            {
                let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                try append(base + start, count: end - start)
                try endLine()
                start = end + 1
            }
            try append(base + start, count: chunk.count - start)
        }

        mutating func finish() throws(ActionRecordingError) -> ActionRecording {
            try endLine()
            if let failure {
                guard failure.isCut else { throw .undecodableLine(line: failure.line, reason: failure.reason) }
                warnings.append(Warning(line: failure.line, reason: failure.reason))
            }
            var recording = ActionRecording(sessions: [], warnings: warnings)
            recording.sessions = sessions
            recording.records = records
            return recording
        }

        private mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int) throws(ActionRecordingError) {
            guard pending.count + count <= maximumLineLength else {
                throw .lineTooLong(line: lineNumber, limit: maximumLineLength)
            }
            if count > 0 { pending.append(bytes, count: count) }
        }

        private mutating func endLine() throws(ActionRecordingError) {
            defer {
                pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
                lineNumber += 1
            }
            if pending.allSatisfy(Self.isBlank) { return }
            pending.append(0)  // the NUL the parser stops at
            defer { pending.removeLast() }
            let decoded = pending.withUnsafeBytes {
                (raw: UnsafeRawBufferPointer) -> Result<RecordingLine, RecordFields.Failure> in
                let parsed: ParsedJSON
                do {
                    parsed = try ParsedJSON(parsing: raw.bindMemory(to: UInt8.self))
                } catch {
                    return .failure(RecordFields.Failure(reason: "not a JSON object (\(error))"))
                }
                return Result { () throws(RecordFields.Failure) in try RecordingLine(fields: RecordFields(parsed)) }
            }
            let line: RecordingLine
            switch decoded {
            case .success(let decodedLine):
                line = decodedLine
            case .failure(let error):
                if let failure { throw .undecodableLine(line: failure.line, reason: failure.reason) }
                failure = (lineNumber, error.reason, Self.isCutShort(Array(pending)))
                return
            }
            if let failure {
                // Only the next session's header may follow a line cut short: the process that
                // was writing it stopped, and a later one appended.
                guard failure.isCut, case .session = line else {
                    throw .undecodableLine(line: failure.line, reason: failure.reason)
                }
                warnings.append(Warning(line: failure.line, reason: failure.reason))
                self.failure = nil
            }
            switch line {
            case .session(let start, let process):
                sessions.append(Session(start: start, process: process, line: lineNumber))
            case .gap(let droppedCount, let firstSeq, let lastSeq, let reason, let time):
                if sessions.isEmpty { sessions.append(Session()) }
                let position = sessions[sessions.count - 1].records.count
                sessions[sessions.count - 1].gaps.append(
                    Gap(
                        droppedCount: droppedCount,
                        firstSeq: firstSeq,
                        lastSeq: lastSeq,
                        reason: reason,
                        time: time,
                        position: position
                    )
                )
            case .action(let record):
                if sessions.isEmpty { sessions.append(Session()) }
                if let previous = sessions[sessions.count - 1].records.last, record.seq <= previous.seq {
                    throw .seqNotIncreasing(line: lineNumber, seq: record.seq, previous: previous.seq)
                }
                sessions[sessions.count - 1].records.append(record)
                records.append(record)
            }
        }

        /// Whether a line is the start of a JSON object cut before its end: its first character
        /// opens an object, and the text ends inside it (or inside a string). A whole value
        /// followed by more, an array, or a line that is not JSON at all is not cut short.
        static func isCutShort(_ line: [UInt8]) -> Bool {
            guard let first = line.firstIndex(where: { !isBlank($0) }), line[first] == UInt8(ascii: "{") else {
                return false
            }
            var depth = 0
            var inString = false
            var escaped = false
            for byte in line[first...] {
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth <= 0 { return false }  // the value ended: whatever follows is not a cut
                default: break
                }
            }
            return true
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }
    }
}
