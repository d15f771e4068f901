import Aqueduct
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

    @Test func scriptDataEscapesTheLineSeparatorsAndKeepsOtherText() {
        let text = "a<b>c&d\u{2028}e\u{2029}f é 😀"
        let escaped = String(decoding: HTMLEscaping.scriptData(Array(text.utf8)), as: UTF8.self)
        #expect(escaped == #"a\u003cb\u003ec\u0026d\u2028e\u2029f é 😀"#)
    }
}
