import Aqueduct
import Foundation
import Testing

/// The built `AqueductDevTools` run as a child process, for what only a process shows: how it
/// ends when its standard output is gone, and the modes of the files it creates under a umask.
@Suite struct DevToolsExecutableTests {
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
}
