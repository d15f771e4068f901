import Aqueduct
import Synchronization

extension Scenarios {
    /// g. 4 tasks dispatch increments concurrently through the store's `Sendable`
    /// ``Dispatcher``; the store drains its inbox on the main actor in batches. Time runs until
    /// the store has processed every action, so the figure is the throughput of the whole.
    ///
    /// The baseline does the same by hand: a `Mutex`-guarded array that the first action into
    /// it schedules a main-actor drain for, and a reducer applied to each drained action.
    static var g: ScenarioSlot {
        .ready(
            Scenario(
                id: "g",
                title: "4 tasks dispatching concurrently through the Sendable dispatcher",
                actionsPerRepetition: 400_000,
                // The work is the senders' (dispatching on the task pool) and the main actor's
                // (draining): every thread's allocations are counted.
                subject: Workload("Aqueduct", key: "aqueduct", allocationThreads: .every) { count in
                    await ConcurrentWorkloads.aqueduct(count)
                },
                baseline: Workload("Mutex inbox", key: "mutex_inbox", allocationThreads: .every) { count in
                    await ConcurrentWorkloads.handWritten(count)
                },
                budgets: [.atLeast(actionsPerSecond: 10_000_000), .atMost(2, named: "the Mutex inbox")]
            )
        )
    }
}

@MainActor
private enum ConcurrentWorkloads {
    static let senders = 4

    static func aqueduct(_ count: Int) async -> Sample {
        let perSender = count / senders
        let total = perSender * senders
        let actions = actionCycle { _ in CounterAction.increment }
        let store = Store(initialState: 0, reducer: counterReducer)
        let dispatcher = store.dispatcher
        let sample = await measureAsync {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<senders {
                    group.addTask { await send(actions, count: perSender, through: dispatcher) }
                }
            }
            while store.state < total { await Task.yield() }
        }
        blackHole(store.state)
        return sample
    }

    @concurrent
    nonisolated static func send(
        _ actions: [CounterAction],
        count: Int,
        through dispatcher: Dispatcher<CounterAction>
    ) async {
        for index in 0..<count { dispatcher.dispatch(actions[index & cycleMask]) }
    }

    static func handWritten(_ count: Int) async -> Sample {
        let perSender = count / senders
        let total = perSender * senders
        let actions = actionCycle { _ in CounterAction.increment }
        let store = MutexInboxStore()
        let sample = await measureAsync {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<senders {
                    group.addTask { await send(actions, count: perSender, to: store) }
                }
            }
            while store.state < total { await Task.yield() }
        }
        blackHole(store.state)
        return sample
    }

    @concurrent
    nonisolated static func send(_ actions: [CounterAction], count: Int, to store: MutexInboxStore) async {
        for index in 0..<count { store.enqueue(actions[index & cycleMask]) }
    }
}

/// Scenario g's baseline: the least a main-actor store fed from other threads needs — a
/// locked array, one scheduled main-actor drain per batch, the reducer.
@MainActor
private final class MutexInboxStore {
    private struct Pending {
        var actions: [CounterAction] = []
        var isScheduled = false
    }

    private nonisolated let pending = Mutex(Pending())
    private var spare: [CounterAction] = []
    private(set) var state = 0

    /// Adds an action from any thread; the first into an empty inbox schedules a drain.
    nonisolated func enqueue(_ action: CounterAction) {
        let schedule = pending.withLock { pending in
            pending.actions.append(action)
            if pending.isScheduled { return false }
            pending.isScheduled = true
            return true
        }
        if schedule {
            Task { @MainActor in self.drain() }
        }
    }

    private func drain() {
        var batch = spare
        pending.withLock { pending in
            swap(&pending.actions, &batch)
            pending.isScheduled = false
        }
        for action in batch { reduceCounter(action, &state) }
        batch.removeAll(keepingCapacity: true)
        spare = batch
    }
}
