import Aqueduct
import AqueductRecording
import Foundation
import Testing

@Suite struct ActionRecordTests {
    enum GameAction: Codable, Sendable, Equatable {
        case join(name: String)
        case score(points: Int, bonus: Double)
    }

    enum LocalAction: Sendable {
        case tick
    }

    struct Item: Equatable {
        var title: String
    }

    struct GameState: Equatable {
        var score = 0
        var items: [Item] = []
        var note: String?
    }

    static let time = Date(timeIntervalSince1970: 1_795_461_676.25)

    static func record(seq: Int = 4, cause: ActionRecord.Cause? = nil) -> ActionRecord {
        ActionRecord(
            seq: seq,
            cause: cause,
            action: ActionRecord.Action(GameAction.score(points: 3, bonus: 0.5)),
            source: ActionRecord.Source(file: "Game/Bridges.swift", function: "bridges", line: 12, info: ["a", "b"]),
            changes: [
                ActionRecord.Change(path: "score", before: "0", after: "3"),
                ActionRecord.Change(path: "items[0]", before: nil, after: "Item(title: \"x\")"),
            ],
            time: time,
            durationNanoseconds: 41_250
        )
    }

    /// The line as a JSON object, for looking at its fields one by one.
    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static func decode(_ line: String) throws -> ActionRecord {
        try JSONDecoder().decode(ActionRecord.self, from: Data(line.utf8))
    }

    // MARK: The line

    @Test func aRecordReadsBackAsItWasWritten() throws {
        for record in [Self.record(), Self.record(seq: 9, cause: .init(seq: 2, kind: .sentByEffect))] {
            #expect(try Self.decode(record.jsonLine()) == record)
        }
    }

    @Test func theLineHasTheDocumentedFieldsAndNames() throws {
        let fields = try Self.object(Self.record(cause: .init(seq: 3, kind: .bridgedFrom)).jsonLine())
        #expect(
            Set(fields.keys) == ["seq", "cause", "cause_kind", "action", "source", "changes", "time", "duration_ns"]
        )
        #expect(fields["seq"] as? Int == 4)
        #expect(fields["cause"] as? Int == 3)
        #expect(fields["cause_kind"] as? String == "bridged-from")
        #expect(fields["time"] as? String == "2026-11-23T19:21:16.250Z")
        #expect(fields["duration_ns"] as? Int == 41_250)
        let source = try #require(fields["source"] as? [String: Any])
        #expect(source["file"] as? String == "Game/Bridges.swift")
        #expect(source["line"] as? Int == 12)
        #expect(source["info"] as? [String] == ["a", "b"])
        let action = try #require(fields["action"] as? [String: Any])
        #expect(action["description"] as? String == "score(points: 3, bonus: 0.5)")
        #expect(action["value"] is [String: Any])
    }

    @Test func theLineListsTheFieldsInTheDocumentedOrder() throws {
        var record = Self.record(cause: .init(seq: 3, kind: .bridgedFrom))
        record.changesTruncated = true
        #expect(
            try record.jsonLine()
                == #"{"seq":4,"cause":3,"cause_kind":"bridged-from","#
                + #""action":{"description":"score(points: 3, bonus: 0.5)","#
                + #""value":{"score":{"bonus":0.5,"points":3}}},"#
                + #""source":{"file":"Game/Bridges.swift","function":"bridges","line":12,"info":["a","b"]},"#
                + #""changes":[{"path":"score","before":"0","after":"3"},"#
                + #"{"path":"items[0]","before":null,"after":"Item(title: \"x\")"}],"#
                + #""changes_truncated":true,"time":"2026-11-23T19:21:16.250Z","duration_ns":41250}"#
        )
    }

    @Test func aValueWithANumberThatIsNotFiniteCannotBeWritten() {
        var record = Self.record()
        record.action.value = .array([.double(.nan)])
        #expect(throws: EncodingError.self) { try record.jsonLine() }
    }

    @Test func theCodableEncodingReadsBackToo() throws {
        let record = Self.record(seq: 9, cause: .init(seq: 2, kind: .dispatchedDuring))
        #expect(try JSONDecoder().decode(ActionRecord.self, from: JSONEncoder().encode(record)) == record)
    }

    @Test func anOutsideActionWritesItsCauseAsNull() throws {
        let line = try Self.record().jsonLine()
        #expect(line.contains(#""cause":null"#))
        #expect(line.contains(#""cause_kind":null"#))
    }

    @Test func anAbsentSideOfAChangeIsWrittenAsNull() throws {
        let fields = try Self.object(Self.record().jsonLine())
        let changes = try #require(fields["changes"] as? [[String: Any]])
        #expect(changes.count == 2)
        #expect(changes[1]["before"] is NSNull)
        #expect(changes[1]["after"] as? String == "Item(title: \"x\")")
    }

    @Test func truncatedChangesAreWrittenOnlyWhenTrue() throws {
        #expect(try Self.object(Self.record().jsonLine())["changes_truncated"] == nil)
        var record = Self.record()
        record.changesTruncated = true
        #expect(try Self.object(record.jsonLine())["changes_truncated"] as? Bool == true)
        #expect(try Self.decode(record.jsonLine()).changesTruncated)
    }

    @Test func aRecordIsOneLineWhateverItsTextHolds() throws {
        var record = Self.record()
        record.action = ActionRecord.Action(description: "line one\nline two\r\u{2028}\u{1}</script>\\", value: nil)
        record.source.info = ["first\nsecond"]
        let line = try record.jsonLine()
        #expect(!line.contains("\n") && !line.contains("\r"))
        #expect(try Self.decode(line) == record)
    }

    // MARK: Decoding checks

    /// A line written by hand, its fields given as JSON text.
    static func line(
        seq: String = "4",
        cause: String = "null",
        kind: String = "null",
        time: String = #""2026-11-23T19:21:16.250Z""#
    ) -> String {
        #"{"seq":\#(seq),"cause":\#(cause),"cause_kind":\#(kind),"action":{"description":"x"},"#
            + #""source":{"file":"A.swift","function":"f()","line":1},"changes":[],"#
            + #""time":\#(time),"duration_ns":5}"#
    }

    @Test func aLineWrittenByHandDecodes() throws {
        let record = try Self.decode(Self.line(cause: "3", kind: #""dispatched-during""#))
        #expect(record.seq == 4)
        #expect(record.cause == ActionRecord.Cause(seq: 3, kind: .dispatchedDuring))
        #expect(record.source.info.isEmpty)
        #expect(record.durationNanoseconds == 5)
    }

    @Test(arguments: [
        (line(seq: "-1"), "seq is -1; it must be 0 or more"),
        (line(cause: "4", kind: #""bridged-from""#), "cause is 4; it must be an earlier seq than 4"),
        (line(cause: "-1", kind: #""bridged-from""#), "cause is -1; it must be an earlier seq than 4"),
        (line(cause: "1"), "cause is set but cause_kind is null"),
        (line(kind: #""sent-by-effect""#), "cause_kind is set but cause is null"),
        (line(time: #""yesterday""#), #"time "yesterday" is not ISO 8601"#),
    ])
    func aLineThatBreaksTheFormatDoesNotDecode(line: String, message: String) throws {
        let error = try #require(throws: DecodingError.self) { try Self.decode(line) }
        #expect("\(error)".contains(message))
    }

    @Test func anUnknownCauseKindDoesNotDecode() throws {
        let line = try Self.record(cause: .init(seq: 1, kind: .bridgedFrom)).jsonLine()
            .replacingOccurrences(of: "bridged-from", with: "teleported")
        #expect(throws: DecodingError.self) { try Self.decode(line) }
    }

    @Test func aTimeWithMoreOrNoFractionalDigitsOrAnOffsetDecodes() throws {
        let line = try Self.record().jsonLine()
        for (text, seconds) in [
            ("2026-11-23T19:21:16.250118Z", 1_795_461_676.250118),
            ("2026-11-23T19:21:16Z", 1_795_461_676.0),
            ("2026-11-23T21:21:16.5+02:00", 1_795_461_676.5),
        ] {
            let record = try Self.decode(line.replacingOccurrences(of: "2026-11-23T19:21:16.250Z", with: text))
            #expect(abs(record.time.timeIntervalSince1970 - seconds) < 0.000_01, "\(text)")
        }
    }

    // MARK: Building a record's parts

    @Test func anEncodableActionIsRecordedWithItsValue() throws {
        let recorded = ActionRecord.Action(GameAction.join(name: "Ada"))
        #expect(recorded.description == #"join(name: "Ada")"#)
        let value = try #require(recorded.value)
        #expect(try value.decode(as: GameAction.self) == .join(name: "Ada"))
    }

    @Test func anActionThatIsNotEncodableIsRecordedByItsDescription() throws {
        let recorded = ActionRecord.Action(LocalAction.tick)
        #expect(recorded.description == "tick")
        #expect(recorded.value == nil)
        var record = Self.record()
        record.action = recorded
        let fields = try Self.object(record.jsonLine())
        #expect(try #require(fields["action"] as? [String: Any])["value"] == nil)
    }

    @Test func anActionEncodedAsNullKeepsItsValue() throws {
        var record = Self.record()
        record.action = ActionRecord.Action(description: "nothing", value: .null)
        #expect(try Self.decode(record.jsonLine()).action.value == .null)
    }

    @Test func aSourceKeepsItsInfoLinesApartAndBuildsDeferredOnes() {
        let source = ActionSource(file: "Game/Terminal.swift", function: "read()", line: 7, info: "typed")
            .appendingInfo("second\nwith a newline")
            .appendingInfo(deferred: { "Bridged from join" })
        let recorded = ActionRecord.Source(source)
        #expect(recorded.file == "Game/Terminal.swift")
        #expect(recorded.function == "read()")
        #expect(recorded.line == 7)
        #expect(recorded.info == ["typed", "second\nwith a newline", "Bridged from join"])
        // Back as a source with the same lines, each given as text.
        #expect(
            recorded.actionSource
                == ActionSource(file: "Game/Terminal.swift", function: "read()", line: 7, info: "typed")
                .appendingInfo("second\nwith a newline")
                .appendingInfo("Bridged from join")
        )
        #expect(recorded.actionSource.info == source.info)
        #expect(ActionRecord.Source(ActionSource(file: "A.swift", function: "f()", line: 1)).info.isEmpty)
    }

    @Test func aSourceWithoutInfoDecodesWithNoLines() throws {
        let source = try JSONDecoder().decode(
            ActionRecord.Source.self,
            from: Data(#"{"file":"A.swift","function":"f()","line":3}"#.utf8)
        )
        #expect(source == ActionRecord.Source(file: "A.swift", function: "f()", line: 3))
    }

    @Test func changesComeFromTheStateDiff() {
        var after = GameState()
        after.score = 2
        after.items = [Item(title: "Milk")]
        after.note = "hi"
        let (changes, truncated) = ActionRecord.changes(of: StateDiff(from: GameState(), to: after))
        #expect(!truncated)
        #expect(
            changes == [
                ActionRecord.Change(path: "score", before: "0", after: "2"),
                ActionRecord.Change(path: "items.count", before: "0", after: "1"),
                ActionRecord.Change(path: "items[0]", before: nil, after: #"ActionRecordTests.Item(title: "Milk")"#),
                ActionRecord.Change(path: "note", before: "nil", after: #""hi""#),
            ]
        )
        let limited = ActionRecord.changes(of: StateDiff(from: GameState(), to: after, limit: 1))
        #expect(limited.changes.count == 1)
        #expect(limited.truncated)
    }

    @Test func aChangeDescribesItselfAsTheLoggerDoes() {
        #expect(
            ActionRecord.Change(path: "items[1].title", before: "\"a\"", after: nil).description
                == "items[1].title: \"a\" → (none)"
        )
        #expect(ActionRecord.Change(path: "", before: "1", after: "2").description == "1 → 2")
    }

    @Test func theDurationIsTheNanoseconds() {
        #expect(Self.record().duration == .nanoseconds(41_250))
    }
}
