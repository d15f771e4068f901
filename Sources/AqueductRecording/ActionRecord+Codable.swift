import Aqueduct

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ActionRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case seq, cause
        case causeKind = "cause_kind"
        case action, source, changes
        case changesTruncated = "changes_truncated"
        case changesSkipped = "changes_skipped"
        case cancellations
        case cancellationsTruncated = "cancellations_truncated"
        case time
        case durationNanoseconds = "duration_ns"
    }

    private enum ActionKeys: String, CodingKey {
        case description, value
    }

    private enum CancellationKeys: String, CodingKey {
        case kind, target, effects
    }

    /// Decodes one line of a recording, checking what ``ActionRecord`` documents: `seq` is
    /// not negative, `cause` is an earlier `seq` and comes with a `cause_kind` (both or
    /// neither), `time` is ISO 8601 — the checks ``ActionRecording`` makes reading a file.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a field is missing, of the wrong type or out of range;
    ///   its description names the field.
    public init(from decoder: any Decoder) throws {
        self = try RecordFields.decode(from: decoder) { value throws(RecordFields.Failure) in
            try ActionRecord(fields: RecordFields(value))
        }
    }

    /// A record from the members of its line.
    init(fields: RecordFields) throws(RecordFields.Failure) {
        let seq = try fields.integer("seq", as: Int.self)
        guard seq >= 0 else { throw fields.failure("seq", "seq is \(seq); it must be 0 or more") }
        let causeSeq = try fields.optionalInteger("cause", as: Int.self)
        let causeKind = try fields.optionalString("cause_kind")
        let cause: Cause?
        switch (causeSeq, causeKind) {
        case (nil, nil):
            cause = nil
        case (let causeSeq?, let kindName?):
            guard let kind = CauseKind(rawValue: kindName) else {
                throw fields.failure(
                    "cause_kind",
                    "\"\(kindName)\" is not one of bridged-from, sent-by-effect, dispatched-during"
                )
            }
            guard (0..<seq).contains(causeSeq) else {
                throw fields.failure("cause", "cause is \(causeSeq); it must be an earlier seq than \(seq)")
            }
            cause = Cause(seq: causeSeq, kind: kind)
        case (nil, _?):
            throw fields.failure("cause_kind", "cause_kind is set but cause is null; both are set or both are null")
        case (_?, nil):
            throw fields.failure("cause_kind", "cause is set but cause_kind is null; both are set or both are null")
        }
        let action = try fields.object("action")
        let recordedAction = Action(
            description: try action.string("description"),
            value: action.member("value")?.jsonValue
        )
        let timeText = try fields.string("time")
        guard let time = RecordTime.parse(timeText) else {
            throw fields.failure("time", "time \"\(timeText)\" is not ISO 8601 (like 2026-11-23T19:21:16.250Z)")
        }
        var changes: [Change] = []
        let changeValues = try fields.array("changes")
        changes.reserveCapacity(changeValues.count)
        for (index, value) in changeValues.enumerated() {
            changes.append(try Change(fields: RecordFields(value, path: fields.elementPath("changes", index))))
        }
        self.init(
            seq: seq,
            cause: cause,
            action: recordedAction,
            source: try Source(fields: fields.object("source")),
            changes: changes,
            changesTruncated: try fields.optionalBool("changes_truncated") ?? false,
            changesSkipped: try fields.optionalBool("changes_skipped") ?? false,
            time: time,
            durationNanoseconds: try fields.integer("duration_ns", as: UInt64.self)
        )
        // Absent in recordings made before it existed, and when nothing was cancelled.
        if let values = try fields.optionalArray("cancellations") {
            cancellations.reserveCapacity(values.count)
            for (index, value) in values.enumerated() {
                cancellations.append(
                    try Cancellation(fields: RecordFields(value, path: fields.elementPath("cancellations", index)))
                )
            }
        }
        cancellationsTruncated = try fields.optionalBool("cancellations_truncated") ?? false
    }

    /// Encodes the record as ``ActionRecord`` documents: `cause` and `cause_kind` are written
    /// as `null` for an outside action, `changes_truncated`, `changes_skipped` and
    /// `cancellations_truncated` only when `true`, `cancellations` only when not empty.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` when the action's value holds a number that is not finite.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seq, forKey: .seq)
        try container.encode(cause?.seq, forKey: .cause)
        try container.encode(cause?.kind, forKey: .causeKind)
        var action = container.nestedContainer(keyedBy: ActionKeys.self, forKey: .action)
        try action.encode(self.action.description, forKey: .description)
        try action.encodeIfPresent(self.action.value, forKey: .value)
        try container.encode(source, forKey: .source)
        try container.encode(changes, forKey: .changes)
        if changesTruncated { try container.encode(true, forKey: .changesTruncated) }
        if changesSkipped { try container.encode(true, forKey: .changesSkipped) }
        if !cancellations.isEmpty {
            var list = container.nestedUnkeyedContainer(forKey: .cancellations)
            for cancellation in cancellations {
                var object = list.nestedContainer(keyedBy: CancellationKeys.self)
                try object.encode(cancellation.kind.rawValue, forKey: .kind)
                try object.encode(cancellation.target, forKey: .target)
                try object.encode(cancellation.effectCount, forKey: .effects)
            }
        }
        if cancellationsTruncated { try container.encode(true, forKey: .cancellationsTruncated) }
        try container.encode(RecordTime.format(time), forKey: .time)
        try container.encode(durationNanoseconds, forKey: .durationNanoseconds)
    }
}

/// The text of a record's `time`: ISO 8601 in UTC with milliseconds when written; any ISO 8601
/// date-time with or without fractional seconds when read.
internal enum RecordTime {
    static func format(_ time: Date) -> String {
        var writer = JSONLineWriter()
        write(time, into: &writer)
        // The quoted text: drop the quotes.
        return String(decoding: writer.bytes.dropFirst().dropLast(), as: UTF8.self)
    }

    /// Writes `time` as a JSON string, as `format` gives it.
    ///
    /// A time from 1970 to 9999 is written by hand (`Date.ISO8601FormatStyle` costs a few
    /// thousand instructions; a recorder writes one time a record): the UTC calendar date of
    /// its day, then the milliseconds it is past the second, cut, not rounded, from its
    /// interval since the reference date, which is what the format style writes. Any other
    /// time goes through the format style.
    static func write(_ time: Date, into writer: inout JSONLineWriter) {
        let sinceReference = time.timeIntervalSinceReferenceDate
        let wholeSeconds = sinceReference.rounded(.down)
        // 1970-01-01 to 9999-12-31 in seconds since 2001-01-01.
        guard wholeSeconds >= -978_307_200, wholeSeconds < 252_423_993_600 else {
            let text = time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
            writer.string(text)
            return
        }
        let milliseconds = min(Int(((sinceReference - wholeSeconds) * 1_000).rounded(.down)), 999)
        let seconds = Int(wholeSeconds) + 978_307_200  // since 1970
        let (year, month, day) = civilDate(daysSince1970: seconds / 86_400)
        let secondOfDay = seconds % 86_400
        // yyyy-MM-ddTHH:mm:ss.SSSZ
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            func put(_ value: Int, digits: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                    text[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                    value /= 10
                }
            }
            put(year, digits: 4, at: 0)
            text[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            text[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            text[10] = UInt8(ascii: "T")
            put(secondOfDay / 3_600, digits: 2, at: 11)
            text[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, digits: 2, at: 14)
            text[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, digits: 2, at: 17)
            text[19] = UInt8(ascii: ".")
            put(milliseconds, digits: 3, at: 20)
            text[23] = UInt8(ascii: "Z")
            writer.string(needingNoEscape: UnsafeBufferPointer(text))
        }
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (0 or later), in the
    /// usual way: from the day of its 400-year era, with March as the year's first month so
    /// that the leap day comes last.
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 is March
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func parse(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
