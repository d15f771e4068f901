import Aqueduct
import AqueductRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The follower's events as the page's event stream carries them: server-sent events, each a
/// name and one line of JSON (`event: record` / `data: {…}`, then a blank line).
///
/// The JSON is written by the recording's own writer, which escapes every control character,
/// so a `data:` line holds no line break whatever a recording holds; the page reads it with
/// `JSON.parse` and shows its text with `textContent`, as the report does its embedded data.
enum LiveEventEncoding {
    /// What opens every stream: how long the browser waits before reconnecting, and `hello`.
    static let opening = Array("retry: 2000\n\nevent: hello\ndata: {}\n\n".utf8)

    /// A comment line, ignored by the page: keeps a quiet stream's connection alive and
    /// finds out when the page has gone.
    static let heartbeat = Array(": keep-alive\n\n".utf8)

    /// One event.
    static func encode(_ event: RecordingFollower.Event) -> [UInt8] {
        var writer = JSONLineWriter()
        let name: String
        writer.beginObject()
        switch event {
        case .session(let text):
            name = "session"
            writer.key("text")
            writer.string(text)
        case .gap(let text, let droppedCount):
            name = "gap"
            writer.key("text")
            writer.string(text)
            writer.key("dropped")
            number(droppedCount, &writer)
        case .reset(let text):
            name = "reset"
            writer.key("text")
            writer.string(text)
        case .warning(let text):
            name = "warning"
            writer.key("text")
            writer.string(text)
        case .caughtUp:
            name = "caught-up"
        case .record(let record):
            name = "record"
            write(record, &writer)
        }
        writer.endObject()
        return Array("event: \(name)\ndata: \(writer.text)\n\n".utf8)
    }

    /// A record, its members named as the page's columns (``ReportData``) are: the page lays it
    /// out. `time` is in microseconds since 1970.
    private static func write(_ record: ActionRecord, _ writer: inout JSONLineWriter) {
        writer.key("seq")
        number(record.seq, &writer)
        writer.key("cause")
        number(record.cause?.seq ?? -1, &writer)
        writer.key("kind")
        writer.integer(ReportData.number(of: record.cause?.kind))
        writer.key("time")
        number(Int((record.time.timeIntervalSince1970 * 1_000_000).rounded()), &writer)
        writer.key("duration")
        if record.durationNanoseconds < 1 << 53 {
            writer.integer(Int(record.durationNanoseconds))
        } else {
            writer.string(record.durationNanoseconds.description)
        }
        writer.key("action")
        writer.string(record.action.description)
        writer.key("name")
        let name = record.action.name
        writer.string(orNull: name == record.action.description ? nil : name)
        writer.key("value")
        writer.string(orNull: record.action.value?.jsonText)
        writer.key("file")
        writer.string(record.source.file)
        writer.key("function")
        writer.string(record.source.function)
        writer.key("line")
        if record.source.line < 1 << 53 {
            writer.integer(Int(record.source.line))
        } else {
            writer.string(record.source.line.description)
        }
        writer.key("info")
        writer.beginArray()
        for text in record.source.info { writer.string(text) }
        writer.endArray()
        writer.key("changes")
        writer.beginArray()
        for change in record.changes {
            writer.beginArray()
            writer.string(change.path)
            writer.string(orNull: change.before)
            writer.string(orNull: change.after)
            writer.endArray()
        }
        writer.endArray()
        writer.key("truncated")
        writer.bool(record.changesTruncated)
        writer.key("skipped")
        writer.bool(record.changesSkipped)
        writer.key("cancellations")
        writer.beginArray()
        for cancellation in record.cancellations {
            writer.beginArray()
            writer.integer(ReportData.number(of: cancellation.kind))
            writer.string(cancellation.target)
            writer.integer(cancellation.effectCount)
            writer.endArray()
        }
        writer.endArray()
        writer.key("cancellationsTruncated")
        writer.bool(record.cancellationsTruncated)
    }

    /// A number JavaScript holds exactly, or its text: the page shows a `seq` as recorded.
    private static func number(_ value: Int, _ writer: inout JSONLineWriter) {
        if value.magnitude < 1 << 53 { writer.integer(value) } else { writer.string(value.description) }
    }
}
