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
    /// A folder of allocation thresholds to check the run against (see ``AllocationThresholds``).
    var thresholds: String?
    /// A folder to record the run's allocation counts in, as this toolchain's thresholds.
    var recordThresholds: String?
    /// A file to write the run's measured allocations in (see ``MeasuredAllocations``).
    var writeAllocations: String?
    /// A file of measured allocations to check or record instead of running anything.
    var checkAllocations: String?
    /// Run every workload twice, uncounted then counted, for the instruction gate under
    /// callgrind (see ``InstructionRegions``), and print which profile dump is whose.
    var instructionRegions = false
    /// Print the scenarios the instruction gate counts, one id a line.
    var instructionScenarios = false

    /// The usage text.
    static let usage = """
        usage: swift run -c release DispatchThroughput [--filter <ids>] [--quick] [--json] [--time <seconds>]
                                                     [--thresholds <dir>] [--record-thresholds <dir>]
                                                     [--write-allocations <file>] [--check-allocations <file>]
                                                     [--instruction-regions] [--instruction-scenarios]

          --filter <ids>    run only these scenarios: letters, e.g. "a,c" or "acg" (default: all)
          --quick           tiny counts, for CI: runs everything and prints the figures, asserts
                            nothing about time; exits 0
          --json            one JSON object per line per scenario on standard output
          --time <seconds>  time budget of each scenario in a full run (default: 2)
          --thresholds <dir>
                            check every workload's allocations per action against the
                            toolchain's file in <dir> (swift-6.3.json); exits 1 on any
                            difference: an allocation added, or one removed and not recorded
          --record-thresholds <dir>
                            write the run's allocations per action as the toolchain's file in
                            <dir>, keeping the bounds of the workloads it marks noisy
          --write-allocations <file>
                            write what the run measured (each workload's allocations, actions
                            and counted threads) to <file>, as JSON
          --check-allocations <file>
                            run nothing: check (--thresholds) or record (--record-thresholds)
                            the allocations a --write-allocations run wrote to <file>
          --instruction-regions
                            for .ci/instruction-gate, which runs this under callgrind: each
                            workload (g's excepted) run twice with the quick plan's actions,
                            and one JSON line per counted run; no table, nothing timed
          --instruction-scenarios
                            the scenarios --instruction-regions counts, one id a line
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
            case "--instruction-regions":
                options.instructionRegions = true
            case "--instruction-scenarios":
                options.instructionScenarios = true
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
            case "--thresholds", "--record-thresholds":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw UsageError(message: "\(argument) needs a folder")
                }
                if argument == "--thresholds" { options.thresholds = value } else { options.recordThresholds = value }
            case "--write-allocations", "--check-allocations":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw UsageError(message: "\(argument) needs a file")
                }
                if argument == "--write-allocations" {
                    options.writeAllocations = value
                } else {
                    options.checkAllocations = value
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
        if options.checkAllocations != nil && options.thresholds == nil && options.recordThresholds == nil {
            throw UsageError(message: "--check-allocations needs --thresholds or --record-thresholds")
        }
        return options
    }
}
