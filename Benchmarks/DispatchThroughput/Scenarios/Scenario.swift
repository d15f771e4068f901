/// One benchmark scenario: Aqueduct doing some work, a hand-written baseline doing the same
/// work without the framework, optional further references, and the budgets Aqueduct must
/// reach. All of them are measured in the same run.
struct Scenario: Sendable {
    /// The scenario's letter (`"a"` … `"q"`), as in the table of `Benchmarks/README.md`.
    let id: String
    /// What the scenario does, as the report prints it.
    let title: String
    /// Actions one repetition processes in a full run (a hundredth with `--quick`).
    let actionsPerRepetition: Int
    /// Aqueduct doing the work.
    let subject: Workload
    /// The same work written by hand, without the framework.
    let baseline: Workload
    /// Further workloads to compare with, each reported with its own JSON fields.
    let references: [Workload]
    /// What the subject must reach.
    let budgets: [Budget]
    /// The actions one counted run of the instruction gate processes, when a tenth of the quick
    /// plan's would measure something else than the budget names (see
    /// ``InstructionRegions/actions(of:)``); `nil` for that default.
    let instructionGateActions: Int?

    /// Creates a scenario.
    init(
        id: String,
        title: String,
        actionsPerRepetition: Int,
        subject: Workload,
        baseline: Workload,
        references: [Workload] = [],
        budgets: [Budget],
        instructionGateActions: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.actionsPerRepetition = actionsPerRepetition
        self.subject = subject
        self.baseline = baseline
        self.references = references
        self.budgets = budgets
        self.instructionGateActions = instructionGateActions
    }
}
