import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One processed action as a recording keeps it: one line of a JSON Lines file, read back by
/// ``ActionRecording`` and drawn by the DevTools report.
///
/// A recording answers, for each action a store processed: which one it was (``seq``), what
/// set it off (``cause``), what it was (``action``), who sent it (``source``), what it changed
/// in the state (``changes``), when (``time``) and how long processing it took
/// (``durationNanoseconds``).
///
/// ```swift
/// let record = ActionRecord(
///     seq: 4,
///     cause: ActionRecord.Cause(seq: 3, kind: .bridgedFrom),
///     action: ActionRecord.Action(PlayerAction.score(points: 3)),
///     source: ActionRecord.Source(ActionSource(file: "Game/Bridges.swift", function: "bridges", line: 12)),
///     changes: [ActionRecord.Change(path: "score", before: "0", after: "3")],
///     time: Date(timeIntervalSince1970: 1_795_461_676.25),
///     durationNanoseconds: 41_250
/// )
/// let line = try record.jsonLine()
/// ```
///
/// ## The line
///
/// One JSON object on one line (no newline inside; strings escape theirs):
///
/// ```json
/// {"seq":4,"cause":3,"cause_kind":"bridged-from",
///  "action":{"description":"score(points: 3)","value":{"score":{"points":3}}},
///  "source":{"file":"Game/Bridges.swift","function":"bridges","line":12,"info":[]},
///  "changes":[{"path":"score","before":"0","after":"3"}],
///  "time":"2026-11-23T19:21:16.250Z","duration_ns":41250}
/// ```
///
/// (wrapped here to fit). The fields:
///
/// | field | JSON | meaning |
/// |---|---|---|
/// | `seq` | integer ≥ 0 | the action's number within its store, in processing order |
/// | `cause` | integer or `null` | the `seq` of the action that set this one off; `null` for an action from outside |
/// | `cause_kind` | string or `null` | how: `"bridged-from"`, `"sent-by-effect"` or `"dispatched-during"` (``CauseKind``); `null` exactly when `cause` is |
/// | `action` | object | `description` (text) and, when the action is `Encodable`, `value` (its encoding as JSON) |
/// | `source` | object | `file`, `function`, `line` and `info` (an array of lines, oldest first) |
/// | `changes` | array | the state diff of the action: `{"path", "before", "after"}`, `before`/`after` text or `null` |
/// | `changes_truncated` | `true` or absent | the diff had more changes than were recorded |
/// | `changes_skipped` | `true` or absent | the recorder did not compare the states: it was ``RecordingWriter/maximumStateBacklog`` records behind |
/// | `cancellations` | array or absent | what the action's effect cancelled, in order: `{"kind", "target", "effects"}` (``Cancellation``); absent when it cancelled nothing |
/// | `cancellations_truncated` | `true` or absent | the action cancelled more than the 64 recorded |
/// | `time` | string | the wall-clock time processing began, ISO 8601 in UTC with fractional seconds |
/// | `duration_ns` | integer ≥ 0 | how long processing took, in nanoseconds |
///
/// A `cause` is always an earlier `seq`: an action is processed after the one that set it off.
/// The cause may be missing from a file (it was recorded in an earlier, rotated file).
///
/// `ActionRecord` is a value: `Sendable`, `Hashable` and `Codable`. Decoding checks what the
/// table says and throws `DecodingError.dataCorrupted` otherwise.
public struct ActionRecord: Hashable, Sendable {
    /// The action's number within its store: 0 for the first action processed, then one more
    /// for each.
    public var seq: Int
    /// What set the action off, or `nil` for an action from outside (a user, a client, a test).
    public var cause: Cause?
    /// The action: its description and, when it is `Encodable`, its encoding.
    public var action: Action
    /// Who dispatched the action, and what happened to it on the way.
    public var source: Source
    /// The parts of the state the action changed, each a path with its text before and after
    /// (see ``Change``), as the logger's state diff finds them; empty when it changed nothing
    /// (or the state is not compared).
    public var changes: [Change]
    /// Whether the state diff found more changes than ``changes`` holds.
    public var changesTruncated: Bool
    /// Whether the recorder did not compare the states before and after the action, so that
    /// ``changes`` is empty whatever the action changed: it was
    /// ``RecordingWriter/maximumStateBacklog`` records behind, and held no more states.
    public var changesSkipped: Bool
    /// What the action's effect cancelled, in the order it did: `.cancel(id:)`s, in-flight
    /// effects a `cancelInFlight` restart ended, and the effects of the children it removed
    /// (see ``Cancellation``); empty when it cancelled nothing.
    public var cancellations: [Cancellation] = []
    /// Whether the action cancelled more than ``cancellations`` holds (a recorder keeps 64).
    public var cancellationsTruncated = false
    /// The wall-clock time at which the store began processing the action.
    public var time: Date
    /// How long the store took to process the action (middleware, reducer, immediate effects,
    /// observers), in nanoseconds.
    public var durationNanoseconds: UInt64

    /// Creates a record.
    ///
    /// ```swift
    /// let record = ActionRecord(
    ///     seq: 0,
    ///     cause: nil,
    ///     action: ActionRecord.Action(PlayerAction.join(name: "Ada")),
    ///     source: ActionRecord.Source(ActionSource()),
    ///     changes: [],
    ///     time: Date(),
    ///     durationNanoseconds: 1_200
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - seq: The action's number within its store (0 or more).
    ///   - cause: What set it off, with a `seq` below `seq`; `nil` for an action from outside.
    ///   - action: The action.
    ///   - source: Who dispatched it.
    ///   - changes: What it changed in the state.
    ///   - changesTruncated: Whether the diff found more changes than `changes` holds.
    ///   - changesSkipped: Whether the recorder did not compare the states.
    ///   - time: When processing began.
    ///   - durationNanoseconds: How long processing took.
    public init(
        seq: Int,
        cause: Cause?,
        action: Action,
        source: Source,
        changes: [Change],
        changesTruncated: Bool = false,
        changesSkipped: Bool = false,
        time: Date,
        durationNanoseconds: UInt64
    ) {
        self.seq = seq
        self.cause = cause
        self.action = action
        self.source = source
        self.changes = changes
        self.changesTruncated = changesTruncated
        self.changesSkipped = changesSkipped
        self.time = time
        self.durationNanoseconds = durationNanoseconds
    }

    /// How long the store took to process the action.
    public var duration: Duration { .nanoseconds(Int64(clamping: durationNanoseconds)) }

    /// The record as one line of a JSON Lines file, without the newline: the encoding
    /// ``ActionRecording`` reads back, with the fields in the order of the table above and the
    /// members of an action's value sorted by name, so the same record is always the same line.
    ///
    /// ```swift
    /// let text = try records.map { try $0.jsonLine() + "\n" }.joined()
    /// ```
    ///
    /// - Returns: One JSON object with no newline in it.
    /// - Throws: `EncodingError.invalidValue` when the action's value holds a number that is
    ///   not finite (a ``JSONValue`` made by hand; decoding and encoding never make one).
    /// - Complexity: O(*n*) in the length of the line.
    public func jsonLine() throws -> String {
        var writer = JSONLineWriter()
        try write(into: &writer)
        return writer.text
    }

    /// Writes the record's line (``jsonLine()``) into `writer`, without the newline: how a
    /// recorder's writer encodes record after record into one buffer.
    ///
    /// - Parameter writer: The writer, at the start of a line.
    /// - Throws: What ``jsonLine()`` throws.
    package func write(into writer: inout JSONLineWriter) throws {
        writer.beginObject()
        writer.key("seq")
        writer.integer(seq)
        writer.key("cause")
        if let cause { writer.integer(cause.seq) } else { writer.null() }
        writer.key("cause_kind")
        writer.string(orNull: cause?.kind.rawValue)
        writer.key("action")
        writer.beginObject()
        writer.key("description")
        writer.string(action.description)
        if let value = action.value {
            writer.key("value")
            do {
                try writer.value(value)
            } catch {
                throw EncodingError.invalidValue(
                    value,
                    .init(codingPath: [], debugDescription: "the action's value holds a number that is not finite")
                )
            }
        }
        writer.endObject()
        writer.key("source")
        writer.beginObject()
        writer.key("file")
        writer.string(source.file)
        writer.key("function")
        writer.string(source.function)
        writer.key("line")
        writer.integer(source.line)
        writer.key("info")
        writer.beginArray()
        for line in source.info { writer.string(line) }
        writer.endArray()
        writer.endObject()
        writer.key("changes")
        writer.beginArray()
        for change in changes {
            writer.beginObject()
            writer.key("path")
            writer.string(change.path)
            writer.key("before")
            writer.string(orNull: change.before)
            writer.key("after")
            writer.string(orNull: change.after)
            writer.endObject()
        }
        writer.endArray()
        if changesTruncated {
            writer.key("changes_truncated")
            writer.bool(true)
        }
        if changesSkipped {
            writer.key("changes_skipped")
            writer.bool(true)
        }
        if !cancellations.isEmpty {
            writer.key("cancellations")
            writer.beginArray()
            for cancellation in cancellations {
                writer.beginObject()
                writer.key("kind")
                writer.string(cancellation.kind.rawValue)
                writer.key("target")
                writer.string(cancellation.target)
                writer.key("effects")
                writer.integer(cancellation.effectCount)
                writer.endObject()
            }
            writer.endArray()
        }
        if cancellationsTruncated {
            writer.key("cancellations_truncated")
            writer.bool(true)
        }
        writer.key("time")
        RecordTime.write(time, into: &writer)
        writer.key("duration_ns")
        writer.integer(durationNanoseconds)
        writer.endObject()
    }
}
