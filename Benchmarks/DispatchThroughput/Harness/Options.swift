/// The command line: `DispatchThroughput [--filter ids] [--quick] [--json] [--time seconds]`.
struct Options: Sendable {
    /// The scenario letters to run; empty runs all of them.
    var filter: Set<String> = []
    /// Tiny counts for CI.
    var quick = false
    /// One JSON object per line per scenario instead of the table.
    var json = false
    /// Time budget of each scenario in a full run.
    var secondsPerScenario = 2.0

    /// The usage text.
    static let usage = """
        usage: swift run -c release DispatchThroughput [--filter <ids>] [--quick] [--json] [--time <seconds>]

          --filter <ids>    run only these scenarios: letters, e.g. "a,c" or "acg" (default: all)
          --quick           tiny counts, for CI: runs everything and prints the figures, asserts
                            nothing about time; exits 0
          --json            one JSON object per line per scenario on standard output
          --time <seconds>  time budget of each scenario in a full run (default: 2)
          --help            this text
        """

    /// A command-line mistake.
    struct UsageError: Error, Sendable {
        /// What is wrong.
        let message: String
    }

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: The arguments.
    /// - Returns: The options, or `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown option or a missing or bad value.
    static func parse(_ arguments: [String], knownIDs: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                return nil
            case "--quick":
                options.quick = true
            case "--json":
                options.json = true
            case "--filter":
                guard let value = remaining.popFirst() else { throw UsageError(message: "--filter needs scenario ids") }
                for character in value where character != "," && character != " " {
                    let id = String(character).lowercased()
                    guard knownIDs.contains(id) else {
                        throw UsageError(
                            message: "unknown scenario '\(character)'; known: \(knownIDs.joined(separator: ", "))"
                        )
                    }
                    options.filter.insert(id)
                }
            case "--time":
                guard let value = remaining.popFirst(), let seconds = Double(value), seconds > 0 else {
                    throw UsageError(message: "--time needs a positive number of seconds")
                }
                options.secondsPerScenario = seconds
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
        return options
    }
}
