// Dispatch throughput and allocations of Aqueduct's Store, each scenario beside a hand-written
// baseline measured in the same run. See Benchmarks/README.md.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The benchmark's entry point: parses the options, refuses unoptimised builds, runs the
/// selected scenarios on the main actor and reports them.
@main
struct DispatchThroughput {
    static func main() async {
        let slots = Scenarios.all
        let options: Options
        do {
            guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst()), knownIDs: slots.map(\.id))
            else {
                print(Options.usage)
                return
            }
            options = parsed
        } catch {
            writeError("DispatchThroughput: \(error.message)\n\(Options.usage)\n")
            exit(64)
        }

        if let reason = unoptimisedBuildReason {
            writeError(
                """
                DispatchThroughput: refusing to report: \(reason).
                Unoptimised code is many times slower and allocates where optimised code does not, so
                every figure, ratio and budget would be wrong. Run it in release mode:

                    swift run -c release DispatchThroughput\(options.quick ? " --quick" : "")

                """
            )
            exit(1)
        }

        if let file = options.checkAllocations {
            do {
                try checkAllocations(MeasuredAllocations.load(from: file), options: options)
            } catch {
                writeError("DispatchThroughput: \(error.message)\n")
                exit(1)
            }
            return
        }

        let selected = slots.filter { options.filter.isEmpty || options.filter.contains($0.id) }
        if options.instructionScenarios {
            emit(selected.map(\.id).filter { InstructionRegions.excluded[$0] == nil })
            return
        }
        if options.instructionRegions {
            countingInstructions = true
            do throws(ThresholdError) {
                let file = "instructions-" + AllocationThresholds.file(in: "")
                emit(try await InstructionRegions.run(selected, thresholdsFile: file))
            } catch {
                writeError("DispatchThroughput: \(error.message)\n")
                exit(1)
            }
            return
        }
        let plan = options.quick ? RunPlan.quick : RunPlan.full(secondsPerScenario: options.secondsPerScenario)
        let runner = Runner(plan: plan)

        if !options.json { emit(TableReport.header(machine: .current(), plan: plan)) }
        var results: [ScenarioResult] = []
        var pending: [ScenarioSlot] = []
        for slot in selected {
            guard case .ready(let scenario) = slot else {
                pending.append(slot)
                continue
            }
            let result = await runner.run(scenario)
            results.append(result)
            emit(options.json ? [JSONReport.line(result, quick: plan.quick)] : TableReport.rows(result))
        }
        if options.json {
            for case .pending(let id, _, let waitingFor) in pending {
                writeError("DispatchThroughput: scenario \(id) is pending: waiting for \(waitingFor)\n")
            }
        } else {
            emit(TableReport.footer(results, pending: pending, plan: plan))
        }
        if options.thresholds != nil || options.recordThresholds != nil || options.writeAllocations != nil {
            do throws(ThresholdError) {
                guard allocationCountingIsAvailable else {
                    throw ThresholdError(
                        message: "allocations are not counted on this platform: no thresholds to check"
                    )
                }
                let measured = MeasuredAllocations(results, plan: plan, scenarios: selected.map(\.id))
                if let file = options.writeAllocations {
                    try measured.write(to: file)
                    writeError("DispatchThroughput: wrote the measured allocations to \(file)\n")
                }
                try checkAllocations(measured, options: options)
            } catch {
                writeError("DispatchThroughput: \(error.message)\n")
                exit(1)
            }
        }
    }

    /// Records the run's allocation counts, or checks them against the checked-in thresholds
    /// (see ``AllocationThresholds``); a difference fails the run.
    private static func checkAllocations(_ measured: MeasuredAllocations, options: Options) throws(ThresholdError) {
        if let directory = options.recordThresholds {
            let path = AllocationThresholds.file(in: directory)
            let previous = try? AllocationThresholds.load(from: path)
            try AllocationThresholds.recorded(from: measured, keeping: previous).write(to: path)
            writeError("DispatchThroughput: recorded the allocation thresholds in \(path)\n")
        }
        guard let directory = options.thresholds else { return }
        let path = AllocationThresholds.file(in: directory)
        let report = try AllocationThresholds.load(from: path)
            .check(measured, knownScenarios: Set(Scenarios.all.map(\.id)))
        var lines = ["", "Allocation thresholds (\(path), allocations per action):"]
        lines += report.lines.map { "- \($0)" }
        if report.failures.isEmpty {
            lines.append("All \(report.lines.count) workloads are at their thresholds.")
            emit(lines)
            return
        }
        lines += ["", "Allocation thresholds FAILED:"] + report.failures.map { "- \($0)" }
        lines.append(
            "An allocation on a hot path fails this check; when a change really removes one (or must add one), "
                + "record the thresholds again (--record-thresholds) and say why in the commit."
        )
        emit(lines)
        exit(1)
    }

    private static func emit(_ lines: [String]) {
        for line in lines { print(line) }
        fflush(nil)
    }

    private static func writeError(_ text: String) {
        fflush(nil)
        var text = text
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
