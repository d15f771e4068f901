import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One line of a recording file, as written and read: an action's ``ActionRecord`` (a line with
/// no `kind`), a session's header (`"kind":"session"`) or a gap (`"kind":"gap"`). The one place
/// that knows the two lines besides the record.
enum RecordingLine: Decodable {
    case action(ActionRecord)
    case session(start: Date, process: Int?)
    case gap(droppedCount: Int, firstSeq: Int, lastSeq: Int, reason: String, time: Date)

    /// The format a header announces; a reader refuses a later one.
    static let format = 1

    init(from decoder: any Decoder) throws {
        self = try RecordFields.decode(from: decoder) { value throws(RecordFields.Failure) in
            try RecordingLine(fields: RecordFields(value))
        }
    }

    /// The line of one parsed JSON object.
    init(fields: RecordFields) throws(RecordFields.Failure) {
        guard let kind = try fields.optionalString("kind") else {
            self = .action(try ActionRecord(fields: fields))
            return
        }
        let timeText = try fields.string("time")
        guard let time = RecordTime.parse(timeText) else {
            throw fields.failure("time", "time \"\(timeText)\" is not ISO 8601 (like 2026-11-23T19:21:16.250Z)")
        }
        switch kind {
        case "session":
            let format = try fields.integer("format", as: Int.self)
            guard format <= Self.format else {
                throw fields.failure(
                    "format",
                    "format \(format) is newer than this reader's \(Self.format); update Aqueduct"
                )
            }
            self = .session(start: time, process: try fields.optionalInteger("process", as: Int.self))
        case "gap":
            let dropped = try fields.integer("dropped", as: Int.self)
            let firstSeq = try fields.integer("first_seq", as: Int.self)
            let lastSeq = try fields.integer("last_seq", as: Int.self)
            guard dropped > 0, firstSeq >= 0, lastSeq >= firstSeq else {
                throw fields.failure(
                    "dropped",
                    "a gap drops 1 or more actions, from first_seq ≥ 0 to last_seq ≥ first_seq"
                )
            }
            self = .gap(
                droppedCount: dropped,
                firstSeq: firstSeq,
                lastSeq: lastSeq,
                reason: try fields.string("reason"),
                time: time
            )
        default:
            throw fields.failure("kind", "kind \"\(kind)\" is not one of session, gap (or absent, for an action)")
        }
    }

    /// The most bytes a session's header line may take to be recognised as one (without its
    /// newline): a header is about 80.
    static let longestSessionHeader = 1_024

    /// Whether `line` (without its newline) is a session's header this reader can read.
    static func isSessionHeader(_ line: ArraySlice<UInt8>) -> Bool {
        (Array(line) + [0]).withUnsafeBufferPointer { bytes in
            guard let parsed = try? ParsedJSON(parsing: bytes), let fields = try? RecordFields(parsed),
                case .session = try? RecordingLine(fields: fields)
            else { return false }
            return true
        }
    }

    /// A session's header line, without the newline.
    static func sessionHeader(start: Date, process: Int) -> String {
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.key("kind")
        writer.string("session")
        writer.key("format")
        writer.integer(format)
        writer.key("time")
        RecordTime.write(start, into: &writer)
        writer.key("process")
        writer.integer(process)
        writer.endObject()
        return writer.text
    }

    /// A gap's line, without the newline.
    static func gap(droppedCount: Int, firstSeq: Int, lastSeq: Int, reason: String, time: Date) -> String {
        var writer = JSONLineWriter()
        writer.beginObject()
        writer.key("kind")
        writer.string("gap")
        writer.key("time")
        RecordTime.write(time, into: &writer)
        writer.key("dropped")
        writer.integer(droppedCount)
        writer.key("first_seq")
        writer.integer(firstSeq)
        writer.key("last_seq")
        writer.integer(lastSeq)
        writer.key("reason")
        writer.string(reason)
        writer.endObject()
        return writer.text
    }
}
