import Aqueduct

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
        for column in [\ReportData.seq, \.cause, \.kind, \.action, \.value, \.file, \.function] {
            self[keyPath: column].reserveCapacity(count)
        }
        for (index, record) in recording.records.enumerated() {
            seq.append(record.seq)
            cause.append(record.cause?.seq ?? -1)
            kind.append(Self.number(of: record.cause?.kind))
            let offset = (record.time.timeIntervalSince1970 - origin) * 1_000_000
            timeMicroseconds.append(Int64(offset.rounded()))
            durationNanoseconds.append(record.durationNanoseconds)
            action.append(table.index(of: record.action.description))
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
        }
        strings = table.strings
    }
}

extension ReportData {
    /// The data as JSON, members named as the script reads them.
    func json() -> [UInt8] {
        var writer = JSONLineWriter()
        writer.beginObject()
        for (name, text) in [
            ("title", title), ("recordingName", recordingName), ("generated", generated), ("startTime", startTime),
        ] {
            writer.key(name)
            writer.string(text)
        }
        writer.key("startEpochMilliseconds")
        writer.integer(Int64(startEpochMilliseconds))
        for (name, texts) in [("warnings", warnings), ("strings", strings)] {
            writer.key(name)
            writer.beginArray()
            for text in texts { writer.string(text) }
            writer.endArray()
        }
        func column(_ name: String, _ numbers: [some BinaryInteger]) {
            writer.key(name)
            writer.beginArray()
            for number in numbers { writer.integer(number) }
            writer.endArray()
        }
        column("seq", seq)
        column("cause", cause)
        column("kind", kind)
        column("timeMicroseconds", timeMicroseconds)
        column("durationNanoseconds", durationNanoseconds)
        column("action", action)
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
