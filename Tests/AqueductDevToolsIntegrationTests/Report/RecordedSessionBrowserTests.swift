import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// A real LifeSignal session — recorded with `LifeSignal --network none --record FILE` and the
/// commands `check-in`, `alert`, `cancel-alert`, `status`, `quit` — turned into a report and
/// read back from headless Chromium.
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct RecordedSessionBrowserTests {
    let chromium = Chromium.installed!

    static let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lifesignal-recorded.jsonl")

    @Test func theRecordedSessionListsEveryActionAndNestsEachUnderItsCause() throws {
        let recording = try ActionRecording(contentsOf: Self.recorded.path)
        #expect(recording.warnings.isEmpty)
        let records = recording.records
        // The session: becoming active (bridged to reachability and a refresh), the network
        // monitor's first path, a check-in, an alert triggered and cancelled, and quitting.
        let descriptions = records.map(\.action.description)
        for expected in [
            "reachability(ReachabilityEvent.startMonitoring)", "reachability(ReachabilityEvent.disconnected)",
            "checkIn(CheckInAction.checkIn)", "checkIn(CheckInAction.triggerAlert)",
            "checkIn(CheckInAction.cancelAlert)", "lifecycle(AppLifecycleAction.willTerminate)",
        ] {
            #expect(descriptions.contains(expected), "the session has \(expected)")
        }

        try ReportFixtures.withDirectory { directory in
            let page = try ReportFixtures.report(of: Self.recorded, in: directory)
            let url = URL(string: page.absoluteString + "#view=causes")!
            let report = RenderedReport(html: try chromium.dumpDOM(url, in: directory))
            try #require(report.body["data-ready"] == "true", "the report's script did not finish")
            let rows = report.rows
            #expect(rows.compactMap(\.seq).sorted() == records.map(\.seq))
            let position = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($0.element.seq!, $0.offset) })
            for record in records {
                let row = rows[try #require(position[record.seq])]
                guard let cause = record.cause else {
                    #expect(row.level == 1, "outside action #\(record.seq) is a root")
                    continue
                }
                #expect(row.cause == cause.seq)
                let causeRow = rows[try #require(position[cause.seq])]
                #expect(row.level == (causeRow.level ?? 0) + 1, "#\(record.seq) is nested under #\(cause.seq)")
            }
            // The bridged reachability start sits under the app becoming active.
            let start = try #require(
                records.first { $0.action.description == "reachability(ReachabilityEvent.startMonitoring)" }
            )
            #expect(start.cause?.kind == .bridgedFrom)
            #expect(rows[position[start.seq]!].kind == "bridged")
            #expect(rows[position[start.cause!.seq]!].seq == 0)
        }
    }
}
