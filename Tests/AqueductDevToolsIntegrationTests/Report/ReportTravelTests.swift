import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// Travelling through a recording in headless Chromium: the slider, the causal chain, and the
/// Features view, which lists a child's actions under the feature and the stack entry they
/// belong to.
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct ReportTravelTests {
    let chromium = Chromium.installed!

    /// A LifeSignal session with its history stack and alert notice: the app becomes active,
    /// two history screens are pushed on `path` and load (the first fails later), and the
    /// alert notice appears and is acknowledged.
    static let session: [ActionRecord] = {
        let stack = "path(StackAction<HistoryScreen, HistoryScreenAction>."
        let screen = "HistoryScreen(limit: 20, rows: [], isLoading: false, error: nil)"
        let entry = { (id: Int, action: String) in stack + "element(id: #\(id), action: HistoryScreenAction.\(action)))"
        }
        let notice = { (action: String) in
            "alertNotice(PresentationAction<AlertNoticeAction>.presented(AlertNoticeAction.\(action)))"
        }
        let during = ActionRecord.CauseKind.dispatchedDuring
        let effect = ActionRecord.CauseKind.sentByEffect
        // The action, its cause, and the one part of the state it changes: path, before, after.
        let actions: [(String, (Int, ActionRecord.CauseKind)?, [String])] = [
            ("lifecycle(AppLifecycleAction.didBecomeActive)", nil, ["phase", "nil", "active"]),
            ("checkIn(CheckInAction.refresh)", (0, .bridgedFrom), ["checkIn.isRefreshing", "false", "true"]),
            (stack + "push(id: #0, state: \(screen)))", nil, ["path.count", "0", "1"]),
            (entry(0, "onAppear"), (2, during), ["path[0].isLoading", "false", "true"]),
            (entry(0, "loaded([])"), (3, effect), ["path[0].isLoading", "true", "false"]),
            (notice("onAppear"), nil, ["alert", "nil", "shown"]),
            (stack + "push(id: #1, state: \(screen)))", nil, ["path.count", "1", "2"]),
            (entry(1, "onAppear"), (6, during), ["path[1].isLoading", "false", "true"]),
            (entry(1, "loaded([])"), (7, effect), ["path[1].isLoading", "true", "false"]),
            (entry(0, "failed(CheckInError.offline)"), (3, effect), ["path[0].error", "nil", "CheckInError.offline"]),
            (notice("acknowledge"), nil, ["alert", "shown", "nil"]),
        ]
        return actions.enumerated().map { seq, action in
            let (description, cause, change) = action
            return ActionRecord(
                seq: seq,
                cause: cause.map { ActionRecord.Cause(seq: $0.0, kind: $0.1) },
                action: ActionRecord.Action(description: description, value: nil),
                source: ActionRecord.Source(
                    file: "LifeSignalApp/TerminalSession.swift",
                    function: "perform(_:)",
                    line: 55
                ),
                changes: [ActionRecord.Change(path: change[0], before: change[1], after: change[2])],
                time: Date(timeIntervalSince1970: 1_795_461_676 + Double(seq) / 10),
                durationNanoseconds: 1_000
            )
        }
    }()

    func open(_ fragment: String, records: [ActionRecord] = session, in directory: URL) throws -> BrowserPage {
        let recording = directory.appendingPathComponent("travel.jsonl")
        try ReportFixtures.write(records, to: recording)
        let page = try ReportFixtures.report(of: recording, in: directory)
        return try BrowserPage(
            URL(string: page.absoluteString + "#" + fragment)!,
            chromium: chromium,
            directory: directory
        )
    }

    /// Moves the slider to `index` as dragging its thumb there would, and waits for the frame
    /// that selects.
    func travel(_ page: BrowserPage, to index: Int) throws {
        try page.evaluate(
            "{ const t = document.getElementById('travel'); t.value = '\(index)'; t.dispatchEvent(new Event('input', { bubbles: true })); }"
        )
        try page.settle()
    }

    /// The list's rows on screen, in order: a record's `seq`, or `group:` and a group's route.
    func rows(_ page: BrowserPage) throws -> [String] {
        let value = try page.evaluate(
            """
            [...document.querySelectorAll('.row')]
              .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
              .map((row) => row.dataset.seq ?? 'group:' + row.dataset.group)
            """
        )
        guard case .array(let rows)? = value else { return [] }
        return rows.compactMap { if case .string(let row) = $0 { row } else { nil } }
    }

    func sliderValue(_ page: BrowserPage) throws -> JSONValue? {
        try page.evaluate("document.getElementById('travel').value")
    }

    @Test func movingTheSliderSelectsTheActionAndShowsTheStateAfterIt() throws {
        try ReportFixtures.withDirectory { directory in
            // The state after #7, as the page opened there shows it.
            let opened = try open("view=timeline&seq=7", in: directory)
            let expected = try opened.text(ofElementWithID: "detail-state")
            opened.close()
            #expect(expected?.contains("isLoading: true") == true)

            let page = try open("view=timeline&seq=0", in: directory)
            defer { page.close() }
            #expect(try page.evaluate("document.getElementById('travel').max") == .string("10"))
            #expect(try sliderValue(page) == .string("0"))
            try travel(page, to: 7)
            #expect(try page.text(ofElementWithID: "detail-title") == "#7 path[1] › onAppear")
            #expect(try page.text(ofElementWithID: "detail-state") == expected)
            #expect(try page.evaluate("document.querySelector('.row.selected').dataset.seq") == .string("7"))
            #expect(try page.text(ofElementWithID: "travel-at") == "#7 · 8 of 11")
            // Back: the alert is not shown yet after #4.
            try travel(page, to: 4)
            #expect(try page.text(ofElementWithID: "detail-title") == "#4 path[0] › loaded([])")
            #expect(try page.text(ofElementWithID: "detail-state")?.contains("alert") == false)
            // The other way: a click or a key moves the slider.
            try page.evaluate("document.querySelector('.row[data-seq=\"9\"]').click()")
            #expect(try sliderValue(page) == .string("9"))
            try page.press("ArrowDown")
            #expect(try sliderValue(page) == .string("10"))
            #expect(try page.evaluate("location.hash") == .string("#view=timeline&seq=10"))
        }
    }

    @Test func theCausalChainLeadsFromTheOutsideActionAndEachStepSelectsIt() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open("view=timeline&seq=8", in: directory)
            defer { page.close() }
            let chain = try page.evaluate(
                "[...document.querySelectorAll('#detail-chain li')].map((li) => li.dataset.seq + ' ' + li.textContent)"
            )
            #expect(
                chain
                    == .array([
                        .string(
                            "6 outside #6 path › push(id: #1, state: HistoryScreen(limit: 20, rows: [], isLoading: false, error: nil))"
                        ),
                        .string("7 during #7 path[1] › onAppear"),
                        .string("8 effect #8 path[1] › loaded([])"),
                    ])
            )
            // The outside action's link selects it; an outside action has no chain.
            try page.evaluate("document.querySelector('#detail-chain li[data-seq=\"6\"] a.jump').click()")
            #expect(try page.text(ofElementWithID: "detail-title")?.hasPrefix("#6 path › push(id: #1") == true)
            #expect(try sliderValue(page) == .string("6"))
            #expect(try page.evaluate("document.getElementById('detail-chain')") == .null)
            // #9 is set off by #3, not by the action before it.
            try travel(page, to: 9)
            #expect(
                try page.evaluate("[...document.querySelectorAll('#detail-chain li')].map((li) => li.dataset.seq)")
                    == .array([.string("2"), .string("3"), .string("9")])
            )
            try page.evaluate("document.querySelector('#detail-chain li[data-seq=\"3\"] a.jump').click()")
            #expect(try page.text(ofElementWithID: "detail-title") == "#3 path[0] › onAppear")
        }
    }

    @Test func aLongChainShowsItsEndsAndTheRestOnRequest() throws {
        try ReportFixtures.withDirectory { directory in
            // One outside action and 99 each sent by an effect of the one before.
            let records = ReportFixtures.chainedRecords(count: 100).map { record in
                var record = record
                record.cause = record.seq == 0 ? nil : ActionRecord.Cause(seq: record.seq - 1, kind: .sentByEffect)
                return record
            }
            let page = try open("view=timeline&seq=99", records: records, in: directory)
            defer { page.close() }
            let seqs =
                "[...document.querySelectorAll('#detail-chain li[data-seq]')].map((li) => Number(li.dataset.seq))"
            #expect(try page.evaluate(seqs) == .array(([0, 1, 2] + Array(70...99)).map { .integer(Int64($0)) }))
            #expect(try page.text(ofElementWithID: "detail-chain-more") == "Show the 67 actions between")
            try page.evaluate("document.getElementById('detail-chain-more').click()")
            #expect(try page.evaluate(seqs) == .array((0...99).map { .integer(Int64($0)) }))
        }
    }

    @Test func aChildsActionsAreListedUnderItsFeatureAndStackEntryAndAGroupFolds() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open("view=features&seq=0", in: directory)
            defer { page.close() }
            let all = [
                "group:lifecycle", "0", "group:checkIn", "1",
                "group:path", "2", "group:path[0]", "3", "4", "9", "6", "group:path[1]", "7", "8",
                "group:alertNotice", "5", "10",
            ]
            #expect(try rows(page) == all)
            // Each name is readable in its row, without a click; the group says what it holds.
            #expect(
                try page.evaluate("document.querySelector('.row[data-seq=\"7\"] .desc').textContent")
                    == .string("path[1] › onAppear")
            )
            #expect(
                try page.evaluate("document.querySelector('.row[data-seq=\"7\"]').dataset.group") == .string("path[1]")
            )
            #expect(
                try page.evaluate("document.querySelector('.row[data-seq=\"7\"]').getAttribute('aria-level')")
                    == .string("3")
            )
            let header = "document.querySelector('.row.group[data-group=\"path[0]\"]')"
            #expect(try page.evaluate("\(header).textContent") == .string("▾path[0]3 actions"))

            // Folding the entry hides its actions; unfolding shows them again.
            try page.evaluate("\(header).click()")
            #expect(try rows(page) == all.filter { !["3", "4", "9"].contains($0) })
            #expect(try page.evaluate("\(header).getAttribute('aria-expanded')") == .string("false"))
            try page.evaluate("\(header).click()")
            #expect(try rows(page) == all)
            // Folding the feature hides its entries too; travelling to an action in it unfolds it.
            try page.evaluate("document.querySelector('.row.group[data-group=\"path\"]').click()")
            #expect(
                try rows(page) == [
                    "group:lifecycle", "0", "group:checkIn", "1", "group:path", "group:alertNotice", "5", "10",
                ]
            )
            try travel(page, to: 8)
            #expect(try rows(page) == all)
            #expect(try page.evaluate("document.querySelector('.row.selected').dataset.seq") == .string("8"))

            // A filter keeps the groups that hold a match.
            try page.evaluate(
                "const f = document.getElementById('filter'); f.value = 'loaded'; f.dispatchEvent(new Event('input'))"
            )
            try page.settle(after: 200)
            #expect(try rows(page) == ["group:path", "group:path[0]", "4", "group:path[1]", "8"])
            #expect(try page.evaluate("location.hash") == .string("#view=features&seq=8&filter=loaded"))
        }
    }
}
