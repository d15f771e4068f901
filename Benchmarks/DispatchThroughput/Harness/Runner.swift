/// Measures scenarios according to a ``RunPlan``.
@MainActor
struct Runner {
    /// How long and how hard to measure.
    let plan: RunPlan

    /// Measures every workload of `scenario` in interleaved rounds and evaluates its budgets.
    func run(_ scenario: Scenario) async -> ScenarioResult {
        let actions = plan.actionsPerRepetition(of: scenario)
        let workloads = [scenario.subject, scenario.baseline] + scenario.references
        var results = workloads.map {
            WorkloadResult(
                label: $0.label,
                key: $0.key,
                comparedWith: $0.comparedWith,
                allocationThreads: $0.allocationThreads
            )
        }

        for _ in 0..<plan.warmUpRounds {
            for workload in workloads { _ = await workload.run(actions) }
        }
        let start = MonotonicClock.nanoseconds()
        let budget = UInt64(plan.secondsPerScenario * 1_000_000_000)
        var rounds = 0
        while rounds < plan.maximumRounds
            && (rounds < plan.minimumRounds || MonotonicClock.nanoseconds() - start < budget)
        {
            for (index, workload) in workloads.enumerated() {
                results[index].record(await workload.run(actions), actions: actions)
            }
            rounds += 1
        }

        var result = ScenarioResult(
            scenario: scenario,
            actionsPerRepetition: actions,
            subject: results[0],
            baseline: results[1],
            references: Array(results[2...]),
            verdicts: []
        )
        result.verdicts = scenario.budgets.map { budget in
            BudgetVerdict(statement: budget.statement, outcome: budget.evaluate(result))
        }
        return result
    }
}
