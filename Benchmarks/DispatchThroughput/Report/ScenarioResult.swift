/// Everything measured for one scenario, and its budgets' verdicts.
struct ScenarioResult: Sendable {
    /// The scenario.
    let scenario: Scenario
    /// Actions processed by one repetition.
    let actionsPerRepetition: Int
    /// Aqueduct doing the work.
    let subject: WorkloadResult
    /// The hand-written baseline doing the same work.
    let baseline: WorkloadResult
    /// Further comparisons (scenario a's class store, for example).
    let references: [WorkloadResult]
    /// The budgets' verdicts, in the scenario's order.
    var verdicts: [BudgetVerdict]

    /// The subject's median over the baseline's.
    var ratioToBaseline: Double { subject.median / baseline.median }

    /// `workload`'s median over that of the workload it is compared with: its
    /// ``WorkloadResult/comparedWith`` reference, or the baseline.
    func ratio(of workload: WorkloadResult) -> Double {
        let other = workload.comparedWith.flatMap(reference) ?? baseline
        return workload.median / other.median
    }

    /// The reference workload with the given key.
    func reference(_ key: String) -> WorkloadResult? {
        references.first { $0.key == key }
    }
}
