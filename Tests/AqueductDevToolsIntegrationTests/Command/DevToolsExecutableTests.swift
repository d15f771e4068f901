import Aqueduct
import AqueductDevToolsTestSupport
import AqueductRecording
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built `AqueductDevTools` run as a child process, for what only a process shows: how it
/// ends when its standard output is gone, and the modes of the files it creates under a umask.
@Suite(.blocksItsThread) struct DevToolsExecutableTests {
    @Test func aClosedStandardOutputDoesNotKillTheTool() throws {
        try ReportFixtures.withDirectory { directory in
            let report = directory.appendingPathComponent("report.html")
            let run = try DevToolsProcess.run(
                ["report", ReportFixtures.session.path, "--output", report.path],
                output: .closedPipe,
                in: directory
            )
            #expect(run.ending == .exited(0), "\(run.errors)")
            #expect(FileManager.default.fileExists(atPath: report.path))
        }
    }

    @Test func theHelpOnAClosedPipeEndsNormally() throws {
        try ReportFixtures.withDirectory { directory in
            let run = try DevToolsProcess.run(["--help"], output: .closedPipe, in: directory)
            #expect(run.ending == .exited(0))
        }
    }

    static func mode(of path: String) throws -> mode_t {
        var status = stat()
        try #require(lstat(path, &status) == 0)
        return status.st_mode & 0o777
    }

    /// The report holds what the recording holds: private whatever the umask, a new one or one
    /// that replaces a readable report.
    @Test(arguments: [0o000, 0o022, 0o277] as [mode_t])
    func theReportIsPrivateWhateverTheUmask(umask: mode_t) throws {
        try ReportFixtures.withDirectory { directory in
            let report = directory.appendingPathComponent("report.html")
            let created = try DevToolsProcess.run(
                ["report", ReportFixtures.session.path, "--output", report.path],
                umask: umask,
                in: directory
            )
            #expect(created.ending == .exited(0), "\(created.errors)")
            #expect(try Self.mode(of: report.path) == 0o600)

            #expect(chmod(report.path, 0o644) == 0)
            let replaced = try DevToolsProcess.run(
                ["report", ReportFixtures.session.path, "--output", report.path],
                umask: umask,
                in: directory
            )
            #expect(replaced.ending == .exited(0))
            #expect(try Self.mode(of: report.path) == 0o600)
        }
    }

    @Test func aFileWithNoRecordEndsWithStatus65() throws {
        try ReportFixtures.withDirectory { directory in
            let recording = directory.appendingPathComponent("array.jsonl")
            try Data(#"[{"seq":0},{"seq":1}]"#.utf8).write(to: recording)
            let run = try DevToolsProcess.run(["report", recording.path], in: directory)
            #expect(run.ending == .exited(65))
            #expect(run.errors.contains("line 1 does not decode: not a JSON object"))
        }
    }
}
