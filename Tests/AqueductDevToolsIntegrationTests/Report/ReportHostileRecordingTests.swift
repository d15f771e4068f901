import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// Recordings a hostile or unlucky writer makes, loaded in headless Chromium and driven: numbers
/// JavaScript cannot hold, a record with tens of thousands of changes, sessions and gaps. The
/// page stays responsive: every step below is a protocol call that answers, or the test fails.
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct ReportHostileRecordingTests {
    let chromium = Chromium.installed!

    func open(_ recording: ActionRecording, _ fragment: String, in directory: URL) throws -> BrowserPage {
        let file = directory.appendingPathComponent("recording.jsonl")
        var text = ""
        for session in recording.sessions {
            if let start = session.start {
                let time = start.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
                text += #"{"kind":"session","format":1,"time":"\#(time)","process":\#(session.process ?? 1)}"# + "\n"
            }
            var gaps = session.gaps[...]
            for (index, record) in session.records.enumerated() {
                while let gap = gaps.first, gap.position == index {
                    text +=
                        #"{"kind":"gap","time":"2026-11-23T19:21:18.500Z","dropped":\#(gap.droppedCount),"#
                        + #""first_seq":\#(gap.firstSeq),"last_seq":\#(gap.lastSeq),"reason":"\#(gap.reason)"}"# + "\n"
                    gaps = gaps.dropFirst()
                }
                text += try record.jsonLine() + "\n"
            }
        }
        try Data(text.utf8).write(to: file)
        let page = try ReportFixtures.report(of: file, in: directory)
        return try BrowserPage(
            URL(string: page.absoluteString + "#" + fragment)!,
            chromium: chromium,
            directory: directory
        )
    }

    @Test func sequenceNumbersBeyondTwoToTheFiftyThirdAreShownAndSelectedExactly() throws {
        try ReportFixtures.withDirectory { directory in
            var records = ReportFixtures.chainedRecords(count: 4)
            for index in records.indices {
                records[index].seq = (1 << 53) + index
                records[index].cause =
                    index == 0 ? nil : ActionRecord.Cause(seq: (1 << 53) + index - 1, kind: .sentByEffect)
            }
            let page = try open(ActionRecording(records: records), "view=causes", in: directory)
            defer { page.close() }
            // Two seqs a double cannot tell apart are two rows, nested in order.
            try page.evaluate("document.querySelector('.row[data-seq=\"9007199254740993\"]').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#9007199254740993 step(1)")
            try page.evaluate("document.querySelector('.row[data-seq=\"9007199254740994\"]').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#9007199254740994 step(2)")
            #expect(try page.text(ofElementWithID: "detail-cause")?.contains("#9007199254740993") == true)
            #expect(
                try page.evaluate(
                    "[...document.querySelectorAll('.row')].map(r => r.getAttribute('aria-level')).join()"
                ) == .string("1,2,3,4")
            )
            try page.press("ArrowUp")
            #expect(try page.text(ofElementWithID: "detail-title") == "#9007199254740993 step(1)")
        }
    }

    @Test func aRecordWithTensOfThousandsOfChangesShowsThemAPageAtATime() throws {
        try ReportFixtures.withDirectory { directory in
            var records = ReportFixtures.chainedRecords(count: 2)
            records[1].changes = (0..<55_000).map {
                ActionRecord.Change(path: "items[\($0)]", before: nil, after: "\($0)")
            }
            let page = try open(ActionRecording(records: records), "seq=1", in: directory)
            defer { page.close() }
            let rows = "document.querySelectorAll('#detail-changes tbody tr').length"
            #expect(try page.evaluate(rows) == .integer(200))
            #expect(
                try page.text(ofElementWithID: "detail-more-changes") == "Show 200 more (54,800 of 55,000 not shown)"
            )
            try page.evaluate("document.getElementById('detail-more-changes').click()")
            #expect(try page.evaluate(rows) == .integer(400))
            #expect(
                try page.evaluate("document.querySelector('#detail-changes tbody tr:last-child td').textContent")
                    == .string("items[399]")
            )
            // The state after it is bounded too.
            #expect(
                try page.evaluate("document.querySelectorAll('#detail-state li').length").flatMap {
                    if case .integer(let count) = $0 { count } else { nil }
                }.map { $0 <= 1_500 } == true
            )
        }
    }

    @Test func eachSessionStartsWithARowAndAGapIsARowThatSaysWhatWasDropped() throws {
        try ReportFixtures.withDirectory { directory in
            let records = ReportFixtures.chainedRecords(count: 3)
            let gap = ActionRecording.Gap(
                droppedCount: 5,
                firstSeq: 3,
                lastSeq: 7,
                reason: "the writer was 3 records behind (maximumBacklog)",
                time: Date(),
                position: 3
            )
            let start = Date(timeIntervalSince1970: 1_795_461_676)
            var later = records
            later.append(
                ActionRecord(
                    seq: 8,
                    cause: nil,
                    action: ActionRecord.Action(description: "after the gap", value: nil),
                    source: records[0].source,
                    changes: [],
                    time: start.addingTimeInterval(9),
                    durationNanoseconds: 1
                )
            )
            let recording = ActionRecording(sessions: [
                ActionRecording.Session(start: start, process: 7, records: records),
                ActionRecording.Session(start: start.addingTimeInterval(5), process: 8, records: later, gaps: [gap]),
            ])
            let page = try open(recording, "view=timeline&seq=1&session=2", in: directory)
            defer { page.close() }
            let markers = try page.evaluate(
                "[...document.querySelectorAll('.row.marker')].map(r => r.dataset.marker + ': ' + r.textContent)"
            )
            #expect(
                markers
                    == .array([
                        .string("session: Session 1 of 2 · started 2026-11-23T19:21:16.000Z, process 7"),
                        .string("session: Session 2 of 2 · started 2026-11-23T19:21:21.000Z, process 8"),
                        .string(
                            "gap: ⚠ 5 actions not recorded (#3–#7): the writer was 3 records behind (maximumBacklog)"
                        ),
                    ])
            )
            #expect(try page.evaluate("document.querySelector('.row.selected').dataset.index") == .string("4"))
            #expect(try page.text(ofElementWithID: "detail-session")?.hasPrefix("Session 2 of 2") == true)
            // The cause is the one of its own session, not the same seq in session 1.
            #expect(try page.text(ofElementWithID: "detail-cause")?.contains("step(0)") == true)
            try page.evaluate("document.querySelector('.row[data-index=\"2\"]').click()")
            try page.press("ArrowDown")  // over the session row
            #expect(try page.evaluate("document.querySelector('.row.selected').dataset.index") == .string("3"))
            try page.press("End")
            #expect(try page.text(ofElementWithID: "detail-title") == "#8 after the gap")
            #expect(
                try page.text(ofElementWithID: "summary")?.contains("2 sessions · 5 not recorded (see the gaps)")
                    == true
            )
            // The state after it starts from session 2's start: session 1's changes do not carry over.
            try page.evaluate("document.querySelector('.row[data-index=\"3\"]').click()")
            let state = try #require(try page.text(ofElementWithID: "detail-state"))
            #expect(state.contains("steps: 1") && !state.contains("steps: 3"), "\(state)")
        }
    }
}
