import Aqueduct
import AqueductPersistence

extension Scenarios {
    /// p. A persisted part of the state: what `Feature(persisting:)` adds to an action that
    /// does not change the part, and to one that does.
    ///
    /// The state holds a counter and settings; the settings are persisted in an
    /// ``InMemoryStorage`` (no file: the write is not what is measured). The subject increments
    /// the counter, leaving the settings as they were: after each action the feature compares
    /// them with the value it last saw, and that comparison is the whole of persistence's cost.
    /// The baseline is the same store without `Feature(persisting:)`, so the difference is what
    /// persistence adds; the budget is 5 ns.
    ///
    /// A reference changes the settings with every action: each change is handed to the writer
    /// (a lock, the value stored in it). The writer's coalescing delay is an hour, and one
    /// change is made before the measured actions, so its write is scheduled before them and
    /// runs after (when the store is released): the row is the main actor's share, no write.
    static var p: ScenarioSlot {
        .ready(
            Scenario(
                id: "p",
                title: "persisted part of the state, unchanged by the action",
                actionsPerRepetition: 200_000,
                subject: Workload("Aqueduct + persisting, part unchanged", key: "aqueduct") { count in
                    PersistenceWorkloads.run(count, persisting: true, action: .increment)
                },
                baseline: Workload("Aqueduct, no persistence", key: "no_persistence") { count in
                    PersistenceWorkloads.run(count, persisting: false, action: .increment)
                },
                references: [
                    Workload("Aqueduct + persisting, part changed by every action", key: "part_changes") { count in
                        PersistenceWorkloads.run(count, persisting: true, action: .adjustMinutes)
                    }
                ],
                budgets: [.within(nanoseconds: 5, named: "the store without persistence"), .zeroAllocations]
            )
        )
    }
}

/// Scenario p's persisted part: an app's settings.
struct BenchmarkSettings: Codable, Equatable, Sendable {
    /// A number the app's user chose.
    var checkInMinutes = 60
    /// A name.
    var contact = "Ada"
    /// Another.
    var theme = "light"
}

/// Scenario p's state: a counter beside the persisted settings.
struct PersistenceState: Sendable {
    /// Changed by `.increment`; not persisted.
    var count = 0
    /// Persisted.
    var settings = BenchmarkSettings()
}

/// Scenario p's actions.
enum PersistenceAction: Sendable {
    /// Changes the counter, not the persisted settings.
    case increment
    /// Changes the persisted settings.
    case adjustMinutes
}

/// Scenario p's reduction.
func reducePersistence(_ action: PersistenceAction, _ state: inout PersistenceState) {
    switch action {
    case .increment: state.count &+= 1
    case .adjustMinutes: state.settings.checkInMinutes &+= 1
    }
}

@MainActor
private enum PersistenceWorkloads {
    /// A fresh store — with the settings persisted in a fresh in-memory storage, or without —
    /// processes `count` of `action`.
    static func run(_ count: Int, persisting: Bool, action: PersistenceAction) -> Sample {
        let actions = actionCycle { _ in action }
        let app = Feature(reducer: Reducer<PersistenceAction, PersistenceState>.reduce(reducePersistence))
        var state = PersistenceState()
        guard persisting else {
            let store = Store(initialState: state, feature: app)
            let sample = measure {
                for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
            }
            blackHole(store.state)
            return sample
        }
        let settings = PersistedState(
            \PersistenceState.settings,
            key: "settings",
            storage: InMemoryStorage(),
            coalescing: .seconds(3_600)
        )
        settings.load(into: &state)
        let store = Store(initialState: state, feature: app <> Feature(persisting: settings))
        // A change before the measured ones schedules the write (one allocation, a timer).
        if action == .adjustMinutes { store.dispatch(.adjustMinutes) }
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state)
        // Written here, outside the measured region.
        settings.flush()
        return sample
    }
}
