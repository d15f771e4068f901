@testable import AqueductCaseAccessorsCore

/// What `Command.run` printed and returned.
struct CommandResult {
    let status: Int32
    let output: [String]
    let errors: [String]

    /// Runs the generator's command line in-process.
    static func run(_ arguments: [String]) -> CommandResult {
        var output: [String] = []
        var errors: [String] = []
        let status = Command.run(arguments, output: { output.append($0) }, errors: { errors.append($0) })
        return CommandResult(status: status, output: output, errors: errors)
    }
}
