import Aqueduct

extension Scenarios {
    /// d. The state holds 1,000 `Int`s and the reducer increments one of them.
    ///
    /// A store that copied the array per action would pay about a microsecond and an
    /// allocation; the budget asks for no allocation and a median within a few nanoseconds of
    /// scenario a's store, measured again here as a reference so that `--filter d` is complete.
    static var d: ScenarioSlot {
        .ready(
            Scenario(
                id: "d",
                title: "state holds [Int] × 1000, reducer mutates one element",
                actionsPerRepetition: 200_000,
                subject: Workload("Aqueduct", key: "aqueduct") { count in LargeStateWorkloads.aqueduct(count) },
                baseline: Workload("plain loop", key: "plain_loop") { count in LargeStateWorkloads.plainLoop(count) },
                references: [
                    Workload("Aqueduct, scenario a", key: "counter_store") { count in CounterWorkloads.aqueduct(count) }
                ],
                budgets: [.zeroAllocations, .within(nanoseconds: 5, of: "counter_store", named: "scenario a's store")]
            )
        )
    }
}

/// Scenario d's state: 1,000 numbers.
struct ListState: Sendable {
    /// The numbers.
    var values: [Int]
}

/// Scenario d's action: increment the number at an index.
enum ListAction: Sendable {
    case increment(at: Int)
}

/// Scenario d's reduction, shared by the store and the baseline.
func reduceList(_ action: ListAction, _ state: inout ListState) {
    switch action {
    case .increment(let index): state.values[index] &+= 1
    }
}

@MainActor
private enum LargeStateWorkloads {
    static let size = 1_000

    /// Indices spread over the array.
    static func actions() -> [ListAction] {
        actionCycle { index in ListAction.increment(at: index * 7 % size) }
    }

    static func aqueduct(_ count: Int) -> Sample {
        let actions = actions()
        let store = Store(
            initialState: ListState(values: Array(repeating: 0, count: size)),
            reducer: .reduce(reduceList)
        )
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    static func plainLoop(_ count: Int) -> Sample {
        let actions = actions()
        var state = ListState(values: Array(repeating: 0, count: size))
        let sample = measure {
            for index in 0..<count { reduceList(actions[index & cycleMask], &state) }
        }
        blackHole(state)
        return sample
    }
}
