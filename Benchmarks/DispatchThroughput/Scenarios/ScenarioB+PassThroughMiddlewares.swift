import Aqueduct

extension Scenarios {
    /// b. The counter with 5 pass-through middlewares composed with `<>`: each sees every
    /// action and returns ``Effect/none``.
    ///
    /// The baseline calls 5 stored closures that return "no effect" before the reducer.
    static var b: ScenarioSlot {
        .ready(
            Scenario(
                id: "b",
                title: "a + 5 pass-through middlewares",
                actionsPerRepetition: 200_000,
                subject: Workload("Aqueduct", key: "aqueduct") { count in PassThroughWorkloads.aqueduct(count) },
                baseline: Workload("plain loop", key: "plain_loop") { count in
                    passThroughPlainLoop(middlewares: 5, count)
                },
                budgets: [.zeroAllocations, .atMost(1.4)]
            )
        )
    }
}

/// A middleware that lets every action through and does nothing.
struct PassThroughMiddleware: Middleware {
    /// Distinguishes the five instances; unused otherwise.
    let index: Int

    func handle(action: CounterAction, from source: ActionSource, state: GetState<Int>) -> Effect<CounterAction> {
        .none
    }
}

@MainActor
private enum PassThroughWorkloads {
    static func aqueduct(_ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        let middleware =
            PassThroughMiddleware(index: 0) <> PassThroughMiddleware(index: 1) <> PassThroughMiddleware(index: 2)
            <> PassThroughMiddleware(index: 3) <> PassThroughMiddleware(index: 4)
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }
}

/// `middlewares` stored closures that return "no effect", called before the reducer: the
/// baseline of scenario b (5) and of each row of scenario j.
@MainActor
func passThroughPlainLoop(middlewares count: Int, _ actionCount: Int) -> Sample {
    let actions = actionCycle { _ in CounterAction.increment }
    let passThrough: (CounterAction, Int) -> Bool = { _, _ in false }
    let middlewares = opaque(Array(repeating: passThrough, count: count))
    var state = 0
    var effects = 0
    let sample = measure {
        for index in 0..<actionCount {
            let action = actions[index & cycleMask]
            for middleware in middlewares where middleware(action, state) { effects += 1 }
            reduceCounter(action, &state)
        }
    }
    blackHole((state, effects))
    return sample
}
