import Aqueduct

extension Scenarios {
    /// c. The counter with 10 observers of the whole state registered by
    /// `store.subscribe(\.self, .removingDuplicates) { state in … }`; each adds the new state to a sum.
    ///
    /// The baseline calls 10 stored closures with the new state after the reducer.
    static var c: ScenarioSlot {
        .ready(
            Scenario(
                id: "c",
                title: "a + 10 state observers",
                actionsPerRepetition: 100_000,
                subject: Workload("Aqueduct", key: "aqueduct") { count in ObserverWorkloads.aqueduct(count) },
                baseline: Workload("plain loop", key: "plain_loop") { count in ObserverWorkloads.plainLoop(count) },
                budgets: [.atMost(2)]
            )
        )
    }
}

@MainActor
private enum ObserverWorkloads {
    static let observerCount = 10

    static func aqueduct(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let store = Store(initialState: 0, reducer: counterReducer)
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        sum.initialize(to: 0)
        defer { sum.deallocate() }
        let subscriptions = (0..<observerCount).map { _ in
            store.subscribe(\.self, .removingDuplicates) { state in sum.pointee &+= state }
        }
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole((store.state, sum.pointee))
        withExtendedLifetime(subscriptions) {}
        return sample
    }

    static func plainLoop(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let sum = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        sum.initialize(to: 0)
        defer { sum.deallocate() }
        let observers: [(Int) -> Void] = opaque(
            (0..<observerCount).map { _ in { state in sum.pointee &+= state } }
        )
        var state = 0
        let sample = measure {
            for index in 0..<count {
                reduceCounter(actions[index & cycleMask], &state)
                for observer in observers { observer(state) }
            }
        }
        blackHole((state, sum.pointee))
        return sample
    }
}
