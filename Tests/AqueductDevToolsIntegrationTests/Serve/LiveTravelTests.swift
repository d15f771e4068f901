import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

/// Travelling through the live page while the app records: the slider reaches the records as
/// they arrive, and a child's actions arriving are placed under their stack entry.
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct LiveTravelTests {
    let chromium = Chromium.installed!

    /// Waits in the page until `condition` holds, for at most five seconds: a bound on a wait,
    /// generous for a busy machine, not a measurement.
    func wait(_ page: BrowserPage, until condition: String) throws -> Bool {
        try page.evaluate(
            """
            new Promise((resolve) => {
              const deadline = Date.now() + 5000;
              const check = () => (\(condition)) ? resolve(true)
                : Date.now() > deadline ? resolve(false) : setTimeout(check, 10);
              check();
            })
            """
        ) == .bool(true)
    }

    func lines(_ records: some Sequence<ActionRecord>) throws -> String {
        try records.map { try $0.jsonLine() + "\n" }.joined()
    }

    @Test func theSliderReachesTheRecordsAsTheyArrive() throws {
        try ReportFixtures.withDirectory { directory in
            let file = directory.appendingPathComponent("live.jsonl")
            let records = ReportTravelTests.session
            try ServeProcess.append(lines(records[..<3]), to: file)
            let server = try ServeProcess(recording: file, in: directory)
            defer { _ = try? server.stop() }
            let page = try BrowserPage(server.pageURL, chromium: chromium, directory: directory)
            defer { page.close() }
            #expect(try wait(page, until: "document.body.dataset.live === 'live'"), "the page did not go live")
            #expect(try page.evaluate("document.getElementById('travel').max") == .string("2"))
            try page.evaluate("document.getElementById('view-features').click()")

            try ServeProcess.append(try lines(records[3...]), to: file)
            #expect(try wait(page, until: "document.getElementById('travel').max === '10'"), "the slider did not grow")
            try page.evaluate(
                "{ const t = document.getElementById('travel'); t.value = '8'; t.dispatchEvent(new Event('input', { bubbles: true })); }"
            )
            try page.settle()
            #expect(try page.text(ofElementWithID: "detail-title") == "#8 path[1] › loaded([])")
            #expect(try page.text(ofElementWithID: "detail-state")?.contains("isLoading: false") == true)
            #expect(
                try page.evaluate("[...document.querySelectorAll('#detail-chain li')].map((li) => li.dataset.seq)")
                    == .array([.string("6"), .string("7"), .string("8")])
            )
            // The records that arrived are placed under their entry, as if they had been there.
            #expect(
                try page.evaluate("document.querySelector('.row.selected').dataset.group") == .string("path[1]")
            )
            #expect(
                try page.evaluate(
                    "document.querySelector('.row.group[data-group=\"path[0]\"] .group-count').textContent"
                )
                    == .string("3 actions")
            )
        }
    }
}
