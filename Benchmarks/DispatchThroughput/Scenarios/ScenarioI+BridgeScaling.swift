import Aqueduct

extension Scenarios {
    /// i. Bridges, from 1 to 1,000: the cost of a dispatch as the bridge middleware grows, with
    /// no bridge matching the action and with one (the last added) matching it.
    ///
    /// The bridges match with `==` (`.trigger(k) --> .derived`), each a different trigger.
    /// Each Aqueduct row is compared with the plain loop of its size: as many closures compared
    /// by hand, the match queueing the derived action, which is matched in turn, the reducer run
    /// on both. (The plain loops are compared with themselves.)
    static var i: ScenarioSlot {
        var references: [Workload] = []
        for bridges in [1, 10, 100, 1_000] {
            for matching in [false, true] where bridges < 1_000 || !matching {
                let name =
                    "\(Format.grouped(Double(bridges))) bridge\(bridges == 1 ? "" : "s"), \(matching ? "one matches" : "none matches")"
                let key = "bridges_\(bridges)_\(matching ? "one" : "none")"
                references.append(
                    Workload("Aqueduct, \(name)", key: key, comparedWith: "plain_\(key)") { count in
                        BridgeScalingWorkloads.aqueduct(bridges: bridges, matching: matching, count)
                    }
                )
                references.append(
                    Workload("plain loop, \(name)", key: "plain_\(key)", comparedWith: "plain_\(key)") { count in
                        BridgeScalingWorkloads.plainLoop(bridges: bridges, matching: matching, count)
                    }
                )
            }
        }
        return .ready(
            Scenario(
                id: "i",
                title: "bridges scaling: 1 to 1,000 bridges, none or one matching",
                actionsPerRepetition: 10_000,
                subject: Workload("Aqueduct, 1,000 bridges, one matches", key: "aqueduct") { count in
                    BridgeScalingWorkloads.aqueduct(bridges: 1_000, matching: true, count)
                },
                baseline: Workload("plain loop, 1,000 bridges, one matches", key: "plain_loop") { count in
                    BridgeScalingWorkloads.plainLoop(bridges: 1_000, matching: true, count)
                },
                references: references,
                budgets: [.atMostAllocations(perAction: 1)]
                    + [1, 10, 100, 1_000].map { bridges in
                        .zeroAllocations(
                            in: "bridges_\(bridges)_none",
                            named: "\(bridges) bridge\(bridges == 1 ? "" : "s"), none matches"
                        )
                    }
            )
        )
    }
}

/// Scenario i's actions: a trigger per bridge, and the action a bridge derives.
enum ScalingAction: Equatable, Sendable {
    case trigger(Int)
    case derived
}

@MainActor
private enum BridgeScalingWorkloads {
    /// The trigger dispatched: the last bridge's when one matches, a trigger no bridge has when
    /// none does.
    static func trigger(bridges: Int, matching: Bool) -> ScalingAction {
        .trigger(matching ? bridges - 1 : bridges)
    }

    static func aqueduct(bridges: Int, matching: Bool, _ count: Int) -> Sample {
        let actions = actionCycle { _ in trigger(bridges: bridges, matching: matching) }
        var middleware = BridgeMiddleware<ScalingAction, Int>()
        for index in 0..<bridges {
            middleware = middleware.bridge(ScalingAction.trigger(index) --> ScalingAction.derived)
        }
        let store = Store(
            initialState: 0,
            reducer: .reduce { (_: ScalingAction, count: inout Int) in count &+= 1 },
            middleware: middleware
        )
        // Before the clock starts, as in scenario e: the queue's buffer is allocated once per store.
        store.dispatch(actions[0])
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    static func plainLoop(bridges: Int, matching: Bool, _ count: Int) -> Sample {
        let actions = actionCycle { _ in trigger(bridges: bridges, matching: matching) }
        let matchers: [(ScalingAction) -> Bool] = opaque(
            (0..<bridges).map { index in { $0 == .trigger(index) } }
        )
        var state = 0
        var queue: [ScalingAction] = []
        queue.reserveCapacity(1)
        let sample = measure {
            for index in 0..<count {
                let action = actions[index & cycleMask]
                for matcher in matchers where matcher(action) { queue.append(.derived) }
                state &+= 1
                // The derived action goes through the matchers too, as it does through the
                // bridge middleware.
                for derived in queue {
                    for matcher in matchers where matcher(derived) { state &+= 1 }
                    state &+= 1
                }
                queue.removeAll(keepingCapacity: true)
            }
        }
        blackHole(state)
        return sample
    }
}
