import Aqueduct

extension Scenarios {
    /// j. Composed middlewares, 1, 10 and 100 of them: scenario b's pass-through middleware
    /// composed n times, each seeing every action and returning ``Effect/none``.
    ///
    /// Each Aqueduct row is compared with the plain loop of its size: as many stored closures
    /// that return "no effect", called before the reducer.
    static var j: ScenarioSlot {
        var references: [Workload] = []
        for parts in [1, 10] {
            let key = "middlewares_\(parts)"
            references.append(
                Workload(
                    "Aqueduct, \(parts) middleware\(parts == 1 ? "" : "s")",
                    key: key,
                    comparedWith: "plain_\(key)"
                ) {
                    count in MiddlewareScalingWorkloads.aqueduct(parts: parts, count)
                }
            )
            references.append(
                Workload(
                    "plain loop, \(parts) middleware\(parts == 1 ? "" : "s")",
                    key: "plain_\(key)",
                    comparedWith: "plain_\(key)"
                ) { count in
                    passThroughPlainLoop(middlewares: parts, count)
                }
            )
        }
        return .ready(
            Scenario(
                id: "j",
                title: "middleware scaling: 1, 10 and 100 composed pass-through middlewares",
                actionsPerRepetition: 100_000,
                subject: Workload("Aqueduct, 100 middlewares", key: "aqueduct") { count in
                    MiddlewareScalingWorkloads.aqueduct(parts: 100, count)
                },
                baseline: Workload("plain loop, 100 middlewares", key: "plain_loop") { count in
                    passThroughPlainLoop(middlewares: 100, count)
                },
                references: references,
                budgets: [.zeroAllocations]
            )
        )
    }
}

@MainActor
private enum MiddlewareScalingWorkloads {
    static func aqueduct(parts: Int, _ count: Int) -> Sample {
        let actions = actionCycle { _ in CounterAction.increment }
        // Composed one at a time, as an app that builds its list at run time would: `<>` nests
        // pairs whose left part's type is known only at run time, called through its witness
        // table (scenario b's composition, written in one expression, is specialised as one).
        var middleware: any Middleware<CounterAction, CounterAction, Int> = PassThroughMiddleware(index: 0)
        for index in 1..<parts { middleware = middleware <> PassThroughMiddleware(index: index) }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: middleware)
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        return sample
    }
}
