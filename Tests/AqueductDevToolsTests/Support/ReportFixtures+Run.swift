import AqueductDevToolsTestSupport

@testable import AqueductDevTools

extension ReportFixtures {
    /// What a run of the command printed, and how it ended.
    struct Run {
        var status: ExitStatus
        var output = ""
        var errors = ""
    }

    /// Runs `AqueductDevTools` with `arguments`, in process.
    static func run(_ arguments: [String]) -> Run {
        var output = ""
        var errors = ""
        let command = DevToolsCommand(standardOutput: { output += $0 }, standardError: { errors += $0 })
        let status = command.run(arguments)
        return Run(status: status, output: output, errors: errors)
    }
}
