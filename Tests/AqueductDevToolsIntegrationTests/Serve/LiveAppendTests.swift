import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

/// The live page grows its indices by each batch of records that arrives instead of building
/// them again: what it shows after a recording arrived in many batches must be what the report
/// of the whole file shows — every row of the timeline and of the causal tree, with a filter
/// and without, and every action's cause chain and what it set off.
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct LiveAppendTests {
    let chromium = Chromium.installed!

    func wait(_ page: BrowserPage, until condition: String) throws -> Bool {
        try page.evaluate(
            """
            new Promise((resolve) => {
              const deadline = Date.now() + 10000;
              const check = () => (\(condition)) ? resolve(true)
                : Date.now() > deadline ? resolve(false) : setTimeout(check, 10);
              check();
            })
            """
        ) == .bool(true)
    }

    /// Two sessions of 120 actions with a gap in the first: each tenth action from outside,
    /// the others set off by one before them in its group, so that the causal tree branches
    /// (a cause with several children, depths up to 5). One action in seven is a `tap`.
    static func recordingLines() throws -> [String] {
        let kinds: [ActionRecord.CauseKind] = [.bridgedFrom, .sentByEffect, .dispatchedDuring]
        var lines: [String] = []
        for (process, time) in [(7, "2026-11-23T19:21:16.000Z"), (8, "2026-11-23T19:40:00.000Z")] {
            lines.append(#"{"kind":"session","format":1,"time":"\#(time)","process":\#(process)}"#)
            var seq = 0
            for position in 0..<120 {
                if process == 7 && position == 60 {
                    lines.append(
                        #"{"kind":"gap","time":"2026-11-23T19:21:18.500Z","dropped":3,"first_seq":\#(seq),"#
                            + #""last_seq":\#(seq + 2),"reason":"the writer was behind"}"#
                    )
                    seq += 3
                }
                let group = position % 10
                let cause: ActionRecord.Cause? =
                    group == 0
                    ? nil : ActionRecord.Cause(seq: seq - 1 - (group > 1 ? group % 2 : 0), kind: kinds[seq % 3])
                let name = position % 7 == 0 ? "tap(\(position))" : "step(\(position))"
                let record = ActionRecord(
                    seq: seq,
                    cause: cause,
                    action: ActionRecord.Action(description: name, value: nil),
                    source: ActionRecord.Source(file: "Game/Steps.swift", function: "step()", line: UInt(position)),
                    changes: [ActionRecord.Change(path: "steps", before: "\(position)", after: "\(position + 1)")],
                    time: Date(timeIntervalSince1970: 1_795_461_676 + Double(process * 1_000 + position) / 100),
                    durationNanoseconds: 1_000
                )
                lines.append(try record.jsonLine())
                seq += 1
            }
        }
        return lines
    }

    /// What the page shows, read in the page: every row of the list (scrolled through), the
    /// count and the summary's counts, and, when `details` is set, each action's details as
    /// the arrow keys select them in turn (cause, chain, what it set off and how many in all).
    static func snapshot(details: Bool) -> String {
        """
        (async () => {
          const list = document.getElementById('list'), spacer = document.getElementById('spacer');
          const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          const rows = [];
          const total = parseInt(spacer.style.height) || 0;
          for (let top = 0; top <= total; top += Math.max(26, list.clientHeight - 52)) {
            list.scrollTop = top;
            await frame();
            for (const row of spacer.querySelectorAll('.row')) {
              const position = Math.round(parseFloat(row.style.top) / 26);
              rows[position] = row.dataset.marker ? 'marker ' + row.dataset.marker : [
                row.dataset.index, row.dataset.seq, row.dataset.depth, row.dataset.kind, row.dataset.cause,
                row.dataset.session, row.getAttribute('aria-level'), row.getAttribute('aria-expanded'),
                row.querySelector('.desc').textContent, row.classList.contains('context'),
              ].join(' ');
            }
          }
          list.scrollTop = 0;
          const result = {
            rows: [...rows].map((row) => row ?? 'missing'),
            count: document.getElementById('count').textContent,
            summary: document.getElementById('summary').textContent.split(' · spanning')[0],
            details: [],
          };
          if (\(details)) {
            list.focus();
            const press = (key) => list.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
            press('Home');
            for (let step = 0; step < 700; step++) {
              const box = document.getElementById('details');
              result.details.push([...box.querySelectorAll('h2, h3, #detail-cause, #detail-set-off, .chain')]
                .map((part) => part.textContent).join(' | '));
              const before = document.getElementById('detail-title').textContent;
              press('ArrowDown');
              if (document.getElementById('detail-title').textContent === before) break;
            }
          }
          return JSON.stringify(result);
        })()
        """
    }

    struct Snapshot: Decodable {
        var rows: [String]
        var count: String
        var details: [String]
    }

    func snapshot(_ page: BrowserPage, details: Bool = false) throws -> String {
        guard case .string(let text)? = try page.evaluate(Self.snapshot(details: details)) else {
            throw BrowserPage.Failure(description: "no snapshot")
        }
        return text
    }

    func setView(_ page: BrowserPage, _ view: String) throws {
        try page.evaluate("document.getElementById('view-\(view)').click()")
    }

    func setFilter(_ page: BrowserPage, _ text: String) throws {
        try page.evaluate(
            """
            new Promise((resolve) => {
              const filter = document.getElementById('filter');
              filter.value = '\(text)';
              filter.dispatchEvent(new Event('input'));
              setTimeout(resolve, 300);
            })
            """
        )
    }

    @Test func recordsAppendedInBatchesShowWhatTheWholeFileShows() throws {
        try ReportFixtures.withDirectory { directory in
            let lines = try Self.recordingLines()
            let whole = directory.appendingPathComponent("whole.jsonl")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: whole)
            let report = try ReportFixtures.report(of: whole, in: directory)

            let file = directory.appendingPathComponent("live.jsonl")
            try ServeProcess.append("", to: file)
            let server = try ServeProcess(recording: file, in: directory)
            defer { _ = try? server.stop() }
            // Three pages, each growing in its own way as records arrive: the timeline, the
            // causal tree (listed again from the grown indices), the timeline with a filter.
            var pages: [BrowserPage] = []
            defer { pages.forEach { $0.close() } }
            for fragment in ["", "#view=causes", "#filter=tap"] {
                let page = try BrowserPage(
                    URL(string: server.pageURL.absoluteString + fragment)!,
                    chromium: chromium,
                    directory: directory
                )
                pages.append(page)
                #expect(try wait(page, until: "document.body.dataset.live === 'live'"), "the page did not go live")
            }
            // Appended in twenty batches of 1 to 40 lines, each seen by every page before the next
            // is written, some ending with a marker.
            var written = 0
            var records = 0
            for size in [1, 2, 17, 3, 10, 1, 1, 40, 6, 7, 33, 20, 20, 10, 5, 30, 11, 16, 9, 4, 30] {
                guard written < lines.count else { break }
                let batch = lines[written..<min(lines.count, written + size)]
                written += batch.count
                records += batch.filter { $0.hasPrefix(#"{"seq""#) }.count
                try ServeProcess.append(batch.joined(separator: "\n") + "\n", to: file)
                for page in pages {
                    #expect(
                        try wait(page, until: "document.body.dataset.count === '\(records)'"),
                        "a batch did not arrive"
                    )
                }
            }
            #expect(written == lines.count)
            #expect(records == 240)

            let staticPage = try BrowserPage(report, chromium: chromium, directory: directory)
            defer { staticPage.close() }
            let timeline = try snapshot(staticPage, details: true)
            try setView(staticPage, "causes")
            let causes = try snapshot(staticPage)
            try setFilter(staticPage, "tap")
            try setView(staticPage, "timeline")
            let filtered = try snapshot(staticPage)

            // The whole file's report is not trivially empty: 240 rows and 3 markers, a tree
            // five levels deep, a filter that keeps some.
            let decoded = try JSONDecoder().decode(Snapshot.self, from: Data(timeline.utf8))
            #expect(decoded.rows.count == 243)
            #expect(decoded.rows.filter { $0.hasPrefix("marker ") }.count == 3)
            #expect(decoded.details.count == 240)
            let levels = try JSONDecoder().decode(Snapshot.self, from: Data(causes.utf8)).rows.map {
                $0.split(separator: " ")[6]
            }
            #expect(levels.contains("6"))
            #expect(filtered.contains(#""count":"36 of 240 match""#))

            #expect(try snapshot(pages[0], details: true) == timeline, "the timeline grown by batches differs")
            #expect(try snapshot(pages[1]) == causes, "the causal tree grown by batches differs")
            #expect(try snapshot(pages[2]) == filtered, "the filtered timeline grown by batches differs")
        }
    }
}
