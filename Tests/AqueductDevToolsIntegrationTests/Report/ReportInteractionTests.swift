import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

#if canImport(Glibc)
import Glibc
#endif

/// The report used as a person uses it — keys, clicks, typing, scrolling — in headless Chromium
/// driven through the DevTools protocol (``BrowserPage``).
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct ReportInteractionTests {
    let chromium = Chromium.installed!

    func open(_ fragment: String, recording: URL = ReportFixtures.session, in directory: URL) throws -> BrowserPage {
        let page = try ReportFixtures.report(of: recording, in: directory)
        return try BrowserPage(
            URL(string: page.absoluteString + "#" + fragment)!,
            chromium: chromium,
            directory: directory
        )
    }

    /// A browser that exits under a test is that test's failure: the next command is written
    /// to a pipe nobody reads (EPIPE, SIGPIPE ignored), not a signal that kills the test process
    /// and every other test's result with it.
    @Test func aBrowserThatDiesIsAFailureOfItsTestOnly() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open("view=timeline", in: directory)
            defer { page.close() }
            #expect(kill(page.process, SIGKILL) == 0)
            var status: Int32 = 0
            #expect(waitpid(page.process, &status, 0) == page.process)
            let failure = try #require(throws: BrowserPage.Failure.self) { try page.evaluate("1 + 1") }
            #expect(failure.description.contains("Chromium closed its"), "\(failure)")
        }
    }

    @Test func steppingBackShowsTheSameStatesAsSteppingForward() throws {
        try ReportFixtures.withDirectory { directory in
            // Forward from the first action: each step applies one action's changes.
            let forward = try open("view=timeline&seq=0", in: directory)
            defer { forward.close() }
            var expected = [try forward.text(ofElementWithID: "detail-state")]
            for seq in 1...14 {
                try forward.press("ArrowDown")
                #expect(try forward.text(ofElementWithID: "detail-title")?.hasPrefix("#\(seq) ") == true)
                expected.append(try forward.text(ofElementWithID: "detail-state"))
            }
            #expect(expected[6]?.contains("pendingSync: 1") == true && expected[9]?.contains("pendingSync: 0") == true)

            // Back from the last, on a page opened there: each step undoes one action's changes.
            let backward = try open("view=timeline&seq=14", in: directory)
            defer { backward.close() }
            #expect(try backward.text(ofElementWithID: "detail-state") == expected[14])
            for seq in (0...13).reversed() {
                try backward.press("ArrowUp")
                #expect(try backward.text(ofElementWithID: "detail-title")?.hasPrefix("#\(seq) ") == true)
                #expect(try backward.text(ofElementWithID: "detail-state") == expected[seq], "the state after #\(seq)")
            }
            // Jumps: to the end, to the middle, to the start.
            try backward.press("End")
            #expect(try backward.text(ofElementWithID: "detail-state") == expected[14])
            try backward.evaluate("document.querySelector('.row[data-seq=\"6\"]').click()")
            #expect(try backward.text(ofElementWithID: "detail-state") == expected[6])
            try backward.press("Home")
            #expect(try backward.text(ofElementWithID: "detail-state") == expected[0])
        }
    }

    @Test func clickingARowSelectsItAndTheAddressFollows() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open("view=causes", in: directory)
            defer { page.close() }
            try page.evaluate("document.querySelector('.row[data-seq=\"9\"]').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#9 checkIn(CheckInAction.synced(count: 1))")
            #expect(try page.evaluate("location.hash") == .string("#view=causes&seq=9"))
            #expect(try page.evaluate("document.querySelector('.row.selected').dataset.seq") == .string("9"))
            // The cause's link in the details selects the cause.
            try page.evaluate("document.querySelector('#detail-cause a.jump').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#7 checkIn(CheckInAction.sync)")
        }
    }

    @Test func foldingAnActionHidesWhatItSetOff() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open("view=causes&seq=5", in: directory)
            defer { page.close() }
            #expect(try page.rowSeqs() == [0, 1, 2, 3, 4, 5, 6, 7, 9, 8, 10, 11, 12, 13, 14])
            try page.press("ArrowLeft")  // folds #5
            #expect(try page.rowSeqs() == [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14])
            #expect(
                try page.evaluate("document.querySelector('.row[data-seq=\"5\"]').getAttribute('aria-expanded')")
                    == .string("false")
            )
            try page.press("ArrowRight")  // unfolds it
            #expect(try page.rowSeqs().count == 15)
            try page.evaluate("document.querySelector('.row[data-seq=\"0\"] .twisty').click()")
            #expect(try page.rowSeqs() == [0, 4, 5, 6, 7, 9, 8, 10, 11, 12, 13, 14])
            // Selecting an action inside a folded one unfolds the way to it.
            try page.evaluate(
                "document.querySelector('#filter').value = '#3'; document.querySelector('#filter').dispatchEvent(new Event('input'))"
            )
            try page.settle(after: 200)
            try page.evaluate("document.querySelector('.row[data-seq=\"3\"]').click()")
            try page.evaluate(
                "document.querySelector('#filter').value = ''; document.querySelector('#filter').dispatchEvent(new Event('input'))"
            )
            try page.settle(after: 200)
            #expect(try page.rowSeqs().count == 15)
        }
    }

    @Test func typingInTheFilterNarrowsTheListAndSwitchingViewsKeepsIt() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open("view=timeline", in: directory)
            defer { page.close() }
            try page.evaluate(
                "const f = document.getElementById('filter'); f.value = 'checkIn.pendingSync'; f.dispatchEvent(new Event('input'))"
            )
            try page.settle(after: 200)
            #expect(try page.rowSeqs() == [6, 9])
            #expect(try page.text(ofElementWithID: "count") == "2 of 15 match")
            try page.evaluate("document.getElementById('view-causes').click()")
            #expect(try page.rowSeqs() == [5, 6, 7, 9])
            #expect(try page.evaluate("location.hash") == .string("#view=causes&seq=0&filter=checkIn.pendingSync"))
        }
    }

    @Test func scrollingDrawsTheRowsThatComeIntoView() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("long.jsonl")
            try ReportFixtures.write(ReportFixtures.chainedRecords(count: 10_000), to: recording)
            let page = try open("view=timeline", recording: recording, in: directory)
            defer { page.close() }
            let top = try page.rowSeqs()
            #expect(top.first == 0 && top.count < 120)
            try page.evaluate("document.getElementById('list').scrollTop = 26 * 7000")
            try page.settle()
            let rows = try page.rowSeqs()
            #expect(rows.count < 120)
            #expect(rows.contains(7_000) && rows.contains(7_010))
            #expect(!rows.contains(0))
        }
    }
}
