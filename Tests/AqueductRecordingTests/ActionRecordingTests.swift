import Aqueduct
import AqueductRecording
import Foundation
import Testing

@Suite struct ActionRecordingTests {
    /// The hand-written recording of `Fixtures/session.jsonl`: five records and a blank line.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/session.jsonl").path

    /// A directory of the test's own, removed when `body` returns.
    static func withDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory.path)
    }

    /// ``withDirectory(_:)`` for a body that suspends.
    static func withDirectory<T>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (String) async throws -> T
    ) async throws -> T {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory.path)
    }

    /// A new directory of the test's own.
    private static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ActionRecordingTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func lines(_ text: String) throws(ActionRecordingError) -> ActionRecording {
        try ActionRecording(jsonLines: Array(text.utf8))
    }

    static func record(_ seq: Int, cause: Int? = nil) -> ActionRecord {
        ActionRecord(
            seq: seq,
            cause: cause.map { ActionRecord.Cause(seq: $0, kind: .sentByEffect) },
            action: ActionRecord.Action(description: "tick(\(seq))", value: .integer(Int64(seq))),
            source: ActionRecord.Source(file: "Game/Clock.swift", function: "tick()", line: 3),
            changes: [ActionRecord.Change(path: "ticks", before: "\(seq)", after: "\(seq + 1)")],
            time: Date(timeIntervalSince1970: 1_795_461_676 + Double(seq)),
            durationNanoseconds: 100
        )
    }

    static func text(_ records: [ActionRecord]) throws -> String {
        try records.map { try $0.jsonLine() + "\n" }.joined()
    }

    // MARK: The fixture

    @Test func theFixtureReadsWithEveryFieldAndNoWarning() throws {
        let recording = try ActionRecording(contentsOf: Self.fixture)
        #expect(recording.warnings.isEmpty)
        #expect(recording.records.map(\.seq) == [0, 1, 2, 5, 6])
        #expect(
            recording.records.map(\.cause) == [
                nil,
                ActionRecord.Cause(seq: 0, kind: .bridgedFrom),
                ActionRecord.Cause(seq: 0, kind: .sentByEffect),
                ActionRecord.Cause(seq: 2, kind: .dispatchedDuring),
                nil,
            ]
        )

        let first = recording.records[0]
        #expect(first.action.description == "playback(PlaybackEvent.didStart)")
        #expect(first.action.value == .object(["playback": .object(["_0": .string("didStart")])]))
        #expect(
            first.source
                == ActionRecord.Source(file: "Player/PlaybackMiddleware.swift", function: "start(_:)", line: 31)
        )
        #expect(first.changes == [ActionRecord.Change(path: "playback.isPlaying", before: "false", after: "true")])
        #expect(first.time == Date(timeIntervalSince1970: 1_795_461_676.25))
        #expect(first.durationNanoseconds == 48_200)

        let bridged = recording.records[1]
        #expect(bridged.action.value == nil)
        #expect(
            bridged.source.info == [
                "Bridged from playback(PlaybackEvent.didStart) at PlayerBridges.swift, playerBridges:12"
            ]
        )
        #expect(
            bridged.changes[1] == ActionRecord.Change(path: "downloads.queue[0]", before: nil, after: "\"Episode 1\"")
        )

        let sent = recording.records[2]
        #expect(sent.action.value == .null)
        #expect(sent.changes[1] == ActionRecord.Change(path: #"library.titles["old"]"#, before: "\"Old\"", after: nil))
        #expect(sent.changesTruncated)

        #expect(recording.records[3].time == Date(timeIntervalSince1970: 1_795_461_677))
        #expect(recording.records[3].changes.isEmpty)

        let last = recording.records[4]
        #expect(last.action.description == "rename(\"Zoë\\n<b>\")")
        #expect(
            last.action.value
                == .object([
                    "rename": .object(["_0": .string("Zoë\n<b>"), "count": .integer(12), "ratio": .double(0.5)])
                ])
        )
        #expect(last.source.info == ["typed at the prompt", "second line"])
        #expect(last.changes.first?.path == "")
        #expect(last.durationNanoseconds == UInt64.max)
    }

    // MARK: What a killed process leaves

    @Test func aTornLastLineIsSkippedWithAWarning() throws {
        let full = try Self.text([Self.record(0), Self.record(1, cause: 0)])
        let torn = full + String(try Self.record(2).jsonLine().prefix(40))
        let recording = try Self.lines(torn)
        #expect(recording.records == [Self.record(0), Self.record(1, cause: 0)])
        let warning = try #require(recording.warnings.first)
        #expect(recording.warnings.count == 1)
        #expect(warning.line == 3)
        #expect("\(warning)".hasPrefix("line 3 skipped: it was cut short ("))
        #expect("\(warning)".hasSuffix(") when the process recording it stopped"))
    }

    @Test func aTornLastLineFollowedByBlankLinesIsStillTheLast() throws {
        let text = try Self.text([Self.record(0)]) + #"{"seq":1,"cau"# + "\n\n  \n"
        let recording = try Self.lines(text)
        #expect(recording.records.count == 1)
        #expect(recording.warnings.map(\.line) == [2])
    }

    @Test func anUndecodableLineInTheMiddleIsAnErrorNamingIt() throws {
        let text = try Self.text([Self.record(0)]) + "{\"seq\":\"one\"}\n" + Self.text([Self.record(2)])
        let error = try #require(throws: ActionRecordingError.self) { try Self.lines(text) }
        #expect(error == .undecodableLine(line: 2, reason: "field `seq` is not a whole number"))
        #expect("\(error)".hasPrefix("line 2 does not decode: field `seq` is not a whole number."))
    }

    @Test(arguments: [
        ("not json at all", "not a JSON object"),
        (#"{"seq":1}"#, "field `action` is missing"),
        (#"[1, 2]"#, "not a JSON object"),
    ])
    func eachUndecodableMiddleLineSaysWhy(line: String, reason: String) throws {
        let text = line + "\n" + (try Self.text([Self.record(3)]))
        let error = try #require(throws: ActionRecordingError.self) { try Self.lines(text) }
        guard case .undecodableLine(1, let actual) = error else {
            Issue.record("expected an undecodable line 1, got \(error)")
            return
        }
        #expect(actual.contains(reason), "\(actual)")
    }

    /// Lines that are not a record cut short: as the only or the last line they are errors, not
    /// a warning over an empty recording.
    @Test(arguments: [
        (#"[{"seq":0}]"#, "not a JSON object"),
        ("PK\u{3}\u{4}\u{14}\u{0}\u{8}\u{0}binary", "not a JSON object"),
        ("{}", "field `seq` is missing"),
    ])
    func aLastLineThatIsNotACutRecordIsAnError(line: String, reason: String) throws {
        for prefix in ["", try Self.text([Self.record(0)])] {
            let error = try #require(throws: ActionRecordingError.self) { try Self.lines(prefix + line) }
            guard case .undecodableLine(let number, let actual) = error else {
                Issue.record("expected an undecodable line, got \(error)")
                continue
            }
            #expect(number == (prefix.isEmpty ? 1 : 2))
            #expect(actual.contains(reason), "\(actual)")
        }
    }

    @Test func twoRecordsOnOneLineAreAnErrorNotACutLine() throws {
        let line = try Self.record(0).jsonLine() + Self.record(1).jsonLine()
        let error = try #require(throws: ActionRecordingError.self) { try Self.lines(line) }
        guard case .undecodableLine(1, _) = error else {
            Issue.record("expected an undecodable line 1, got \(error)")
            return
        }
    }

    @Test(arguments: [
        (#"{"seq":1,"action":{"description":"a\"{"#, true),
        (#"{"seq":1,"action":{"description":"x"},"changes":[{"path":"p"#, true),
        (#"{"seq":1}{"#, false),
        (#"{"seq":1}]"#, false),
        (#"[{"seq":1"#, false),
        (#"  {"seq":"#, true),
        ("seq", false),
    ])
    func aLineIsCutShortWhenItEndsInsideTheObjectItOpens(line: String, isCut: Bool) throws {
        let text = try Self.text([Self.record(0)]) + line
        if isCut {
            #expect(try Self.lines(text).warnings.map(\.line) == [2])
        } else {
            #expect(throws: ActionRecordingError.self) { try Self.lines(text) }
        }
    }

    // MARK: The reader's parser against JSONDecoder

    /// Lines in every form JSON allows — escapes, surrogate pairs, white space, exponents,
    /// nested values, the largest numbers — read as `JSONDecoder` reads them through `Codable`.
    @Test(arguments: [
        #"{"seq":0,"cause":null,"cause_kind":null,"action":{"description":"a\"b\\c\/d\n\t\u00e9\ud83d\ude00"},"source":{"file":"F","function":"f","line":1,"info":["x"]},"changes":[],"time":"2026-11-23T19:21:16.250Z","duration_ns":18446744073709551615}"#,
        #"  { "seq" : 7 , "action" : { "description" : "x" , "value" : { "a" : [ 1 , -2.5e3 , true , false , null , "s" , { } , [ ] ] } } , "source" : { "file" : "F" , "function" : "f" , "line" : 0 } , "changes" : [ { "path" : "p" , "before" : null , "after" : "1" } ] , "time" : "2026-11-23T19:21:16Z" , "duration_ns" : 0 }  "#,
        #"{"seq":9223372036854775807,"action":{"description":"","value":1E-7},"source":{"file":"","function":"","line":18446744073709551615,"info":[]},"changes":[],"changes_truncated":true,"changes_skipped":false,"time":"2026-11-23T21:21:16.5+02:00","duration_ns":1}"#,
    ])
    func aLineReadsAsJSONDecoderReadsIt(line: String) throws {
        let expected = try JSONDecoder().decode(ActionRecord.self, from: Data(line.utf8))
        #expect(try Self.lines(line).records == [expected])
    }

    @Test(arguments: [
        #"{"seq":01,"#, #"{"seq":1.5,"#, #"{"seq":"1","#, #"{"seq":1e2,"#, #"{"seq":-0.0,"#,
    ])
    func aSeqThatIsNotWrittenAsAWholeNumberIsRefused(start: String) throws {
        let line =
            start
            + #""action":{"description":"x"},"source":{"file":"F","function":"f","line":1},"changes":[],"time":"2026-11-23T19:21:16Z","duration_ns":0}"#
        #expect(throws: ActionRecordingError.self) { try Self.lines(line + "\n" + (try Self.text([Self.record(5)]))) }
    }

    @Test(arguments: [
        #"{"a":"\x"}"#, #"{"a":"\ud800"}"#, #"{"a":"\u12"}"#, #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":tru}"#,
        "{\"a\":\"\u{1}\"}",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func textThatIsNotJSONIsRefusedNamingWhereItStops(line: String) throws {
        let error = try #require(throws: ActionRecordingError.self) {
            try Self.lines(line + "\n" + (try Self.text([Self.record(5)])))
        }
        guard case .undecodableLine(1, let reason) = error else {
            Issue.record("expected an undecodable line 1, got \(error)")
            return
        }
        #expect(reason.hasPrefix("not a JSON object (") && reason.contains(" at byte "), "\(reason)")
    }

    // MARK: Sessions and gaps

    static let header = #"{"kind":"session","format":1,"time":"2026-11-23T19:21:16.250Z","process":4211}"# + "\n"

    @Test func eachSessionHeaderStartsASessionWhoseSeqStartsAgain() throws {
        let text =
            try Self.text([Self.record(0), Self.record(1)]) + Self.header
            + Self.text([Self.record(0), Self.record(1, cause: 0)]) + Self.header + Self.text([Self.record(0)])
        let recording = try Self.lines(text)
        #expect(recording.sessions.map { $0.records.map(\.seq) } == [[0, 1], [0, 1], [0]])
        #expect(recording.sessions.map(\.line) == [nil, 3, 6])
        #expect(recording.sessions[0].start == nil)
        #expect(recording.sessions[1].start == Date(timeIntervalSince1970: 1_795_461_676.25))
        #expect(recording.sessions[1].process == 4211)
        #expect(recording.records.map(\.seq) == [0, 1, 0, 1, 0])
        #expect(recording.warnings.isEmpty)
    }

    @Test func aLineCutShortAtTheEndOfASessionIsAWarningAndTheNextSessionReads() throws {
        let cut = String(try Self.record(2).jsonLine().prefix(50))
        let text =
            Self.header + (try Self.text([Self.record(0), Self.record(1)])) + cut + "\n" + Self.header
            + (try Self.text([Self.record(0)]))
        let recording = try Self.lines(text)
        #expect(recording.sessions.map { $0.records.map(\.seq) } == [[0, 1], [0]])
        #expect(recording.warnings.map(\.line) == [4])
    }

    @Test func aLineCutShortFollowedByARecordIsAnError() throws {
        let cut = String(try Self.record(2).jsonLine().prefix(50))
        let text = Self.header + (try Self.text([Self.record(0)])) + cut + "\n" + (try Self.text([Self.record(3)]))
        let error = try #require(throws: ActionRecordingError.self) { try Self.lines(text) }
        guard case .undecodableLine(3, _) = error else {
            Issue.record("expected an undecodable line 3, got \(error)")
            return
        }
    }

    @Test func aGapLineIsAGapAfterTheRecordsBeforeIt() throws {
        let gap =
            #"{"kind":"gap","time":"2026-11-23T19:21:18.500Z","dropped":12,"first_seq":2,"last_seq":13,"#
            + #""reason":"the writer was 65536 records behind"}"# + "\n"
        let text =
            Self.header + (try Self.text([Self.record(0), Self.record(1)])) + gap + (try Self.text([Self.record(14)]))
        let recording = try Self.lines(text)
        let session = try #require(recording.sessions.first)
        #expect(session.records.map(\.seq) == [0, 1, 14])
        #expect(
            session.gaps == [
                ActionRecording.Gap(
                    droppedCount: 12,
                    firstSeq: 2,
                    lastSeq: 13,
                    reason: "the writer was 65536 records behind",
                    time: Date(timeIntervalSince1970: 1_795_461_678.5),
                    position: 2
                )
            ]
        )
    }

    @Test(arguments: [
        (#"{"kind":"snapshot","time":"2026-11-23T19:21:16.250Z"}"#, "kind \"snapshot\" is not one of session, gap"),
        (#"{"kind":"session","format":2,"time":"2026-11-23T19:21:16.250Z"}"#, "format 2 is newer than"),
        (
            #"{"kind":"gap","time":"2026-11-23T19:21:16.250Z","dropped":0,"first_seq":1,"last_seq":0,"reason":""}"#,
            "a gap drops 1 or more"
        ),
        (#"{"kind":"session","format":1,"time":"yesterday"}"#, "time \"yesterday\" is not ISO 8601"),
    ])
    func aLineOfAnUnknownKindOrFormatIsAnError(line: String, reason: String) throws {
        let text = line + "\n" + (try Self.text([Self.record(0)]))
        let error = try #require(throws: ActionRecordingError.self) { try Self.lines(text) }
        guard case .undecodableLine(1, let actual) = error else {
            Issue.record("expected an undecodable line 1, got \(error)")
            return
        }
        #expect(actual.contains(reason), "\(actual)")
    }

    @Test func aLineLongerThanTheLimitIsRefusedBeforeItIsHeld() throws {
        let long = try Self.record(10).jsonLine()  // a few bytes longer than record 0's line
        let text = try Self.text([Self.record(0)]) + long + "\n"
        let limit = long.utf8.count - 1
        let error = try #require(throws: ActionRecordingError.self) {
            try ActionRecording(jsonLines: Array(text.utf8), maximumLineLength: limit)
        }
        #expect(error == .lineTooLong(line: 2, limit: limit))
        #expect(try ActionRecording(jsonLines: Array(text.utf8), maximumLineLength: limit + 1).records.count == 2)
    }

    @Test func aLineWithoutANewlineThatNeverEndsIsRefusedFromAFile() throws {
        try Self.withDirectory { directory in
            let path = directory + "/endless.jsonl"
            try Data(repeating: UInt8(ascii: "x"), count: 300_000).write(to: URL(fileURLWithPath: path))
            let error = try #require(throws: ActionRecordingError.self) {
                try ActionRecording(contentsOf: path, maximumLineLength: 100_000)
            }
            #expect(error == .lineTooLong(line: 1, limit: 100_000))
        }
    }

    @Test func aSeqThatDoesNotGrowIsAnError() throws {
        let text = try Self.text([Self.record(0), Self.record(1), Self.record(0)])
        let error = try #require(throws: ActionRecordingError.self) { try Self.lines(text) }
        #expect(error == .seqNotIncreasing(line: 3, seq: 0, previous: 1))
        #expect("\(error)".contains("not greater than the previous line's 1 in the same session"))
    }

    @Test func aRepeatedSeqIsAnErrorWithinASessionButNotAcrossSessions() throws {
        let text = try Self.text([Self.record(0), Self.record(1), Self.record(1)])
        let error = try #require(throws: ActionRecordingError.self) { try Self.lines(text) }
        #expect(error == .seqNotIncreasing(line: 3, seq: 1, previous: 1))
        let twoSessions =
            Self.header + (try Self.text([Self.record(1)])) + Self.header + (try Self.text([Self.record(1)]))
        #expect(try Self.lines(twoSessions).records.map(\.seq) == [1, 1])
    }

    // MARK: Files

    @Test func aLargeFileReadsAcrossItsChunks() throws {
        try Self.withDirectory { directory in
            let records = (0..<1_200).map { Self.record($0, cause: $0 == 0 ? nil : $0 - 1) }
            let path = directory + "/large.jsonl"
            let text = try Self.text(records)
            #expect(text.utf8.count > 4 * (1 << 16))
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let recording = try ActionRecording(contentsOf: path)
            #expect(recording.records == records)
            #expect(recording.warnings.isEmpty)
        }
    }

    @Test func linesEndedWithCarriageReturnsRead() throws {
        let text = try Self.text([Self.record(0), Self.record(1)]).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try Self.lines(text).records.count == 2)
    }

    @Test func anEmptyFileIsAnEmptyRecording() throws {
        let recording = try Self.lines("")
        #expect(recording.records.isEmpty)
        #expect(recording.warnings.isEmpty)
    }

    @Test func aMissingFileCannotBeOpened() throws {
        try Self.withDirectory { directory in
            let path = directory + "/missing.jsonl"
            let error = try #require(throws: ActionRecordingError.self) { try ActionRecording(contentsOf: path) }
            #expect(error == .cannotOpen(path: path, reason: "No such file or directory"))
            #expect("\(error)" == "Cannot open the recording \"\(path)\": No such file or directory.")
        }
    }

    @Test func aDirectoryCannotBeOpened() throws {
        try Self.withDirectory { directory in
            let error = try #require(throws: ActionRecordingError.self) { try ActionRecording(contentsOf: directory) }
            #expect(error == .cannotOpen(path: directory, reason: "it is a directory"))
        }
    }
}
