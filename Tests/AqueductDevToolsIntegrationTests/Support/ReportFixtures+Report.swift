import AqueductDevToolsTestSupport
import Foundation

@testable import AqueductDevTools

extension ReportFixtures {
    /// Writes the report of `recording` into `directory` with the command, in process, and
    /// returns its URL.
    static func report(of recording: URL, in directory: URL, options: [String] = []) throws -> URL {
        let page = directory.appendingPathComponent("report.html")
        var errors = ""
        let command = DevToolsCommand(standardOutput: { _ in }, standardError: { errors += $0 })
        let status = command.run(["report", recording.path, "--output", page.path] + options)
        guard status == .success else {
            throw Chromium.Failure(description: "the report was not written: \(status) \(errors)")
        }
        return page
    }
}
