import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The live page in headless Chromium, served by the real `serve` while the test writes the
/// recording as an app would: records appended, a second session, the file replaced and
/// truncated, and hostile text.
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct LiveBrowserTests {
    let chromium = Chromium.installed!

    /// Waits in the page until `condition` (an expression) holds, for at most `milliseconds`:
    /// a bound on a wait, generous for a busy machine, not a measurement.
    func wait(_ page: BrowserPage, until condition: String, milliseconds: Int = 5_000) throws -> Bool {
        try page.evaluate(
            """
            new Promise((resolve) => {
              const deadline = Date.now() + \(milliseconds);
              const check = () => (\(condition)) ? resolve(true)
                : Date.now() > deadline ? resolve(false) : setTimeout(check, 10);
              check();
            })
            """
        ) == .bool(true)
    }

    func open(_ server: ServeProcess, in directory: URL) throws -> BrowserPage {
        let page = try BrowserPage(server.pageURL, chromium: chromium, directory: directory)
        #expect(try wait(page, until: "document.body.dataset.live === 'live'"), "the page did not go live")
        return page
    }

    func lines(_ records: some Sequence<ActionRecord>) throws -> String {
        try records.map { try $0.jsonLine() + "\n" }.joined()
    }

    static func header(process: Int, time: String = "2026-11-23T19:21:16.000Z") -> String {
        #"{"kind":"session","format":1,"time":"\#(time)","process":\#(process)}"# + "\n"
    }

    @Test func aRecordAppendedByTheAppAppearsOnTheOpenPage() throws {
        try ReportFixtures.withDirectory { directory in
            let file = directory.appendingPathComponent("live.jsonl")
            let records = ReportFixtures.chainedRecords(count: 6)
            try ServeProcess.append(Self.header(process: 7) + lines(records[..<3]), to: file)
            let server = try ServeProcess(recording: file, in: directory)
            defer { _ = try? server.stop() }
            let page = try open(server, in: directory)
            defer { page.close() }
            #expect(try page.evaluate("document.body.dataset.count") == .string("3"))
            #expect(try page.text(ofElementWithID: "live") == "● Live")
            try ServeProcess.append(try lines(records[3...3]), to: file)
            #expect(try wait(page, until: "document.querySelector('.row[data-seq=\"3\"]')"), "record #3 did not arrive")
            // It is a record like the others: its cause is found, its details shown on a click.
            try page.evaluate("document.querySelector('.row[data-seq=\"3\"]').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#3 step(3)")
            #expect(try page.text(ofElementWithID: "detail-cause")?.contains("#2") == true)
            // A line the app has not finished is not read until its newline.
            let last = try records[4].jsonLine()
            try ServeProcess.append(String(last.prefix(40)), to: file)
            try ServeProcess.append(String(last.dropFirst(40)) + "\n", to: file)
            #expect(try wait(page, until: "document.querySelector('.row[data-seq=\"4\"]')"), "record #4 did not arrive")
            #expect(try page.evaluate("document.getElementById('warnings').hidden") == .bool(true))
            // A line that is not a record is skipped with a warning; what follows it is read.
            try ServeProcess.append("not a record\n" + lines(records[5...5]), to: file)
            #expect(try wait(page, until: "document.querySelector('.row[data-seq=\"5\"]')"), "record #5 did not arrive")
            #expect(try page.text(ofElementWithID: "warnings")?.hasPrefix("Warning: line 7: not a JSON object") == true)
            #expect(try server.stop() == 0)
            // The badge says when the server has gone.
            #expect(try wait(page, until: "document.body.dataset.live !== 'live'"))
            #expect(try page.text(ofElementWithID: "live")?.hasPrefix("● Live") == false)
        }
    }

    @Test func aSecondSessionIsARowOfItsOwn() throws {
        try ReportFixtures.withDirectory { directory in
            let file = directory.appendingPathComponent("live.jsonl")
            let records = ReportFixtures.chainedRecords(count: 3)
            try ServeProcess.append(Self.header(process: 7) + lines(records), to: file)
            let server = try ServeProcess(recording: file, in: directory)
            defer { _ = try? server.stop() }
            let page = try open(server, in: directory)
            defer { page.close() }
            // The app runs again with the same --record path: a header, and seq from 0 again.
            try ServeProcess.append(
                Self.header(process: 8, time: "2026-11-23T19:30:00.000Z") + lines(records[..<2]),
                to: file
            )
            #expect(try wait(page, until: "document.body.dataset.count === '5'"))
            let markers = try page.evaluate(
                "[...document.querySelectorAll('.row.marker')].map(r => r.dataset.marker + ': ' + r.textContent)"
            )
            #expect(
                markers
                    == .array([
                        .string("session: Session 1 · started 2026-11-23T19:21:16.000Z, process 7"),
                        .string("session: Session 2 · started 2026-11-23T19:30:00.000Z, process 8"),
                    ])
            )
            // The second session's #1 is caused by its own #0, not the first session's.
            try page.evaluate("document.querySelector('.row[data-index=\"4\"]').click()")
            #expect(try page.text(ofElementWithID: "detail-session")?.hasPrefix("Session 2") == true)
            #expect(try page.text(ofElementWithID: "detail-cause")?.contains("step(0)") == true)
            #expect(
                try page.evaluate("document.querySelector('.row[data-index=\"4\"]').dataset.session") == .string("2")
            )
        }
    }

    @Test func aRecordingReplacedByANewFileOrTruncatedIsReadAgainFromItsStart() throws {
        try ReportFixtures.withDirectory { directory in
            let file = directory.appendingPathComponent("live.jsonl")
            let records = ReportFixtures.chainedRecords(count: 4)
            try ServeProcess.append(Self.header(process: 7) + lines(records), to: file)
            let server = try ServeProcess(recording: file, in: directory)
            defer { _ = try? server.stop() }
            let page = try open(server, in: directory)
            defer { page.close() }
            // Rotated: the file moved aside, a new one at the path.
            #expect(rename(file.path, directory.appendingPathComponent("live.1.jsonl").path) == 0)
            var renamed = records[0]
            renamed.action = ActionRecord.Action(description: "after the rotation", value: nil)
            try ServeProcess.append(Self.header(process: 9) + lines([renamed]), to: file)
            #expect(try wait(page, until: "document.body.dataset.count === '5'"), "the new file was not read")
            #expect(
                try page.evaluate("document.querySelector('.row.marker.reset')?.textContent")
                    == .string("↻ The recording was replaced by a new file: reading it from its start.")
            )
            try page.evaluate("document.querySelector('.row[data-index=\"4\"]').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#0 after the rotation")
            // Truncated in place, then written again.
            #expect(truncate(file.path, 0) == 0)
            var truncated = records[0]
            truncated.action = ActionRecord.Action(description: "after the truncation", value: nil)
            try ServeProcess.append(lines([truncated]), to: file)
            #expect(try wait(page, until: "document.body.dataset.count === '6'"), "the truncated file was not read")
            #expect(
                try page.evaluate("[...document.querySelectorAll('.row.marker.reset')].length") == .integer(2)
            )
            try page.evaluate("document.querySelector('.row[data-index=\"5\"]').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#0 after the truncation")
        }
    }

    @Test func hostileTextInActionsIsShownAndNeverRunsLive() throws {
        try ReportFixtures.withDirectory { directory in
            let file = directory.appendingPathComponent("live.jsonl")
            try ServeProcess.append("", to: file)
            let server = try ServeProcess(recording: file, in: directory)
            defer { _ = try? server.stop() }
            let page = try open(server, in: directory)
            defer { page.close() }
            // The hostile fixture arrives while the page is open (its torn last line stays unread).
            try ServeProcess.append(try String(contentsOf: ReportFixtures.session, encoding: .utf8), to: file)
            #expect(try wait(page, until: "document.body.dataset.count === '15'"), "the fixture did not arrive")
            try page.evaluate("document.querySelector('.row[data-seq=\"10\"]').click()")
            try page.settle()
            let title = try #require(try page.text(ofElementWithID: "detail-title"))
            #expect(title.contains("</script><script>document.body.dataset.pwned='script'</script><img src=x onerror="))
            #expect(try page.evaluate("document.body.dataset.pwned ?? null") == .null)
            #expect(try page.evaluate("document.querySelectorAll('img, iframe, object').length") == .integer(0))
            #expect(try page.evaluate("document.querySelectorAll('script').length") == .integer(2))
        }
    }
}
