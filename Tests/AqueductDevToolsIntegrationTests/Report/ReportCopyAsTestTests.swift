import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// "Copy as test" in headless Chromium: the selected record, or the range to a shift-clicked
/// one, becomes the `AqueductDevTools test` command, with the recording's name quoted for a shell.
@Suite(.blocksItsThread, .enabled(if: Chromium.installed != nil, Comment(rawValue: Chromium.missing)))
struct ReportCopyAsTestTests {
    let chromium = Chromium.installed!

    func open(_ recording: URL, fragment: String, in directory: URL, options: [String] = []) throws -> BrowserPage {
        let page = try ReportFixtures.report(of: recording, in: directory, options: options)
        return try BrowserPage(
            URL(string: page.absoluteString + "#" + fragment)!,
            chromium: chromium,
            directory: directory
        )
    }

    func command(on page: BrowserPage) throws -> String? {
        try page.evaluate("document.getElementById('copy-as-test').click()")
        guard case .string(let text)? = try page.evaluate("document.getElementById('copy-as-test-text').value") else {
            return nil
        }
        return text
    }

    func click(_ seq: Int, shift: Bool = false, on page: BrowserPage) throws {
        try page.evaluate(
            """
            document.querySelector('.row[data-seq="\(seq)"]').dispatchEvent(
              new MouseEvent('click', { bubbles: true, shiftKey: \(shift) }))
            """
        )
    }

    @Test func theSelectedRecordAndAShiftClickedRangeBecomeTheCommand() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open(ReportFixtures.session, fragment: "view=timeline&seq=2", in: directory)
            defer { page.close() }
            #expect(
                try command(on: page)
                    == "swift run AqueductDevTools test lifesignal-session.jsonl --from 2 --to 2 --name Replay2To2"
            )
            try click(6, on: page)
            try click(3, shift: true, on: page)
            #expect(try page.text(ofElementWithID: "copy-as-test") == "Copy as test #3…#6")
            #expect(
                try command(on: page)
                    == "swift run AqueductDevTools test lifesignal-session.jsonl --from 3 --to 6 --name Replay3To6"
            )
            try click(9, on: page)
            #expect(try page.text(ofElementWithID: "copy-as-test") == "Copy as test")
        }
    }

    /// A file name with a quote, a dollar and a space is one shell word, run as nothing.
    @Test func theRecordingsNameIsQuotedForTheShell() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("it's $(reboot) `x`.jsonl")
            try FileManager.default.copyItem(at: ReportFixtures.session, to: recording)
            let page = try open(recording, fragment: "view=timeline&seq=0", in: directory)
            defer { page.close() }
            let text = try #require(try command(on: page))
            #expect(text.hasPrefix("swift run AqueductDevTools test 'it'\\''s $(reboot) `x`.jsonl' --from 0 --to 0"))
        }
    }

    /// The fragment is anyone's to write — a link to the report — so a session that is not a
    /// number never reaches the command.
    @Test func aSessionInTheLinkThatIsNotANumberIsLeftOut() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open(
                ReportFixtures.session,
                fragment: "view=timeline&seq=2&session=1;curl%20x%7Csh",
                in: directory
            )
            defer { page.close() }
            #expect(
                try command(on: page)
                    == "swift run AqueductDevTools test lifesignal-session.jsonl --from 2 --to 2 --name Replay2To2"
            )
        }
    }

    /// A report of the recording's end numbers its sessions from there, not as `test` does:
    /// it says so instead of offering a command that could name another session.
    @Test func aReportOfTheRecordingsEndOffersNoCommand() throws {
        try ReportFixtures.withDirectory { directory in
            let page = try open(
                ReportFixtures.session,
                fragment: "view=timeline&seq=15",
                in: directory,
                options: ["--last", "2"]
            )
            defer { page.close() }
            #expect(try command(on: page) == "")
            #expect(try page.text(ofElementWithID: "copy-as-test-note")?.contains("--last") == true)
        }
    }
}
