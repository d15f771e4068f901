import Aqueduct
import AqueductRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The recording as the report's script reads it: one column of numbers per field, and every
/// text once in a string table that the columns point into.
///
/// Columns keep 100,000 records small and fast to parse: a recording repeats its files,
/// functions, action descriptions and state paths on every line, and `JSON.parse` reads arrays
/// of numbers much faster than arrays of objects. Record `i` is element `i` of every column;
/// `-1` stands for "none". Records `i`'s info lines are `info[infoStart[i] ..< infoStart[i + 1]]`,
/// its changes likewise with `changeStart`.
///
/// A number JavaScript cannot hold exactly (beyond 2⁵³) is written as a string, so that a
/// `seq` of any size is shown as recorded; the script never computes with a `seq`: the tree
/// is built from `parent`, the index of a record's cause in the same session, which the tool
/// works out here. A recording of several sessions, or with gaps, also gets markers: rows
/// of their own in the timeline, before the record at `markerAt`.
struct ReportData {
    var title: String
    var recordingName: String
    /// When the report was generated, ISO 8601.
    var generated: String
    /// The reader's warnings (a skipped torn last line).
    var warnings: [String]
    /// The first record's time, ISO 8601, and in whole milliseconds since 1970 for the script's
    /// `Date`; `timeMicroseconds` count from the latter.
    var startTime: String
    var startEpochMilliseconds: Double
    var strings: [String] = []

    var seq: [Int] = []
    /// The cause's `seq`, or -1.
    var cause: [Int] = []
    /// 0 outside, 1 bridged from, 2 sent by an effect of, 3 dispatched during.
    var kind: [Int] = []
    /// Microseconds since the first record's time (negative if the wall clock went back).
    var timeMicroseconds: [Int64] = []
    var durationNanoseconds: [UInt64] = []
    /// Strings: the description; the value's JSON text or -1; the file; the function.
    var action: [Int] = []
    /// Strings: the action's readable name (`path[3] › tap`), or -1 when it is the description.
    var name: [Int] = []
    var value: [Int] = []
    var file: [Int] = []
    var function: [Int] = []
    var line: [UInt] = []
    var infoStart: [Int] = [0]
    var info: [Int] = []
    var changeStart: [Int] = [0]
    /// Strings: a change's path, and its sides (-1: the part did not exist).
    var changePath: [Int] = []
    var changeBefore: [Int] = []
    var changeAfter: [Int] = []
    /// The record indices whose diff had more changes than were recorded.
    var truncated: [Int] = []
    /// The record indices whose states the recorder did not compare.
    var skipped: [Int] = []
    /// What each record cancelled: `cancelStart` as `changeStart`; each cancellation's kind (0
    /// `.cancel(id:)`, 1 in flight, 2 a child's removal), target (a string) and number of
    /// effects ended; the record indices that cancelled more than they recorded.
    var cancelStart: [Int] = [0]
    var cancelKind: [Int] = []
    var cancelTarget: [Int] = []
    var cancelEffects: [Int] = []
    var cancelTruncated: [Int] = []
    /// The index of the record of each record's cause, in its session, or -1 (none, or not in
    /// the recording).
    var parent: [Int] = []
    /// The session of each record, from 0, and each session's description.
    var session: [Int] = []
    var sessions: [String] = []
    /// Rows between records: a session's start (kind 0) or a gap (kind 1), before the record
    /// at `markerAt` (the record count for the end), with its text.
    var markerAt: [Int] = []
    var markerKind: [Int] = []
    var markerText: [Int] = []
    /// How many actions the recorder dropped, in all gaps.
    var droppedCount = 0
    /// The page of `serve`: no record here; the script reads them from the server's event
    /// stream and appends them to these columns.
    var isLive = false

    /// `1,200`: digits grouped by three, as the page writes its counts.
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return (number < 0 ? "-" : "") + digits
    }

    /// A gap's row: `5 actions not recorded (#3–#7): why`.
    static func gapText(_ gap: ActionRecording.Gap) -> String {
        let actions = gap.droppedCount == 1 ? "1 action" : "\(grouped(gap.droppedCount)) actions"
        return "\(actions) not recorded (#\(gap.firstSeq)–#\(gap.lastSeq)): \(gap.reason)"
    }

    /// A time as the page shows a session's start: ISO 8601 with milliseconds.
    static func isoTime(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The kinds' numbers, in the order of the script's `KINDS` table.
    static func number(of kind: ActionRecord.CauseKind?) -> Int {
        switch kind {
        case nil: 0
        case .bridgedFrom: 1
        case .sentByEffect: 2
        case .dispatchedDuring: 3
        }
    }

    /// Lays out a recording.
    ///
    /// - Complexity: O(*n*) in the number of records, changes and info lines.
    init(recording: ActionRecording, title: String, recordingName: String, generated: Date) {
        self.title = title
        self.recordingName = recordingName
        self.generated = generated.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false))
        self.warnings = recording.warnings.map(\.description)
        let start = recording.records.first?.time ?? generated
        self.startTime = start.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        self.startEpochMilliseconds = (start.timeIntervalSince1970 * 1_000).rounded(.down)
        let origin = startEpochMilliseconds / 1_000
        var table = StringTable()
        let count = recording.records.count
        for column in [
            \ReportData.seq, \.cause, \.kind, \.action, \.name, \.value, \.file, \.function, \.parent, \.session,
        ] {
            self[keyPath: column].reserveCapacity(count)
        }
        let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let isSplit = recording.sessions.count > 1
        for (sessionIndex, recorded) in recording.sessions.enumerated() {
            let first = seq.count
            let started = recorded.start.map { "started \($0.formatted(time))" } ?? "started before any session header"
            let process = recorded.process.map { ", process \($0)" } ?? ""
            sessions.append("Session \(sessionIndex + 1) of \(recording.sessions.count) · \(started)\(process)")
            if isSplit {
                markerAt.append(first)
                markerKind.append(0)
                markerText.append(table.index(of: sessions[sessionIndex]))
            }
            for gap in recorded.gaps {
                droppedCount += gap.droppedCount
                markerAt.append(first + gap.position)
                markerKind.append(1)
                markerText.append(table.index(of: Self.gapText(gap)))
            }
            var indexOfSeq: [Int: Int] = [:]
            for record in recorded.records {
                let index = seq.count
                indexOfSeq[record.seq] = index
                session.append(sessionIndex)
                parent.append(record.cause.flatMap { indexOfSeq[$0.seq] }.flatMap { $0 < index ? $0 : nil } ?? -1)
                append(record, index: index, origin: origin, table: &table)
            }
        }
        strings = table.strings
    }

    private mutating func append(_ record: ActionRecord, index: Int, origin: Double, table: inout StringTable) {
        seq.append(record.seq)
        cause.append(record.cause?.seq ?? -1)
        kind.append(Self.number(of: record.cause?.kind))
        let offset = (record.time.timeIntervalSince1970 - origin) * 1_000_000
        timeMicroseconds.append(Int64(offset.rounded()))
        durationNanoseconds.append(record.durationNanoseconds)
        action.append(table.index(of: record.action.description))
        let readable = record.action.name
        name.append(readable == record.action.description ? -1 : table.index(of: readable))
        value.append(record.action.value.map { table.index(of: $0.jsonText) } ?? -1)
        file.append(table.index(of: record.source.file))
        function.append(table.index(of: record.source.function))
        line.append(record.source.line)
        for text in record.source.info { info.append(table.index(of: text)) }
        infoStart.append(info.count)
        for change in record.changes {
            changePath.append(table.index(of: change.path))
            changeBefore.append(change.before.map { table.index(of: $0) } ?? -1)
            changeAfter.append(change.after.map { table.index(of: $0) } ?? -1)
        }
        changeStart.append(changePath.count)
        if record.changesTruncated { truncated.append(index) }
        if record.changesSkipped { skipped.append(index) }
        for cancellation in record.cancellations {
            cancelKind.append(Self.number(of: cancellation.kind))
            cancelTarget.append(table.index(of: cancellation.target))
            cancelEffects.append(cancellation.effectCount)
        }
        cancelStart.append(cancelKind.count)
        if record.cancellationsTruncated { cancelTruncated.append(index) }
    }

    /// The cancellation kinds' numbers, as the script's `cancellationText` reads them.
    static func number(of kind: ActionRecord.Cancellation.Kind) -> Int {
        switch kind {
        case .id: 0
        case .inFlight: 1
        case .child: 2
        }
    }
}

extension ReportData {
    /// The data as JSON, members named as the script reads them.
    func json() -> [UInt8] {
        var writer = JSONLineWriter()
        writer.beginObject()
        let texts: [(StaticString, String)] = [
            ("title", title), ("recordingName", recordingName), ("generated", generated), ("startTime", startTime),
        ]
        for (name, text) in texts {
            writer.key(name)
            writer.string(text)
        }
        writer.key("startEpochMilliseconds")
        writer.integer(Int64(startEpochMilliseconds))
        writer.key("droppedCount")
        writer.integer(droppedCount)
        writer.key("live")
        writer.bool(isLive)
        let lists: [(StaticString, [String])] = [("warnings", warnings), ("strings", strings), ("sessions", sessions)]
        for (name, texts) in lists {
            writer.key(name)
            writer.beginArray()
            for text in texts { writer.string(text) }
            writer.endArray()
        }
        // Beyond 2⁵³ a JavaScript number is not exact: such a number is written as text. One
        // function a type, not one generic: the tool runs in debug builds, where a generic
        // call per number costs several times the work.
        func column(_ name: StaticString, _ numbers: [Int]) {
            writer.key(name)
            writer.beginArray()
            for number in numbers {
                if number.magnitude < 1 << 53 { writer.integer(number) } else { writer.string(number.description) }
            }
            writer.endArray()
        }
        func column(_ name: StaticString, _ numbers: [Int64]) { column(name, numbers.map { Int($0) }) }
        func column(_ name: StaticString, _ numbers: [UInt]) {
            writer.key(name)
            writer.beginArray()
            for number in numbers {
                if number < 1 << 53 { writer.integer(Int(number)) } else { writer.string(number.description) }
            }
            writer.endArray()
        }
        func column(_ name: StaticString, _ numbers: [UInt64]) { column(name, numbers.map { UInt($0) }) }
        column("seq", seq)
        column("cause", cause)
        column("kind", kind)
        column("timeMicroseconds", timeMicroseconds)
        column("durationNanoseconds", durationNanoseconds)
        column("action", action)
        column("name", name)
        column("value", value)
        column("file", file)
        column("function", function)
        column("line", line)
        column("infoStart", infoStart)
        column("info", info)
        column("changeStart", changeStart)
        column("changePath", changePath)
        column("changeBefore", changeBefore)
        column("changeAfter", changeAfter)
        column("truncated", truncated)
        column("skipped", skipped)
        column("cancelStart", cancelStart)
        column("cancelKind", cancelKind)
        column("cancelTarget", cancelTarget)
        column("cancelEffects", cancelEffects)
        column("cancelTruncated", cancelTruncated)
        column("parent", parent)
        column("session", session)
        column("markerAt", markerAt)
        column("markerKind", markerKind)
        column("markerText", markerText)
        writer.endObject()
        return Array(writer.text.utf8)
    }
}

/// Each distinct string once, numbered in order of first use.
struct StringTable {
    private(set) var strings: [String] = []
    private var indices: [String: Int] = [:]

    mutating func index(of string: String) -> Int {
        if let index = indices[string] { return index }
        strings.append(string)
        indices[string] = strings.count - 1
        return strings.count - 1
    }
}
