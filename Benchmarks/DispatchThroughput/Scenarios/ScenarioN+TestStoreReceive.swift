import Aqueduct
import AqueductTesting

extension Scenarios {
    /// n. A `TestStore` with tens of thousands of actions waiting to be received: one send
    /// whose effect sends them all, then a `receive` for each, in order, each asserting its
    /// state change.
    ///
    /// Per action. A reference does the same work as ten test stores of a tenth as many
    /// actions each: equal figures mean receiving is linear (it was quadratic: 8,000 waiting
    /// actions took 26 s). The baseline is a store processing the same actions.
    static var n: ScenarioSlot {
        .ready(
            Scenario(
                id: "n",
                title: "TestStore: actions waiting to be received, received in order (per action)",
                actionsPerRepetition: 50_000,
                subject: Workload("TestStore, one burst", key: "teststore_one") { count in
                    await TestStoreWorkloads.receive(count, inPieces: 1)
                },
                baseline: Workload("store, the same actions", key: "store") { count in
                    TestStoreWorkloads.dispatch(count)
                },
                references: [
                    Workload("TestStore, ten bursts of a tenth", key: "teststore_tenths") { count in
                        await TestStoreWorkloads.receive(count, inPieces: 10)
                    }
                ],
                budgets: []
            )
        )
    }
}

/// A negative action sends that many `1`s from its effect, synchronously.
private struct BurstMiddleware: Middleware {
    func handle(action: Int, from source: ActionSource, state: GetState<Int>) -> Effect<Int> {
        guard action < 0 else { return .none }
        return .immediate { send in
            for _ in 0..<(-action) { send(1) }
        }
    }
}

@MainActor
private enum TestStoreWorkloads {
    static let reducer = Reducer<Int, Int>.reduce { action, total in total &+= action }

    /// `count` actions received from `pieces` test stores, `count / pieces` from each.
    static func receive(_ count: Int, inPieces pieces: Int) async -> Sample {
        let burst = count / pieces
        return await measureAsync {
            for _ in 0..<pieces {
                let store = TestStore(initialState: 0, reducer: reducer, middleware: BurstMiddleware())
                await store.dispatch(-burst) { $0 = -burst }
                for index in 0..<burst {
                    await store.receive(where: { $0 == 1 }) { $0 = index + 1 - burst }
                }
                await store.finish()
            }
        }
    }

    /// The same actions through a store.
    static func dispatch(_ count: Int) -> Sample {
        let store = Store(initialState: 0, reducer: reducer, middleware: BurstMiddleware())
        let sample = measure { store.dispatch(-count) }
        blackHole(store.state)
        return sample
    }
}
