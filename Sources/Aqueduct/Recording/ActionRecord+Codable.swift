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
        case time
        case durationNanoseconds = "duration_ns"
    }

    private enum ActionKeys: String, CodingKey {
        case description, value
    }

    /// Decodes one line of a recording, checking what ``ActionRecord`` documents: `seq` is
    /// not negative, `cause` is an earlier `seq` and comes with a `cause_kind` (both or
    /// neither), `time` is ISO 8601.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a field is missing, of the wrong type or out of range.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let seq = try container.decode(Int.self, forKey: .seq)
        guard seq >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .seq,
                in: container,
                debugDescription: "seq is \(seq); it must be 0 or more"
            )
        }
        let causeSeq = try container.decodeIfPresent(Int.self, forKey: .cause)
        let causeKind = try container.decodeIfPresent(CauseKind.self, forKey: .causeKind)
        let cause: Cause?
        switch (causeSeq, causeKind) {
        case (nil, nil):
            cause = nil
        case (let causeSeq?, let kind?):
            guard (0..<seq).contains(causeSeq) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .cause,
                    in: container,
                    debugDescription: "cause is \(causeSeq); it must be an earlier seq than \(seq)"
                )
            }
            cause = Cause(seq: causeSeq, kind: kind)
        case (nil, _?):
            throw DecodingError.dataCorruptedError(
                forKey: .causeKind,
                in: container,
                debugDescription: "cause_kind is set but cause is null; both are set or both are null"
            )
        case (_?, nil):
            throw DecodingError.dataCorruptedError(
                forKey: .causeKind,
                in: container,
                debugDescription: "cause is set but cause_kind is null; both are set or both are null"
            )
        }
        let action = try container.nestedContainer(keyedBy: ActionKeys.self, forKey: .action)
        let recordedAction = Action(
            description: try action.decode(String.self, forKey: .description),
            value: try action.contains(.value) ? action.decode(JSONValue.self, forKey: .value) : nil
        )
        let timeText = try container.decode(String.self, forKey: .time)
        guard let time = RecordTime.parse(timeText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .time,
                in: container,
                debugDescription: "time \"\(timeText)\" is not ISO 8601 (like 2026-11-23T19:21:16.250Z)"
            )
        }
        self.init(
            seq: seq,
            cause: cause,
            action: recordedAction,
            source: try container.decode(Source.self, forKey: .source),
            changes: try container.decode([Change].self, forKey: .changes),
            changesTruncated: try container.decodeIfPresent(Bool.self, forKey: .changesTruncated) ?? false,
            changesSkipped: try container.decodeIfPresent(Bool.self, forKey: .changesSkipped) ?? false,
            time: time,
            durationNanoseconds: try container.decode(UInt64.self, forKey: .durationNanoseconds)
        )
    }

    /// Encodes the record as ``ActionRecord`` documents: `cause` and `cause_kind` are written
    /// as `null` for an outside action, `changes_truncated` and `changes_skipped` only when
    /// `true`.
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
        try container.encode(RecordTime.format(time), forKey: .time)
        try container.encode(durationNanoseconds, forKey: .durationNanoseconds)
    }
}

/// The text of a record's `time`: ISO 8601 in UTC with milliseconds when written; any ISO 8601
/// date-time with or without fractional seconds when read.
internal enum RecordTime {
    static func format(_ time: Date) -> String {
        time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func parse(_ text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
