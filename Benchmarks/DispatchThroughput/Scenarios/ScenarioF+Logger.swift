import Aqueduct

extension Scenarios {
    /// f. The counter with a logger middleware whose filter rejects every action: the cost of a
    /// logger left in a release build for actions it does not print.
    ///
    /// The baseline calls a stored filter closure that returns `false` before the reducer.
    static var f: ScenarioSlot {
        .ready(
            Scenario(
                id: "f",
                title: "logger middleware, filter rejects the action",
                actionsPerRepetition: 200_000,
                subject: Workload("Aqueduct", key: "aqueduct") { count in LoggerWorkloads.aqueduct(count) },
                baseline: Workload("plain loop", key: "plain_loop") { count in LoggerWorkloads.plainLoop(count) },
                budgets: [.zeroAllocations]
            )
        )
    }
}

@MainActor
private enum LoggerWorkloads {
    static func aqueduct(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let logger = LoggerMiddleware<CounterAction, Int>(filter: { _ in false })
        let store = Store(initialState: 0, reducer: counterReducer, middleware: logger)
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }

    static func plainLoop(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let filter: (CounterAction) -> Bool = opaque { _ in false }
        var state = 0
        var printed = 0
        let sample = measure {
            for index in 0..<count {
                let action = actions[index & cycleMask]
                if filter(action) { printed += 1 }
                reduceCounter(action, &state)
            }
        }
        blackHole((state, printed))
        return sample
    }
}
