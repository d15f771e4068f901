#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A recording read back: the ``ActionRecord``s of a JSON Lines file, in order, and what was
/// skipped on the way.
///
/// ```swift
/// let recording = try ActionRecording(contentsOf: "session.jsonl")
/// for warning in recording.warnings { print("warning: \(warning)") }
/// for record in recording.records where record.cause == nil {
///     print("#\(record.seq) \(record.action.description)")
/// }
/// ```
///
/// Reading is line by line, each line decoded as it arrives, so memory holds one line of text
/// at a time beside the records. What it accepts:
/// - Blank lines are ignored.
/// - A last line that does not decode is skipped with a ``Warning``: it is what a process that
///   was killed while writing leaves behind.
/// - Any other line that does not decode stops the reading with
///   ``ActionRecordingError/undecodableLine(line:reason:)``, naming the line.
/// - `seq` must grow from line to line (a file that holds two sessions of a store does not:
///   ``ActionRecordingError/seqNotIncreasing(line:seq:previous:)``).
/// - A line longer than `maximumLineLength` bytes stops the reading with
///   ``ActionRecordingError/lineTooLong(line:limit:)`` before it is held in memory.
///
/// `ActionRecording` is a value: `Sendable`.
public struct ActionRecording: Sendable {
    /// The longest line read by default: 4 MiB, far above what a record of a state diff (at most
    /// a few hundred changes of 1,000 characters) takes.
    public static let defaultMaximumLineLength = 4 << 20

    /// The records, in the order of the file.
    public var records: [ActionRecord]
    /// What was skipped while reading; empty for a file written to the end.
    public var warnings: [Warning]

    /// Creates a recording from records already in memory.
    ///
    /// - Parameters:
    ///   - records: The records, in order.
    ///   - warnings: What was skipped reading them.
    public init(records: [ActionRecord], warnings: [Warning] = []) {
        self.records = records
        self.warnings = warnings
    }

    /// Reads a recording file.
    ///
    /// ```swift
    /// let recording = try ActionRecording(contentsOf: "session.jsonl")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - maximumLineLength: The longest line accepted, in bytes.
    /// - Throws: ``ActionRecordingError``: the file cannot be opened or read, or a line is too
    ///   long, does not decode (other than the last) or does not follow its predecessor's `seq`.
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
    /// Splits bytes into lines and decodes each, keeping the last failure until it is known
    /// whether another line follows it.
    private struct Reader {
        let maximumLineLength: Int
        var records: [ActionRecord] = []
        var warnings: [Warning] = []
        /// The bytes of the line being read, since its last newline.
        var pending: [UInt8] = []
        /// The number of the line being read, from 1.
        var lineNumber = 1
        /// A line that did not decode, with the reason: an error if another line follows.
        var failure: (line: Int, reason: String)?
        let decoder = JSONDecoder()

        init(maximumLineLength: Int) {
            self.maximumLineLength = max(maximumLineLength, 1)
        }

        mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>) throws(ActionRecordingError) {
            var start = 0
            while let end = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try append(chunk[start..<end])
                try endLine()
                start = end + 1
            }
            try append(chunk[start...])
        }

        mutating func finish() throws(ActionRecordingError) -> ActionRecording {
            try endLine()
            if let failure {
                warnings.append(Warning(line: failure.line, reason: failure.reason))
            }
            return ActionRecording(records: records, warnings: warnings)
        }

        private mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) throws(ActionRecordingError) {
            guard pending.count + bytes.count <= maximumLineLength else {
                throw .lineTooLong(line: lineNumber, limit: maximumLineLength)
            }
            pending.append(contentsOf: bytes)
        }

        private mutating func endLine() throws(ActionRecordingError) {
            defer {
                pending.removeAll(keepingCapacity: pending.count <= 1 << 16)
                lineNumber += 1
            }
            if pending.allSatisfy(Self.isBlank) { return }
            if let failure { throw .undecodableLine(line: failure.line, reason: failure.reason) }
            let record: ActionRecord
            do {
                record = try decoder.decode(ActionRecord.self, from: Data(pending))
            } catch {
                failure = (lineNumber, Self.reason(for: error))
                return
            }
            if let previous = records.last, record.seq <= previous.seq {
                throw .seqNotIncreasing(line: lineNumber, seq: record.seq, previous: previous.seq)
            }
            records.append(record)
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }

        /// A decoding error as one sentence: which field and what is wrong with it.
        static func reason(for error: any Error) -> String {
            guard let error = error as? DecodingError else { return "\(error)" }
            func field(_ path: [any CodingKey], _ key: (any CodingKey)? = nil) -> String {
                let names = (path + (key.map { [$0] } ?? [])).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                return names.isEmpty ? "the line" : "field `\(names.joined(separator: "."))`"
            }
            switch error {
            case .keyNotFound(let key, let context):
                return "\(field(context.codingPath, key)) is missing"
            case .valueNotFound(let type, let context):
                return "\(field(context.codingPath)) is null; expected \(type)"
            case .typeMismatch(_, let context) where context.codingPath.isEmpty:
                return "not a JSON object"
            case .typeMismatch(let type, let context):
                return "\(field(context.codingPath)) is not \(Self.typeName(type))"
            case .dataCorrupted(let context):
                if context.codingPath.isEmpty {
                    return "not a JSON object (\(context.debugDescription))"
                }
                return "\(field(context.codingPath)): \(context.debugDescription)"
            @unknown default:
                return "\(error)"
            }
        }

        private static func typeName(_ type: Any.Type) -> String {
            switch type {
            case is String.Type: "a string"
            case is Int.Type, is UInt.Type, is UInt64.Type, is Int64.Type: "a whole number"
            case is Bool.Type: "true or false"
            default: "\(type)".hasPrefix("Array") ? "an array" : "an object"
            }
        }
    }
}
