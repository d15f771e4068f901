import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// The page as text, before any browser: one file, nothing to fetch, the recording embedded so
/// that no text of it can end the data or become markup.
@Suite struct ReportPageTests {
    static func page(_ recording: ActionRecording, title: String = "session.jsonl") -> String {
        String(
            decoding: ReportPage(recording: recording, title: title, recordingName: "session.jsonl").html(),
            as: UTF8.self
        )
    }

    /// The text of the `<script type="application/json">` element.
    static func embeddedData(of page: String) throws -> String {
        let open = try #require(page.range(of: "<script type=\"application/json\" id=\"recording-data\">"))
        let close = try #require(page[open.upperBound...].range(of: "</script>"))
        return String(page[open.upperBound..<close.lowerBound])
    }

    static let hostile = ActionRecording(records: [
        ActionRecord(
            seq: 0,
            cause: nil,
            action: ActionRecord.Action(
                description: "say(\"</script><script>alert(1)</script><!-- & </SCRIPT > \u{2028}\u{2029}\")",
                value: .string("</script>")
            ),
            source: ActionRecord.Source(file: "<b>A</b>.swift", function: "f()", line: 1, info: ["]]></script>"]),
            changes: [
                ActionRecord.Change(path: "a[\"</script>\"]", before: nil, after: "<img src=x onerror=alert(1)>")
            ],
            time: Date(timeIntervalSince1970: 1_795_461_676),
            durationNanoseconds: 1
        )
    ])

    @Test func theRecordingCannotEndItsScriptElementOrOpenAnother() throws {
        let page = Self.page(Self.hostile)
        let data = try Self.embeddedData(of: page)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            #expect(!data.contains(forbidden), "\(forbidden) in the embedded data")
        }
        // Only the page's own two script elements end.
        #expect(page.components(separatedBy: "</script>").count == 3)
        #expect(page.lowercased().components(separatedBy: "</script").count == 3)
    }

    @Test func theEmbeddedDataIsTheRecordingItsStringsUnchanged() throws {
        let data = try Self.embeddedData(of: Self.page(Self.hostile))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let strings = try #require(object["strings"] as? [String])
        #expect(strings.contains("say(\"</script><script>alert(1)</script><!-- & </SCRIPT > \u{2028}\u{2029}\")"))
        #expect(strings.contains("<img src=x onerror=alert(1)>"))
        #expect(strings.contains(#""</script>""#))
        #expect(object["seq"] as? [Int] == [0])
        #expect(object["cause"] as? [Int] == [-1])
        #expect(object["changeBefore"] as? [Int] == [-1])
    }

    @Test func theTitleIsEscaped() {
        let page = Self.page(Self.hostile, title: "<script>alert('x')</script> & \"more\"")
        #expect(
            page.contains(
                "<title>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;more&quot; — Aqueduct DevTools</title>"
            )
        )
        #expect(!page.contains("<script>alert('x')"))
    }

    @Test func thePageLoadsNothingAndRunsOnlyItsOwnScript() {
        let page = Self.page(Self.hostile)
        #expect(
            page.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                    + "style-src 'unsafe-inline'; script-src '\(ReportPage.scriptHash)'\">"
            )
        )
        #expect(
            ReportPage.scriptHash == "sha256-"
                + Data(SHA256.digest(Array(ReportPage.script.utf8))).base64EncodedString()
        )
        #expect(page.contains("<script>" + ReportPage.script + "</script>"))
        for reference in ["http://", "https://", "src=\"", "href=\"", "@import", "url("] {
            #expect(!page.contains(reference), "\(reference) in the page")
        }
    }

    @Test func columnsAndStringsFollowTheRecords() throws {
        let recording = try ActionRecording(contentsOf: ReportFixtures.session.path)
        let data = ReportData(recording: recording, title: "t", recordingName: "r", generated: Date())
        #expect(data.seq == Array(0...14))
        #expect(data.cause[1] == 0 && data.kind[1] == 1)
        #expect(data.cause[3] == 2 && data.kind[3] == 2)
        #expect(data.cause[8] == 6 && data.kind[8] == 3)
        #expect(data.cause[4] == -1 && data.kind[4] == 0)
        #expect(data.infoStart.count == 16 && data.changeStart.count == 16)
        #expect(data.timeMicroseconds[0] == 0)
        #expect(data.timeMicroseconds[1] == 61)
        // Info lines of record 7 are its own three lines, by index into the strings.
        let info = data.info[data.infoStart[7]..<data.infoStart[8]].map { data.strings[$0] }
        #expect(info == recording.records[7].source.info)
        // A string used by many records is stored once.
        #expect(data.strings.filter { $0 == "Lifecycle/AppLifecycleMiddleware.swift" }.count == 1)
        #expect(data.value[3] == -1)
        #expect(data.strings[data.value[0]] == #"{"lifecycle":{"_0":"didBecomeActive"}}"#)
    }

    /// What each action cancelled reaches the page as columns, hostile text as data, and the
    /// script draws it on the row and in the details.
    @Test func cancellationsAreColumnsTheScriptShowsOnTheRowAndInTheDetails() throws {
        var popped = Self.hostile.records[0]
        popped.seq = 1
        popped.cancellations = [
            ActionRecord.Cancellation(kind: .id, target: "</script><img src=x onerror=alert(1)>", effectCount: 0),
            ActionRecord.Cancellation(kind: .child, target: "stack entry #2", effectCount: 2),
        ]
        popped.cancellationsTruncated = true
        let recording = ActionRecording(records: [Self.hostile.records[0], popped])
        let data = ReportData(recording: recording, title: "t", recordingName: "r", generated: Date())
        #expect(data.cancelStart == [0, 0, 2])
        #expect(data.cancelKind == [0, 2])
        #expect(data.cancelTarget.map { data.strings[$0] } == popped.cancellations.map(\.target))
        #expect(data.cancelEffects == [0, 2])
        #expect(data.cancelTruncated == [1])
        let page = Self.page(recording)
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("const cancellationNote = (i) =>"))
        #expect(page.contains("cancellationNote(i));"))
        #expect(page.contains("parts.push(...cancellationDetails(i));"))
    }

    @Test func aChildsActionHasAReadableNameBesideItsDescription() throws {
        var records = ReportFixtures.chainedRecords(count: 3)
        records[1].action = ActionRecord.Action(
            description: "path(StackAction<DetailState, DetailAction>.element(id: #3, action: DetailAction.tap))",
            value: nil
        )
        records[2].action = ActionRecord.Action(description: "rows(id: 7, action: RowAction.toggle)", value: nil)
        let data = ReportData(
            recording: ActionRecording(records: records),
            title: "t",
            recordingName: "r",
            generated: Date()
        )
        #expect(data.name[0] == -1)
        #expect(data.strings[data.name[1]] == "path[3] › tap")
        #expect(data.strings[data.name[2]] == "rows[7] › toggle")
        // The description stays as recorded: it is what the detail shows in full, and replay's key.
        #expect(data.strings[data.action[1]] == records[1].action.description)
        let json = String(decoding: data.json(), as: UTF8.self)
        #expect(json.contains(#""name":[-1,"#))
    }

    @Test func sessionsAndGapsAreMarkersAndACauseIsLookedUpInItsOwnSession() throws {
        let records = ReportFixtures.chainedRecords(count: 4)
        let gap = ActionRecording.Gap(
            droppedCount: 7,
            firstSeq: 4,
            lastSeq: 10,
            reason: "the writer was 3 records behind (maximumBacklog)",
            time: Date(),
            position: 2
        )
        let recording = ActionRecording(sessions: [
            ActionRecording.Session(records: Array(records.prefix(3))),
            ActionRecording.Session(
                start: Date(timeIntervalSince1970: 1_795_461_700),
                process: 42,
                records: records,
                gaps: [gap]
            ),
        ])
        let data = ReportData(recording: recording, title: "t", recordingName: "r", generated: Date())
        #expect(data.seq == [0, 1, 2, 0, 1, 2, 3])
        #expect(data.session == [0, 0, 0, 1, 1, 1, 1])
        // Record 4 (session 2's seq 1) is caused by seq 0 of its own session, record 3.
        #expect(data.parent == [-1, 0, 1, -1, 3, 4, 5])
        #expect(data.markerAt == [0, 3, 5])
        #expect(data.markerKind == [0, 0, 1])
        #expect(
            data.markerText.map { data.strings[$0] }.last
                == "7 actions not recorded (#4–#10): the writer was 3 records behind (maximumBacklog)"
        )
        #expect(data.strings[data.markerText[1]].hasPrefix("Session 2 of 2 · started 2026-11-23T19:21:40"))
        #expect(data.strings[data.markerText[1]].hasSuffix(", process 42"))
        #expect(data.droppedCount == 7)
        #expect([0, 7, 999, 1_000, 1_234_567].map(ReportData.grouped) == ["0", "7", "999", "1,000", "1,234,567"])
    }

    @Test func numbersBeyondTwoToTheFiftyThirdAreWrittenAsText() throws {
        let big = 1 << 53
        var records = ReportFixtures.chainedRecords(count: 3)
        for index in records.indices {
            records[index].seq = big + index
            records[index].cause = index == 0 ? nil : ActionRecord.Cause(seq: big + index - 1, kind: .sentByEffect)
        }
        records[2].durationNanoseconds = UInt64.max
        let page = String(
            decoding: ReportPage(recording: ActionRecording(records: records), title: "t", recordingName: "r").html(),
            as: UTF8.self
        )
        let json = try #require(
            page.split(separator: #"<script type="application/json" id="recording-data">"#).last?.split(
                separator: "</script>"
            ).first
        )
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["seq"] as? [String] == ["9007199254740992", "9007199254740993", "9007199254740994"])
        #expect((object["cause"] as? [Any])?.last as? String == "9007199254740993")
        #expect((object["durationNanoseconds"] as? [Any])?.last as? String == "18446744073709551615")
        #expect(object["parent"] as? [Int] == [-1, 0, 1])
    }

    @Test func scriptDataEscapesTheLineSeparatorsAndKeepsOtherText() {
        let text = "a<b>c&d\u{2028}e\u{2029}f é 😀"
        let escaped = String(decoding: HTMLEscaping.scriptData(Array(text.utf8)), as: UTF8.self)
        #expect(escaped == #"a\u003cb\u003ec\u0026d\u2028e\u2029f é 😀"#)
    }
}
