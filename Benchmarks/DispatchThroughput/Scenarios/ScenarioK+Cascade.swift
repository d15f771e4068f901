import Aqueduct

extension Scenarios {
    /// k. 10,000 actions queued in one cascade: one dispatched action whose middleware's
    /// effect sends 10,000 more, each queued behind the one being processed and processed
    /// before `dispatch` returns. The figure is per processed action.
    ///
    /// The baseline does the same by hand: an array used as a queue, filled with 10,000
    /// actions, then drained from the front, the reducer run on each. The budget compares a
    /// queued action with a plain dispatch: scenario a's store, measured in the same rounds.
    static var k: ScenarioSlot {
        .ready(
            Scenario(
                id: "k",
                title: "cascade: 10,000 actions queued by one action's effect",
                actionsPerRepetition: 100_000,
                subject: Workload("Aqueduct", key: "aqueduct") { count in CascadeWorkloads.aqueduct(count) },
                baseline: Workload("plain loop", key: "plain_loop") { count in CascadeWorkloads.plainLoop(count) },
                references: [
                    Workload("Aqueduct, scenario a", key: "counter_store") { count in CounterWorkloads.aqueduct(count) }
                ],
                budgets: [.atMost(3, times: "counter_store", named: "scenario a's store")],
                // The gate counts one whole cascade, the size the budget is for.
                instructionGateActions: 10_000
            )
        )
    }
}

/// Scenario k's actions: the one that starts a cascade, and what it sends.
enum CascadeAction: Sendable {
    case start(Int)
    case step
}

/// Sends `steps` more actions from an immediate effect of `.start(steps)`.
private struct CascadeStarter: Middleware {
    func handle(action: CascadeAction, from source: ActionSource, state: GetState<Int>) -> Effect<CascadeAction> {
        guard case .start(let steps) = action else { return .none }
        return .immediate { send in
            for _ in 0..<steps { send(.step) }
        }
    }
}

@MainActor
private enum CascadeWorkloads {
    /// The cascades one repetition runs, and their size: `count` actions in cascades of 10,000
    /// (fewer with `--quick`), the starting action counted as one of them.
    static func cascades(_ count: Int) -> (number: Int, size: Int) {
        let size = min(10_000, count)
        return (count / size, size)
    }

    static func aqueduct(_ count: Int) -> Sample {
        let (number, size) = cascades(count)
        let store = Store(
            initialState: 0,
            reducer: .reduce { (_: CascadeAction, count: inout Int) in count &+= 1 },
            middleware: CascadeStarter()
        )
        let steps = opaque(size - 1)
        let sample = measure {
            for _ in 0..<number { store.dispatch(.start(steps)) }
        }
        blackHole(store.state)
        return sample
    }

    static func plainLoop(_ count: Int) -> Sample {
        let (number, size) = cascades(count)
        let steps = opaque(size - 1)
        var state = 0
        var queue: [CascadeAction] = []
        let sample = measure {
            for _ in 0..<number {
                queue.append(.start(steps))
                var head = 0
                while head < queue.count {
                    let action = queue[head]
                    head += 1
                    if case .start(let steps) = action {
                        for _ in 0..<steps { queue.append(.step) }
                    }
                    state &+= 1
                }
                queue.removeAll(keepingCapacity: true)
            }
        }
        blackHole(state)
        return sample
    }
}
