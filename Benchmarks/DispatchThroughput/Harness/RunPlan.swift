/// How long and how hard to measure each scenario.
///
/// Every scenario's workloads run in rounds — one repetition of each workload a round, in
/// turn, so that a change in machine load hits the framework and its baseline alike. The
/// first rounds warm up (caches, lazily created runtime metadata) and are not recorded; then
/// rounds repeat until the time budget is spent.
struct RunPlan: Sendable {
    /// Tiny counts, for CI: checks that everything runs.
    var quick: Bool
    /// Time budget of one scenario, all of its workloads together.
    var secondsPerScenario: Double
    /// Rounds run and discarded before recording.
    var warmUpRounds: Int
    /// Rounds recorded however long they take.
    var minimumRounds: Int
    /// Rounds recorded at most, however fast they are.
    var maximumRounds: Int

    /// The full run: about two seconds a scenario.
    static func full(secondsPerScenario: Double) -> RunPlan {
        RunPlan(
            quick: false,
            secondsPerScenario: secondsPerScenario,
            warmUpRounds: 2,
            minimumRounds: 5,
            maximumRounds: 500
        )
    }

    /// The CI run: a hundredth of the actions, three rounds, no time budget.
    static let quick = RunPlan(
        quick: true,
        secondsPerScenario: 0,
        warmUpRounds: 1,
        minimumRounds: 3,
        maximumRounds: 3
    )

    /// The plan's name in a thresholds file: `quick` or `full` (a full run's time budget does
    /// not change its per-action allocation counts).
    var name: String { quick ? "quick" : "full" }

    /// The actions one repetition of `scenario` processes under this plan.
    func actionsPerRepetition(of scenario: Scenario) -> Int {
        quick ? max(scenario.actionsPerRepetition / 100, 400) : scenario.actionsPerRepetition
    }
}
