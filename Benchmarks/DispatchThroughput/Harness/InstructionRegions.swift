/// The run that the instruction gate (`.ci/instruction-gate`) counts under callgrind:
/// `DispatchThroughput --instruction-regions`.
///
/// Each workload of each selected scenario runs twice with a tenth of the quick plan's actions
/// (``actions(of:)``): once to warm up (lazily created runtime metadata, first-use caches),
/// then once counted. Each run measures one region between ``instructionGateRegionBegins()`` and
/// ``instructionGateRegionEnds()``, and callgrind dumps one profile per region, numbered from
/// 1 in order; one JSON line per counted run says which dump is whose:
///
/// ```json
/// {"region":4,"workload":"a/plain_loop","baseline":"a/plain_loop","actions":200,"thresholds":"instructions-swift-6.3.json","threads":"all"}
/// ```
///
/// `threads` is `measured` for a workload measured with ``measureThisThread(_:)``: the gate
/// then counts the main thread's instructions only, `all` otherwise.
/// `baseline` is the workload the gate divides by: the scenario's baseline, or a scaling
/// row's own plain loop; `thresholds` is this toolchain's file in `Benchmarks/Thresholds`. No clock is read for the figures and nothing is timed.
@MainActor
enum InstructionRegions {
    /// Scenarios the gate leaves out, and why.
    static let excluded = [
        "g": "four tasks dispatch concurrently: under valgrind, which runs one thread at a time, "
            + "its counts follow valgrind's scheduling",
        "m": "its measured region awaits on the main actor: callgrind 3.19 crashes dumping a region that suspends",
        "n": "its measured region awaits on the main actor: callgrind 3.19 crashes dumping a region that suspends",
    ]

    /// The actions of one counted run: a tenth of the quick plan's (at least 40), so that the
    /// gate's two runs of every workload under callgrind's 50-fold slowdown stay within CI's
    /// time. Instruction counts need no more: they do not vary from one run to the next.
    /// A scenario whose budget names a size of its own says so (``Scenario/instructionGateActions``):
    /// k's budget is per action of a 10,000-action cascade, and in a cascade of a tenth of the
    /// quick plan's, 100 actions, the cascade's start (its effect, the new queue's first
    /// growths) would weigh a hundred times as much.
    static func actions(of scenario: Scenario) -> Int {
        scenario.instructionGateActions ?? RunPlan.quick.actionsPerRepetition(of: scenario) / 10
    }

    /// Runs the selected scenarios' workloads and prints one line per counted region.
    ///
    /// - Throws: ``ThresholdError`` when a workload's run measured no region or more than one.
    static func run(_ slots: [ScenarioSlot], thresholdsFile: String) async throws(ThresholdError) -> [String] {
        var lines: [String] = []
        for case .ready(let scenario) in slots where excluded[scenario.id] == nil {
            let actions = actions(of: scenario)
            let workloads = [scenario.subject, scenario.baseline] + scenario.references
            for workload in workloads {
                for counted in [false, true] {
                    let before = measuredRegions
                    regionCountsTheMeasuredThreadOnly = false
                    _ = await workload.run(actions)
                    guard measuredRegions == before + 1 else {
                        throw ThresholdError(
                            message: "\(scenario.id)/\(workload.key) measured \(measuredRegions - before) regions "
                                + "in one run; the instruction gate needs exactly one"
                        )
                    }
                    guard counted else { continue }
                    let baseline = "\(scenario.id)/\(workload.comparedWith ?? scenario.baseline.key)"
                    let fields = [
                        ("region", String(measuredRegions)),
                        ("workload", Format.json("\(scenario.id)/\(workload.key)")),
                        ("baseline", Format.json(baseline)),
                        ("actions", String(actions)),
                        ("thresholds", Format.json(thresholdsFile)),
                        ("threads", Format.json(regionCountsTheMeasuredThreadOnly ? "measured" : "all")),
                    ]
                    lines.append("{" + fields.map { "\(Format.json($0.0)):\($0.1)" }.joined(separator: ",") + "}")
                }
            }
        }
        return lines
    }
}
