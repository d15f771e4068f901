import Aqueduct

extension Scenarios {
    /// a. The counter: a store with only a reducer that increments an `Int`.
    ///
    /// Compared with the plain loop (the reducer called directly, the lower bound) and with
    /// ``ClassStore`` (the minimal hand-written store, the budget's yardstick).
    static var a: ScenarioSlot {
        .ready(
            Scenario(
                id: "a",
                title: "counter: reducer increments an Int",
                actionsPerRepetition: 200_000,
                subject: Workload("Aqueduct", key: "aqueduct") { count in CounterWorkloads.aqueduct(count) },
                baseline: Workload("plain loop", key: "plain_loop") { count in CounterWorkloads.plainLoop(count) },
                references: [
                    Workload("class store", key: "class_store") { count in CounterWorkloads.classStore(count) },
                    Workload("class store, inlined into the loop", key: "class_store_inlined") { count in
                        CounterWorkloads.classStoreInlined(count)
                    },
                ],
                budgets: [.atMost(2, times: "class_store", named: "class store"), .zeroAllocations]
            )
        )
    }
}

/// Scenario a's workloads; scenario d uses ``aqueduct(_:)`` as its reference.
@MainActor
enum CounterWorkloads {
    /// A fresh Aqueduct store processes `count` increments.
    static func aqueduct(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let store = Store(initialState: 0, reducer: counterReducer)
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    /// A fresh ``ClassStore`` processes `count` increments.
    ///
    /// The store is passed through ``opaque(_:)`` as an app's store would come from elsewhere:
    /// otherwise the optimiser sees the reducer it was built with, inlines it and removes the
    /// exclusivity checks, measuring a loop rather than a store.
    static func classStore(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let store = opaque(ClassStore(initialState: 0, reducer: reduceCounter))
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    /// A fresh ``ClassStore`` processes `count` increments with `dispatch` inlined into the
    /// loop, where the optimiser merges the exclusivity checks of all iterations into one.
    static func classStoreInlined(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let store = opaque(ClassStore(initialState: 0, reducer: reduceCounter))
        let sample = measure {
            for index in 0..<count { store.dispatchInlined(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    /// The reducer applied `count` times to a local `Int`.
    static func plainLoop(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        var state = 0
        let sample = measure {
            for index in 0..<count { reduceCounter(actions[index & cycleMask], &state) }
        }
        blackHole(state)
        return sample
    }
}
