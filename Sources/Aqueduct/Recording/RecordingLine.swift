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

    private enum CodingKeys: String, CodingKey {
        case kind, format, time, process, dropped, reason
        case firstSeq = "first_seq"
        case lastSeq = "last_seq"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let kind = try container.decodeIfPresent(String.self, forKey: .kind) else {
            self = .action(try ActionRecord(from: decoder))
            return
        }
        let timeText = try container.decode(String.self, forKey: .time)
        guard let time = RecordTime.parse(timeText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .time,
                in: container,
                debugDescription: "time \"\(timeText)\" is not ISO 8601 (like 2026-11-23T19:21:16.250Z)"
            )
        }
        switch kind {
        case "session":
            let format = try container.decode(Int.self, forKey: .format)
            guard format <= Self.format else {
                throw DecodingError.dataCorruptedError(
                    forKey: .format,
                    in: container,
                    debugDescription: "format \(format) is newer than this reader's \(Self.format); update Aqueduct"
                )
            }
            self = .session(start: time, process: try container.decodeIfPresent(Int.self, forKey: .process))
        case "gap":
            let dropped = try container.decode(Int.self, forKey: .dropped)
            let firstSeq = try container.decode(Int.self, forKey: .firstSeq)
            let lastSeq = try container.decode(Int.self, forKey: .lastSeq)
            guard dropped > 0, firstSeq >= 0, lastSeq >= firstSeq else {
                throw DecodingError.dataCorruptedError(
                    forKey: .dropped,
                    in: container,
                    debugDescription: "a gap drops 1 or more actions, from first_seq ≥ 0 to last_seq ≥ first_seq"
                )
            }
            self = .gap(
                droppedCount: dropped,
                firstSeq: firstSeq,
                lastSeq: lastSeq,
                reason: try container.decode(String.self, forKey: .reason),
                time: time
            )
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind,
                in: container,
                debugDescription: "kind \"\(kind)\" is not one of session, gap (or absent, for an action)"
            )
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
        writer.string(RecordTime.format(start))
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
        writer.string(RecordTime.format(time))
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
