import Aqueduct

extension Scenarios {
    /// h. Dispatch through a projection 10 levels deep, and dispatch with 10 and with 1,000
    /// observers of paths the action does not change.
    ///
    /// The baseline is the same 10-deep action dispatched at the root, so the subject's ratio is
    /// what the projections add. The references give plain dispatch of `.increment` with no
    /// observer and with 10 or 1,000 path observers — the observers' cost is the difference.
    /// Observed paths are distinct chains of stored properties (the fast case; a path through a
    /// subscript or a computed property goes through the `KeyPath` run time and costs ~30×
    /// more), or one shared path.
    static var h: ScenarioSlot {
        .ready(
            Scenario(
                id: "h",
                title: "projection 10 deep; 10 and 1,000 observers of unrelated paths",
                actionsPerRepetition: 4_000,
                subject: Workload("Aqueduct, through a projection 10 deep", key: "aqueduct") { count in
                    ProjectionWorkloads.throughProjection(count)
                },
                baseline: Workload("Aqueduct, the same action at the root", key: "root_dispatch") { count in
                    ProjectionWorkloads.atTheRoot(count)
                },
                references: [
                    Workload("plain dispatch, no observers", key: "plain_dispatch") { count in
                        ProjectionWorkloads.withObservers(0, distinct: true, count)
                    },
                    Workload("plain dispatch, 10 observers of 10 unrelated paths", key: "observers_10") { count in
                        ProjectionWorkloads.withObservers(10, distinct: true, count)
                    },
                    Workload("plain dispatch, 1,000 observers of 1 unrelated path", key: "observers_1000_one_path") {
                        count in ProjectionWorkloads.withObservers(1_000, distinct: false, count)
                    },
                    Workload("plain dispatch, 1,000 observers of 1,000 unrelated paths", key: "observers_1000") {
                        count in ProjectionWorkloads.withObservers(1_000, distinct: true, count)
                    },
                ],
                budgets: [
                    .reference("observers_1000", named: "1,000 observers of 1,000 paths", atMostNanoseconds: 10_000)
                ]
            )
        )
    }
}

/// Scenario h's state: a counter, a 10-level nest of structs for the projections, and 1,024
/// leaves reachable by distinct stored-property paths for the observers.
struct DeepState: Sendable {
    var count = 0
    var deep = Nest.make()
    var leaves = Leaves.make()
}

/// An action for one level of the nest: set its value, or pass an action to the level below.
indirect enum NestAction: CaseAccessible, Sendable {
    case set(Int)
    case inner(NestAction)
}

/// Scenario h's actions.
enum DeepAction: CaseAccessible, Sendable {
    case increment
    case nest(NestAction)
}

protocol NestLevel: Sendable {
    var value: Int { get set }
    mutating func apply(_ action: NestAction)
}

struct NestLeaf: NestLevel {
    var value = 0
    mutating func apply(_ action: NestAction) {
        if case .set(let value) = action { self.value = value }
    }
}

struct Level<Inner: NestLevel>: NestLevel {
    var value = 0
    var inner: Inner
    mutating func apply(_ action: NestAction) {
        switch action {
        case .set(let value): self.value = value
        case .inner(let action): inner.apply(action)
        }
    }
}

enum Nest {
    typealias Ten = Level<Level<Level<Level<Level<Level<Level<Level<Level<Level<NestLeaf>>>>>>>>>>
    static func make() -> Ten {
        Level(
            inner: Level(
                inner: Level(
                    inner: Level(
                        inner: Level(
                            inner: Level(inner: Level(inner: Level(inner: Level(inner: Level(inner: NestLeaf())))))
                        )
                    )
                )
            )
        )
    }
}

/// A binary tree of stored properties, 10 levels: 1,024 `Int` leaves, each at a distinct path.
struct Pair<A: Sendable, B: Sendable>: Sendable {
    var a: A
    var b: B
}

enum Leaves {
    typealias L1 = Pair<Int, Int>
    typealias L2 = Pair<L1, L1>
    typealias L3 = Pair<L2, L2>
    typealias L4 = Pair<L3, L3>
    typealias L5 = Pair<L4, L4>
    typealias L6 = Pair<L5, L5>
    typealias L7 = Pair<L6, L6>
    typealias L8 = Pair<L7, L7>
    typealias L9 = Pair<L8, L8>
    typealias L10 = Pair<L9, L9>

    static func make() -> L10 {
        func pair<T>(_ make: () -> T) -> Pair<T, T> { Pair(a: make(), b: make()) }
        return pair { pair { pair { pair { pair { pair { pair { pair { pair { pair { 0 } } } } } } } } } }
    }

    /// The path to leaf `index` (0..<1024): bit 9 chooses at the top level, bit 0 at the bottom.
    static func path(_ index: Int) -> KeyPath<DeepState, Int> {
        let levels: [(AnyKeyPath, AnyKeyPath)] = [
            (\L10.a, \L10.b), (\L9.a, \L9.b), (\L8.a, \L8.b), (\L7.a, \L7.b), (\L6.a, \L6.b),
            (\L5.a, \L5.b), (\L4.a, \L4.b), (\L3.a, \L3.b), (\L2.a, \L2.b), (\L1.a, \L1.b),
        ]
        var path: AnyKeyPath = \DeepState.leaves
        for (level, choice) in levels.enumerated() {
            path = path.appending(path: (index >> (9 - level)) & 1 == 0 ? choice.0 : choice.1)!
        }
        return path as! KeyPath<DeepState, Int>
    }
}

let deepReducer = Reducer<DeepAction, DeepState>.reduce { action, state in
    switch action {
    case .increment: state.count &+= 1
    case .nest(let action): state.deep.apply(action)
    }
}

@MainActor
private enum ProjectionWorkloads {
    /// The action ten levels down, as the root sees it.
    static func nested(_ value: Int) -> NestAction {
        (0..<10).reduce(NestAction.set(value)) { action, _ in .inner(action) }
    }

    static func throughProjection(_ count: Int) -> Sample {
        let values = actionCycle { $0 }
        let store = Store(initialState: DeepState(), reducer: deepReducer)
        let level10 = store.projection(action: \.nest, state: \.deep)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
            .projection(action: \.inner, state: \.inner)
        let sample = measure {
            for index in 0..<count { level10.dispatch(.set(values[index & cycleMask])) }
        }
        blackHole(level10.state.value)
        return sample
    }

    static func atTheRoot(_ count: Int) -> Sample {
        let values = actionCycle { $0 }
        let store = Store(initialState: DeepState(), reducer: deepReducer)
        let sample = measure {
            for index in 0..<count { store.dispatch(.nest(nested(values[index & cycleMask]))) }
        }
        blackHole(store.state.deep.value)
        return sample
    }

    static func withObservers(_ observers: Int, distinct: Bool, _ count: Int) -> Sample {
        let actions = actionCycle { _ in DeepAction.increment }
        let store = Store(initialState: DeepState(), reducer: deepReducer)
        let paths = (0..<observers).map { Leaves.path(distinct ? $0 : 0) }
        let subscriptions = paths.map { path in store.subscribe(path, .removingDuplicates) { blackHole($0) } }
        let sample = measure {
            for index in 0..<count { store.dispatch(actions[index & cycleMask]) }
        }
        blackHole(store.state.count)
        withExtendedLifetime(subscriptions) {}
        return sample
    }
}
