import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

/// `report` reads at most `--max-bytes` of a recording: a larger one is refused with what to do
/// instead, and `--last` reports its end, read backwards from the end of the file.
@Suite struct ReportWindowTests {
    /// A recording of 120 sessions of 500 actions (about 20 MB), each session a header and
    /// the same 500 lines.
    static func writeLargeRecording(to file: URL) throws -> Int {
        let header = #"{"kind":"session","format":1,"time":"2026-11-23T19:21:16.000Z","process":7}"# + "\n"
        let lines = try ReportFixtures.chainedRecords(count: 500).map { try $0.jsonLine() + "\n" }
        let block = Data((header + lines.joined()).utf8)
        try Data().write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        for _ in 0..<120 { try handle.write(contentsOf: block) }
        return block.count * 120
    }

    @Test func aRecordingLargerThanTheLimitIsRefusedSayingWhatToDo() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("large.jsonl")
            let size = try Self.writeLargeRecording(to: recording)
            #expect(size > 15_000_000)
            let run = ReportFixtures.run(["report", recording.path, "--max-bytes", "4000000"])
            #expect(run.status == .dataError)
            #expect(run.errors.contains("more than the 4.0 MB a report reads (--max-bytes)"))
            #expect(run.errors.contains("--last <count>"))
            #expect(run.errors.contains("AqueductDevTools serve"))
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("large.html").path))
        }
    }

    @Test func lastReportsTheRecordingsEndAndSaysSo() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("large.jsonl")
            _ = try Self.writeLargeRecording(to: recording)
            let output = directory.appendingPathComponent("end.html")
            let run = ReportFixtures.run([
                "report", recording.path, "--last", "1000", "--max-bytes", "4000000", "--output", output.path,
            ])
            #expect(run.status == .success, "\(run.errors)")
            // The last 1,000 lines: the last session (a header, 500 actions) and the last 499
            // actions of the one before.
            #expect(run.output.contains("999 actions"))
            let page = try String(contentsOf: output, encoding: .utf8)
            #expect(page.contains("last 1,000 lines (--last)"))
            #expect(page.contains("step(499)"))
            // Asked for more lines than the window's bytes allow: refused, not read.
            let tooMany = ReportFixtures.run(["report", recording.path, "--last", "100000", "--max-bytes", "4000000"])
            #expect(tooMany.status == .dataError)
            #expect(tooMany.errors.contains("its last 100,000 lines are more than 4.0 MB"))
            // A window larger than the file is the whole file, with no note.
            let whole = ReportFixtures.run([
                "report", ReportFixtures.session.path, "--last", "1000", "--output", output.path,
            ])
            #expect(whole.status == .success, "\(whole.errors)")
            #expect(whole.output.contains("15 actions"))
            #expect(try !String(contentsOf: output, encoding: .utf8).contains("(--last)"))
        }
    }

    @Test(arguments: [
        (["report", "a.jsonl", "--last", "0"], "--last takes a positive number, not '0'."),
        (["report", "a.jsonl", "--max-bytes", "lots"], "--max-bytes takes a positive number, not 'lots'."),
        (["serve", "a.jsonl", "--last", "10"], "serve reads the whole recording as a stream: --last is for report."),
    ])
    func aWrongWindowIsAUsageError(arguments: [String], message: String) {
        let run = ReportFixtures.run(arguments)
        #expect(run.status == .usage)
        #expect(run.errors.contains(message))
    }
}
