/// The machine-readable report: one JSON object per line per scenario.
///
/// Fields: `scenario`, `title`, `ns_per_action_median`, `ns_per_action_min`,
/// `actions_per_second`, `allocations_per_action`, `baseline_ns_per_action_median`,
/// `baseline_ns_per_action_min`, `baseline_allocations_per_action`, `ratio_to_baseline`,
/// for each reference `<key>_ns_per_action_median` and `<key>_ns_per_action_min` (scenario a:
/// `class_store_…`) and, for a scaling row, `<key>_ratio` (to the plain loop of its size),
/// `repetitions`, `actions_per_repetition`, `quick`, and `budgets`: an array
/// of `{"budget": …, "holds": …, "detail": …}`.
enum JSONReport {
    /// The line of one scenario.
    static func line(_ result: ScenarioResult, quick: Bool) -> String {
        var fields: [(String, String)] = [
            ("scenario", Format.json(result.scenario.id)),
            ("title", Format.json(result.scenario.title)),
            ("ns_per_action_median", Format.json(result.subject.median)),
            ("ns_per_action_min", Format.json(result.subject.minimum)),
            ("actions_per_second", Format.json(result.subject.actionsPerSecond, digits: 0)),
            ("allocations_per_action", allocations(result.subject)),
            ("baseline", Format.json(result.baseline.label)),
            ("baseline_ns_per_action_median", Format.json(result.baseline.median)),
            ("baseline_ns_per_action_min", Format.json(result.baseline.minimum)),
            ("baseline_allocations_per_action", allocations(result.baseline)),
            ("ratio_to_baseline", Format.json(result.ratioToBaseline)),
        ]
        for reference in result.references {
            fields.append(("\(reference.key)_ns_per_action_median", Format.json(reference.median)))
            fields.append(("\(reference.key)_ns_per_action_min", Format.json(reference.minimum)))
            fields.append(("\(reference.key)_allocations_per_action", allocations(reference)))
            if reference.comparedWith != nil {
                fields.append(("\(reference.key)_ratio", Format.json(result.ratio(of: reference))))
            }
        }
        fields += [
            ("repetitions", String(result.subject.repetitions)),
            ("actions_per_repetition", String(result.actionsPerRepetition)),
            ("quick", String(quick)),
            ("budgets", "[" + result.verdicts.map(budget).joined(separator: ",") + "]"),
        ]
        return "{" + fields.map { "\(Format.json($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func allocations(_ workload: WorkloadResult) -> String {
        allocationCountingIsAvailable ? Format.json(workload.allocationsPerAction, digits: 6) : "null"
    }

    private static func budget(_ verdict: BudgetVerdict) -> String {
        "{\"budget\":\(Format.json(verdict.statement)),\"holds\":\(verdict.outcome.holds),"
            + "\"detail\":\(Format.json(verdict.outcome.detail))}"
    }
}
