import Aqueduct

extension Scenarios {
    /// e. A bridge middleware with 10 bridges, one of which matches every dispatched action; the
    /// bridged action is processed in the same `dispatch`, so each figure covers both actions.
    ///
    /// The baseline does the same by hand: 10 `if case` checks, the matching one queues the
    /// derived action, and the reducer runs on both.
    static var e: ScenarioSlot {
        .ready(
            Scenario(
                id: "e",
                title: "bridge middleware: 10 bridges, one matches",
                actionsPerRepetition: 20_000,
                subject: Workload("Aqueduct", key: "aqueduct") { count in BridgeWorkloads.aqueduct(count) },
                baseline: Workload("plain loop", key: "plain_loop") { count in BridgeWorkloads.plainLoop(count) },
                references: [
                    Workload("Aqueduct, case paths held in variables", key: "aqueduct_key_path_values") { count in
                        BridgeWorkloads.aqueductWithKeyPathValues(count)
                    }
                ],
                budgets: [
                    .atMost(2),
                    .atMostAllocations(perAction: 1),
                    .reference(
                        "aqueduct_key_path_values",
                        named: "case paths held in variables",
                        atMostTimesSubject: 2
                    ),
                ]
            )
        )
    }
}

/// Scenario e's actions: a feature's ten events, as an app wraps them, and the action the
/// matching bridge derives. The bridges match as an app's do, on case paths through the
/// feature (`\.trigger.t9`), like `\.lifecycle.didBecomeActive`: the case paths an app gets
/// from `swift package case-accessors`, generated into `ScenarioE+Bridges+CaseAccessors.swift`.
enum BridgedAction: CaseAccessible, Sendable {
    case trigger(Trigger)
    case derived
}

/// A feature's ten events, each with the generated case path bridges match on.
enum Trigger: Int, CaseAccessible, Sendable, CaseIterable {
    case t0, t1, t2, t3, t4, t5, t6, t7, t8, t9
}

/// Scenario e's reduction: counts every action.
func reduceBridged(_ action: BridgedAction, _ count: inout Int) {
    count &+= 1
}

@MainActor
private enum BridgeWorkloads {
    /// The same case paths as values, as a helper that builds bridges from a list holds them.
    static let keyPaths: [CaseKeyPath<BridgedAction, Void>] = [
        \.trigger.t0, \.trigger.t1, \.trigger.t2, \.trigger.t3, \.trigger.t4,
        \.trigger.t5, \.trigger.t6, \.trigger.t7, \.trigger.t8, \.trigger.t9,
    ]

    /// Bridges written as an app writes them: case path literals, which `-->` resolves once,
    /// when the bridge is built.
    static func aqueduct(_ count: Int) -> Sample {
        let actions = actionCycle { _ in BridgedAction.trigger(.t9) }
        let bridges = BridgeMiddleware<BridgedAction, Int>()
            .bridge(\.trigger.t0 --> BridgedAction.derived)
            .bridge(\.trigger.t1 --> BridgedAction.derived)
            .bridge(\.trigger.t2 --> BridgedAction.derived)
            .bridge(\.trigger.t3 --> BridgedAction.derived)
            .bridge(\.trigger.t4 --> BridgedAction.derived)
            .bridge(\.trigger.t5 --> BridgedAction.derived)
            .bridge(\.trigger.t6 --> BridgedAction.derived)
            .bridge(\.trigger.t7 --> BridgedAction.derived)
            .bridge(\.trigger.t8 --> BridgedAction.derived)
            .bridge(\.trigger.t9 --> BridgedAction.derived)
        return run(bridges, actions: actions, count: count)
    }

    /// The same bridges from case paths held in variables: resolved once too, so they should
    /// cost what the literals do.
    static func aqueductWithKeyPathValues(_ count: Int) -> Sample {
        let actions = actionCycle { _ in BridgedAction.trigger(.t9) }
        var bridges = BridgeMiddleware<BridgedAction, Int>()
        for keyPath in keyPaths {
            bridges = bridges.bridge(keyPath --> BridgedAction.derived)
        }
        return run(bridges, actions: actions, count: count)
    }

    private static func run(
        _ bridges: BridgeMiddleware<BridgedAction, Int>,
        actions: [BridgedAction],
        count: Int
    ) -> Sample {
        let store = Store(initialState: 0, reducer: .reduce(reduceBridged), middleware: bridges)
        // One bridged action before the clock starts: the store allocates its queue's buffer
        // once, when it first queues an action — not an allocation per bridged action.
        store.dispatch(actions[0])
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    /// The same matching written by hand: ten closures over the case properties.
    static func plainLoop(_ count: Int) -> Sample {
        let actions = actionCycle { _ in BridgedAction.trigger(.t9) }
        let matchers: [(BridgedAction) -> Void?] = opaque([
            { $0.trigger?.t0 }, { $0.trigger?.t1 }, { $0.trigger?.t2 }, { $0.trigger?.t3 }, { $0.trigger?.t4 },
            { $0.trigger?.t5 }, { $0.trigger?.t6 }, { $0.trigger?.t7 }, { $0.trigger?.t8 }, { $0.trigger?.t9 },
        ])
        var state = 0
        var queue: [BridgedAction] = []
        queue.reserveCapacity(1)
        let sample = measure {
            for index in 0..<count {
                let action = actions[index & cycleMask]
                for matcher in matchers where matcher(action) != nil { queue.append(.derived) }
                reduceBridged(action, &state)
                for derived in queue { reduceBridged(derived, &state) }
                queue.removeAll(keepingCapacity: true)
            }
        }
        blackHole(state)
        return sample
    }
}
