import Aqueduct
import Foundation
import Testing

@testable import AqueductRecording

@Suite struct RecordEncodingBytesTests {
    /// The lines these records were written as before the encoder wrote bytes by hand.
    static let expectedLines: [String] = [
        "{\"seq\":0,\"cause\":null,\"cause_kind\":null,\"action\":{\"description\":\"increment\"},\"source\":{\"file\":\"App/View.swift\",\"function\":\"body\",\"line\":12,\"info\":[]},\"changes\":[{\"path\":\"\",\"before\":\"0\",\"after\":\"1\"}],\"time\":\"2026-11-23T19:21:16.250Z\",\"duration_ns\":1250}",
        "{\"seq\":7,\"cause\":3,\"cause_kind\":\"bridged-from\",\"action\":{\"description\":\"say(\\\"quote \\\\\\\" back\\\\\\\\slash\\ttab\\nnew\\rret \\u0001 \\u001f \\u2028\\u2029 \u{E9} \u{2603} \u{1F642}\\\")\",\"value\":{\"a\":\"x\\\"y\\\\z\\u0000\u{7F}\u{85}\",\"b\":[null,true,false,-42,2.5,1e+300],\"c\":[],\"\u{E9}\":{}}},\"source\":{\"file\":\"Game/Bridges.swift\",\"function\":\"bridges(_:)\",\"line\":4294967296,\"info\":[\"bridged from score(points: 3)\",\"line\\nbreak\",\"\"]},\"changes\":[{\"path\":\"items[1].title\",\"before\":\"\\\"Milk\\\"\",\"after\":\"\\\"Bread\\\"\"},{\"path\":\"tags[\\\"b\\\"]\",\"before\":null,\"after\":\"1\"},{\"path\":\"set\",\"before\":\"x\",\"after\":null}],\"changes_truncated\":true,\"time\":\"1970-01-01T00:00:00.999Z\",\"duration_ns\":18446744073709551615}",
        "{\"seq\":9223372036854775807,\"cause\":0,\"cause_kind\":\"sent-by-effect\",\"action\":{\"description\":\"\",\"value\":-9223372036854775808},\"source\":{\"file\":\"\",\"function\":\"\",\"line\":0,\"info\":[]},\"changes\":[],\"changes_skipped\":true,\"time\":\"2099-12-31T23:59:59.999Z\",\"duration_ns\":0}",
        "{\"seq\":12,\"cause\":11,\"cause_kind\":\"dispatched-during\",\"action\":{\"description\":\"tick\",\"value\":\"\"},\"source\":{\"file\":\"F.swift\",\"function\":\"f()\",\"line\":1,\"info\":[\"\u{FC}\"]},\"changes\":[{\"path\":\"count\",\"before\":null,\"after\":null}],\"changes_truncated\":true,\"changes_skipped\":true,\"time\":\"2001-01-01T00:00:00.000Z\",\"duration_ns\":1}",
    ]

    /// The descriptions these texts were given before ASCII text was stripped byte by byte.
    static let expectedDescriptions: [String] = [
        "increment",
        "Type.case",
        "lifecycle(AppLifecycleAction.didBecomeActive)",
        "say(\"Module.Type in a string\", Kind.a)",
        "say(\"escaped \\\" Module.Type\") T",
        "B Y Z Q 1.E F .G.H",
        "Optional<Bar>.some(Bar.x)",
        "StackAction<DetailState, DetailAction>.element(id: #3, action: DetailAction.tap)",
        "x.\u{D}\u{A}y \"unterminated \\",
        "trailing.",
        "a.b.C",
        "Cd.Ef.gh",
        "",
        ".Leading.Dot",
        "Module.Type \u{2603}.X",
        "[1: \"a\", 2: \"b\"]",
        "Optional(T(x: 1.5, y: -2))",
    ]

    @Test func recordLinesAreTheBytesWrittenBefore() throws {
        let lines = try EncodingFixtures.records.map { try $0.jsonLine() }
        #expect(lines == Self.expectedLines)
    }

    @Test func strippedDescriptionsAreTheTextsGivenBefore() {
        #expect(EncodingFixtures.descriptions.map(ActionDescription.stripModules) == Self.expectedDescriptions)
    }

    @Test func theRecordersFileHoldsEachRecordsLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("encoding-\(UUID().uuidString).jsonl")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RecordingWriter(path: path)
        for record in EncodingFixtures.records {
            writer.append(seq: record.seq, holdsState: false) { record }
        }
        #expect(writer.flush())
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.dropFirst()) == Self.expectedLines + [""])
    }

    /// The time as the format style writes it, for times around now, on millisecond edges and
    /// across the years the hand-written formatter covers.
    @Test func recordTimesAreWhatTheFormatStyleWrites() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var generator = SystemRandomNumberGenerator()
        var times: [Date] = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -0.001), Date(timeIntervalSince1970: 0.9995),
            Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -0.0005),
            Date(timeIntervalSince1970: 951_782_400.5),  // 2000-02-29
            Date(timeIntervalSince1970: 253_402_300_799.999), Date(timeIntervalSince1970: 253_402_300_800),
            Date(timeIntervalSince1970: -62_135_596_800),
        ]
        for _ in 0..<20_000 {
            let second = Double(Int.random(in: 0..<4_200_000_000, using: &generator))
            times.append(Date(timeIntervalSince1970: Double.random(in: 0..<253_402_300_800, using: &generator)))
            times.append(
                Date(timeIntervalSince1970: second + Double(Int.random(in: 0..<1_000, using: &generator)) / 1_000)
            )
            times.append(
                Date(timeIntervalSince1970: second + 0.9995 + Double.random(in: -1e-6..<1e-6, using: &generator))
            )
            times.append(Date().addingTimeInterval(Double.random(in: 0..<1_000, using: &generator)))
        }
        let mismatches = times.filter { RecordTime.format($0) != style.format($0) }
        #expect(
            mismatches.isEmpty,
            "\(mismatches.prefix(3).map { ($0.timeIntervalSinceReferenceDate, RecordTime.format($0)) })"
        )
    }
}

/// Records and descriptions whose encoding is pinned to the bytes the recorder wrote before it
/// encoded into bytes by hand: the record format must not change with the encoder.
enum EncodingFixtures {
    static let time = Date(timeIntervalSince1970: 1_795_461_676.25)

    static var records: [ActionRecord] {
        [
            ActionRecord(
                seq: 0,
                cause: nil,
                action: ActionRecord.Action(description: "increment", value: nil),
                source: ActionRecord.Source(file: "App/View.swift", function: "body", line: 12),
                changes: [ActionRecord.Change(path: "", before: "0", after: "1")],
                time: time,
                durationNanoseconds: 1_250
            ),
            ActionRecord(
                seq: 7,
                cause: ActionRecord.Cause(seq: 3, kind: .bridgedFrom),
                action: ActionRecord.Action(
                    description: "say(\"quote \\\" back\\\\slash\ttab\nnew\rret \u{1} \u{1F} \u{2028}\u{2029} é ☃ 🙂\")",
                    value: .object([
                        "b": .array([.null, .bool(true), .bool(false), .integer(-42), .double(2.5), .double(1e300)]),
                        "a": .string("x\"y\\z\u{0}\u{7F}\u{85}"),
                        "é": .object([:]),
                        "c": .array([]),
                    ])
                ),
                source: ActionRecord.Source(
                    file: "Game/Bridges.swift",
                    function: "bridges(_:)",
                    line: 4_294_967_296,
                    info: ["bridged from score(points: 3)", "line\nbreak", ""]
                ),
                changes: [
                    ActionRecord.Change(path: "items[1].title", before: "\"Milk\"", after: "\"Bread\""),
                    ActionRecord.Change(path: "tags[\"b\"]", before: nil, after: "1"),
                    ActionRecord.Change(path: "set", before: "x", after: nil),
                ],
                changesTruncated: true,
                time: Date(timeIntervalSince1970: 0.9995),
                durationNanoseconds: UInt64.max
            ),
            ActionRecord(
                seq: Int.max,
                cause: ActionRecord.Cause(seq: 0, kind: .sentByEffect),
                action: ActionRecord.Action(description: "", value: .integer(Int64.min)),
                source: ActionRecord.Source(file: "", function: "", line: 0),
                changes: [],
                changesSkipped: true,
                time: Date(timeIntervalSince1970: 4_102_444_799.999),
                durationNanoseconds: 0
            ),
            ActionRecord(
                seq: 12,
                cause: ActionRecord.Cause(seq: 11, kind: .dispatchedDuring),
                action: ActionRecord.Action(description: "tick", value: .string("")),
                source: ActionRecord.Source(file: "F.swift", function: "f()", line: 1, info: ["ü"]),
                changes: [ActionRecord.Change(path: "count", before: nil, after: nil)],
                changesTruncated: true,
                changesSkipped: true,
                time: Date(timeIntervalSinceReferenceDate: 0.0004),
                durationNanoseconds: 1
            ),
        ]
    }

    static let descriptions = [
        "increment",
        "Module.Type.case",
        "lifecycle(Lifecycle.AppLifecycleAction.didBecomeActive)",
        "say(\"Module.Type in a string\", Module.Kind.a)",
        "say(\"escaped \\\" Module.Type\") Mod.T",
        "a.B x.Y _m.Z m_1.Q 1.E e1.F .G.H",
        "Swift.Optional<Foo.Bar>.some(Foo.Bar.x)",
        "StackAction<Feature.DetailState, Feature.DetailAction>.element(id: #3, action: Feature.DetailAction.tap)",
        "x.\r\ny \"unterminated \\",
        "trailing.",
        "a.b.C",
        "Ab.Cd.Ef.gh",
        "",
        ".Leading.Dot",
        "é.Module.Type ☃.X",
        "[1: \"a\", 2: \"b\"]",
        "Optional(Module.T(x: 1.5, y: -2))",
    ]
}
