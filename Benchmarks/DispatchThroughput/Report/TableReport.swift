/// The human-readable report: a Markdown table (readable in a terminal, pasteable into
/// `Benchmarks/README.md`), then the budgets' verdicts and the pending scenarios.
struct TableReport {
    /// Lines before the first scenario.
    static func header(machine: Machine, plan: RunPlan) -> [String] {
        var lines = [
            "DispatchThroughput — release build — \(machine.description)",
            "",
            "ns per action: median and minimum over the repetitions, each repetition on a fresh store;",
            "actions/s at the median; × baseline = median / the baseline's median (in scenarios i to k,",
            "an Aqueduct row's is to the plain loop of the same size, the row below it);",
            "allocs/action = the main actor's heap allocations, counted exactly while the actions were processed",
            "(every thread's in g and in l's \"until written\" rows).",
        ]
        if plan.quick {
            lines.append("--quick: tiny counts for CI; the figures are indicative and no budget is asserted.")
        }
        if !allocationCountingIsAvailable {
            lines.append("Allocations are not counted on this platform (the counter interposes glibc's malloc).")
        }
        lines += [
            "",
            "| scenario | workload | median ns | min ns | actions/s | × baseline | allocs/action | repetitions |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        return lines
    }

    /// The table rows of one scenario: Aqueduct, then its references, then the baseline.
    static func rows(_ result: ScenarioResult) -> [String] {
        let title = "\(result.scenario.id). \(result.scenario.title)"
        var rows = [row(title, "**Aqueduct**", result.subject, result)]
        for reference in result.references { rows.append(row("", reference.label, reference, result)) }
        rows.append(row("", "\(result.baseline.label) (baseline)", result.baseline, result))
        return rows
    }

    private static func row(
        _ title: String,
        _ label: String,
        _ workload: WorkloadResult,
        _ result: ScenarioResult
    )
        -> String
    {
        let cells = [
            title,
            label,
            Format.nanoseconds(workload.median),
            Format.nanoseconds(workload.minimum),
            Format.grouped(workload.actionsPerSecond),
            Format.number(result.ratio(of: workload), digits: 2),
            Format.allocations(workload.allocationsPerAction),
            "\(workload.repetitions) × \(Format.grouped(Double(result.actionsPerRepetition)))",
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }

    /// The verdicts of every budget, and the pending scenarios.
    static func footer(_ results: [ScenarioResult], pending: [ScenarioSlot], plan: RunPlan) -> [String] {
        var lines = ["", "Budgets\(plan.quick ? " (--quick: printed, not asserted)" : ""):"]
        for result in results {
            for verdict in result.verdicts {
                let outcome = verdict.outcome.holds ? "holds" : "FAILS"
                lines.append("- \(result.scenario.id): \(verdict.statement): \(outcome) — \(verdict.outcome.detail)")
            }
        }
        if !pending.isEmpty {
            lines += ["", "Pending scenarios (not measured yet):"]
            for case .pending(let id, let title, let waitingFor) in pending {
                lines.append("- \(id). \(title) — waiting for \(waitingFor)")
            }
        }
        return lines
    }
}
