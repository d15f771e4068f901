import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

@testable import AqueductDevTools

#if canImport(Glibc)
import Glibc
#endif

/// The command line: what it accepts, what it prints, and the exit status of each failure.
@Suite struct DevToolsCommandTests {
    typealias Run = ReportFixtures.Run

    static func run(_ arguments: String...) -> Run { ReportFixtures.run(arguments) }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["report", "--help"], ["report", "x.jsonl", "-h"]])
    func helpPrintsTheUsageAndSucceeds(arguments: [String]) {
        let run = ReportFixtures.run(arguments)
        #expect(run.status == .success)
        #expect(run.output.contains("USAGE: AqueductDevTools report <recording.jsonl> [--output <report.html>]"))
        #expect(run.output.contains("EXIT STATUS:"))
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: [
        ([], "Missing a command."),
        (["record"], "Unknown command 'record'."),
        (["report"], "Missing the recording to report on (a .jsonl file)."),
        (["report", "a.jsonl", "--verbose"], "Unknown option '--verbose'."),
        (["report", "a.jsonl", "--output"], "Missing a value after --output."),
        (["report", "a.jsonl", "b.jsonl"], "Unexpected argument 'b.jsonl': one recording at a time."),
        (
            ["report", "a.jsonl", "--max-line-bytes", "lots"],
            "--max-line-bytes takes a positive number of bytes, not 'lots'."
        ),
        (
            ["report", "a.jsonl", "--max-line-bytes", "0"],
            "--max-line-bytes takes a positive number of bytes, not '0'."
        ),
        (["serve"], "Missing the recording to serve (a .jsonl file)."),
        (["serve", "a.jsonl", "--port", "65536"], "--port takes a port number from 0 to 65535, not '65536'."),
        (["serve", "a.jsonl", "-p", "http"], "--port takes a port number from 0 to 65535, not 'http'."),
        (["serve", "a.jsonl", "--output", "a.html"], "serve writes no file: --output is for report."),
        (["report", "a.jsonl", "--port", "80"], "report serves nothing: --port is for serve."),
    ])
    func aWrongCommandLineIsAUsageError(arguments: [String], message: String) {
        let run = ReportFixtures.run(arguments)
        #expect(run.status == .usage)
        #expect(run.status.rawValue == 64)
        #expect(run.errors == "error: \(message)\n\(DevToolsCommand.usageHint)\n")
        #expect(run.output.isEmpty)
    }

    @Test func theOptionsAreRead() throws {
        let request = try DevToolsCommand.parse([
            "report", "logs/session.jsonl", "-o", "out/report.html", "--title", "Bug 42", "--max-line-bytes", "1000",
        ])
        #expect(
            request
                == .report(
                    .init(
                        recording: "logs/session.jsonl",
                        output: "out/report.html",
                        title: "Bug 42",
                        maximumLineLength: 1_000
                    )
                )
        )
    }

    @Test func serveReadsItsOptions() throws {
        #expect(
            try DevToolsCommand.parse(["serve", "logs/session.jsonl", "--port", "8765", "--title", "Live"])
                == .serve(.init(recording: "logs/session.jsonl", port: 8765, title: "Live"))
        )
        #expect(
            try DevToolsCommand.parse(["serve", "session.jsonl"])
                == .serve(.init(recording: "session.jsonl", port: 0, title: "session.jsonl"))
        )
        #expect(try DevToolsCommand.parse(["serve", "--help"]) == .help)
        #expect(
            ReportFixtures.run(["--help"]).output.contains("AqueductDevTools serve <recording.jsonl> [--port <number>]")
        )
    }

    @Test func aTokenIsSixtyFourHexadecimalDigitsAndNeverTheSame() {
        let tokens = (0..<8).map { _ in DevToolsCommand.newToken() }
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(tokens).count == tokens.count)
    }

    @Test func theTokenComparisonComparesEveryByte() {
        #expect(LiveRequest.constantTimeEqual("abc", "abc"))
        #expect(!LiveRequest.constantTimeEqual("abd", "abc"))
        #expect(!LiveRequest.constantTimeEqual("ab", "abc"))
        #expect(!LiveRequest.constantTimeEqual("abcd", "abc"))
        #expect(!LiveRequest.constantTimeEqual("", "abc"))
    }

    @Test func theReportGoesBesideTheRecordingByDefault() throws {
        guard case .report(let options) = try DevToolsCommand.parse(["report", "logs/session.jsonl"]) else {
            Issue.record("expected a report")
            return
        }
        #expect(options.output == "logs/session.html")
        #expect(options.title == "session.jsonl")
        #expect(DevToolsCommand.defaultOutput(for: "recording") == "recording.html")
    }

    @Test func aReportIsWrittenAndTheTornLastLineIsAWarning() throws {
        try ReportFixtures.withDirectory { directory in
            let output = directory.appendingPathComponent("report.html")
            let run = ReportFixtures.run(["report", ReportFixtures.session.path, "--output", output.path])
            #expect(run.status == .success)
            #expect(run.output.hasPrefix("Wrote \(output.path): 15 actions, "))
            #expect(
                run.errors.hasPrefix(
                    "warning: \(ReportFixtures.session.path): line 16 skipped: it was cut short ("
                )
            )
            let page = try String(contentsOf: output, encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>"))
            #expect(page.contains("<title>lifesignal-session.jsonl — Aqueduct DevTools</title>"))
            // No half-written temporary file is left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.html"])
        }
    }

    @Test func anExistingReportIsReplacedWhole() throws {
        try ReportFixtures.withDirectory { directory in
            let output = directory.appendingPathComponent("report.html")
            try Data(repeating: UInt8(ascii: "x"), count: 1_000_000).write(to: output)
            #expect(ReportFixtures.run(["report", ReportFixtures.session.path, "-o", output.path]).status == .success)
            let page = try String(contentsOf: output, encoding: .utf8)
            #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        }
    }

    @Test func aMissingRecordingIsNoInput() throws {
        try ReportFixtures.withDirectory { directory in
            let missing = directory.appendingPathComponent("missing.jsonl").path
            let run = ReportFixtures.run(["report", missing])
            #expect(run.status == .noInput)
            #expect(run.status.rawValue == 66)
            #expect(run.errors == "error: Cannot open the recording \"\(missing)\": No such file or directory.\n")
            #expect(run.output.isEmpty)
            let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(left.isEmpty)
        }
    }

    @Test func aDirectoryForARecordingIsNoInput() throws {
        try ReportFixtures.withDirectory { directory in
            let run = ReportFixtures.run([
                "report", directory.path, "-o", directory.appendingPathComponent("r.html").path,
            ])
            #expect(run.status == .noInput)
            #expect(run.errors.contains("it is a directory"))
        }
    }

    @Test func aBadLineIsADataErrorNamingTheFileAndLine() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("bad.jsonl")
            let good = try ReportFixtures.chainedRecords(count: 2).map { try $0.jsonLine() }
            try Data((good[0] + "\n{\"seq\": 1, \"cause\": null}\n" + good[1] + "\n").utf8).write(to: recording)
            let run = ReportFixtures.run(["report", recording.path])
            #expect(run.status == .dataError)
            #expect(run.status.rawValue == 65)
            #expect(
                run.errors.hasPrefix("error: \(recording.path): line 2 does not decode: field `action` is missing.")
            )
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("bad.html").path))
        }
    }

    /// A file with no record is not a recording with no action: empty, blank, a JSON array, two
    /// records on one line, binary — each a data error, no report written.
    @Test(arguments: [
        ("", "holds no record"),
        ("\n  \n\n", "holds no record"),
        (#"[{"seq":0}]"#, "line 1 does not decode: not a JSON object"),
        ("\u{89}PNG\r\n\u{1A}\n\u{0}\u{0}\u{0}\rIHDR", "line 1 does not decode: not a JSON object"),
    ])
    func aFileWithNoRecordIsADataError(contents: String, message: String) throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("none.jsonl")
            try Data(contents.utf8).write(to: recording)
            let run = ReportFixtures.run(["report", recording.path])
            #expect(run.status == .dataError)
            #expect(run.errors.contains(message), "\(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("none.html").path))
        }
    }

    @Test func twoRecordsOnOneLineAreADataError() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("glued.jsonl")
            let lines = try ReportFixtures.chainedRecords(count: 2).map { try $0.jsonLine() }
            try Data((lines[0] + lines[1]).utf8).write(to: recording)
            let run = ReportFixtures.run(["report", recording.path])
            #expect(run.status == .dataError)
            #expect(run.errors.contains("line 1 does not decode: not a JSON object (more text after the value"))
        }
    }

    @Test func theRecordingItselfIsNotAnOutput() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("session.jsonl")
            try ReportFixtures.write(ReportFixtures.chainedRecords(count: 3), to: recording)
            let before = try Data(contentsOf: recording)
            let run = ReportFixtures.run(["report", recording.path, "--output", recording.path])
            #expect(run.status == .usage)
            #expect(run.errors.contains("is the recording itself; the report would replace it."))
            #expect(try Data(contentsOf: recording) == before)
        }
    }

    @Test func aLinkOrAFIFOInTheOutputsPlaceIsRefused() throws {
        try ReportFixtures.withDirectory { directory in
            let target = directory.appendingPathComponent("elsewhere.html")
            try Data("keep".utf8).write(to: target)
            let link = directory.appendingPathComponent("link.html")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            let linked = ReportFixtures.run(["report", ReportFixtures.session.path, "--output", link.path])
            #expect(linked.status == .cannotCreate)
            #expect(linked.errors.contains("it is a symbolic link"))
            #expect(try String(contentsOf: target, encoding: .utf8) == "keep")

            let fifo = directory.appendingPathComponent("pipe.html")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let piped = ReportFixtures.run(["report", ReportFixtures.session.path, "--output", fifo.path])
            #expect(piped.status == .cannotCreate)
            #expect(piped.errors.contains("it is a FIFO"))
        }
    }

    @Test func aLineLongerThanTheLimitIsADataErrorThatNamesTheOption() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("long.jsonl")
            try ReportFixtures.write(ReportFixtures.chainedRecords(count: 3), to: recording)
            let run = ReportFixtures.run(["report", recording.path, "--max-line-bytes", "100"])
            #expect(run.status == .dataError)
            #expect(run.errors.contains("line 1 is longer than 100 bytes"))
            #expect(run.errors.contains("--max-line-bytes"))
        }
    }

    @Test func anUnwritableOutputCannotBeCreated() throws {
        try ReportFixtures.withDirectory { directory in
            let output = directory.appendingPathComponent("no/such/folder/report.html").path
            let run = ReportFixtures.run(["report", ReportFixtures.session.path, "--output", output])
            #expect(run.status == .cannotCreate)
            #expect(run.status.rawValue == 73)
            #expect(run.errors.hasSuffix("error: Cannot write the report \"\(output)\": No such file or directory.\n"))
        }
    }

    @Test func aDirectoryInTheOutputsPlaceCannotBeReplaced() throws {
        try ReportFixtures.withDirectory { directory in
            let output = directory.appendingPathComponent("taken")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)
            let run = ReportFixtures.run(["report", ReportFixtures.session.path, "--output", output.path])
            #expect(run.status == .cannotCreate)
            #expect(run.errors.hasSuffix("error: Cannot write the report \"\(output.path)\": Is a directory.\n"))
            // The temporary file it wrote first is gone.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["taken"])
        }
    }

    @Test func sizesAreShortAndReadable() {
        #expect(ReportFile.describeSize(812) == "812 bytes")
        #expect(ReportFile.describeSize(12_440) == "12.4 KB")
        #expect(ReportFile.describeSize(10_360_000) == "10.4 MB")
    }
}
