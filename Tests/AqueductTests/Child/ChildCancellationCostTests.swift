import AqueductTesting
import Testing

@testable import Aqueduct

/// Removing children costs what it removes: pushing, starting and popping *N* stack entries, and
/// removing *N* rows with running effects, make the effect registry do work linear in *N*,
/// counted (``EffectRegistryStateMachine/visits``), not timed.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ChildCancellationCostTests {
    enum Shape: CaseIterable, Sendable {
        case stack
        case rows
    }

    /// A child middleware whose `.start` runs an effect until it is cancelled.
    static func children() -> some Middleware<ShellAction, ShellAction, ShellState> {
        Shell.middleware(
            TestMiddleware<DetailAction, Detail> { action, _, _ in
                guard case .start = action else { return .none }
                return .run { _ in await untilCancelled() }
            }
        )
    }

    /// The registry's work to add `count` children of `shape`, start an effect in each, and
    /// remove them all in one action, once every effect has ended.
    static func registryWork(_ shape: Shape, count: Int) async -> Int {
        let store = Store(initialState: ShellState(), reducer: Shell.reducer, middleware: children())
        let storage = store._runtime.storage
        for id in 0..<count {
            switch shape {
            case .stack:
                store.dispatch(.path(.push(Detail(id: id))))
                store.dispatch(.path(.element(id: store.state.path.ids[id], action: .start(round: 0))))
            case .rows:
                store.dispatch(.addRow(Detail(id: id)))
                store.dispatch(.rows(id: id, action: .start(round: 0)))
            }
        }
        #expect(storage.runningEffectCount == count)
        store.dispatch(.clear)
        #expect(storage.runningEffects.allSatisfy { $0.hasSuffix(" (cancelled)") })
        while storage.runningEffectCount > 0 { await Task.yield() }
        return storage.effectRegistryVisits
    }

    @Test(arguments: Shape.allCases)
    func tenTimesTheChildrenIsAtMostTwelveTimesTheWork(_ shape: Shape) async {
        // 50 and 500: a quadratic registry shows as 100 times the work all the same, and the
        // ThreadSanitizer stage, whose invariant checks walk the registry at every step, stays
        // well inside the time limit on two busy cores.
        let small = await Self.registryWork(shape, count: 50)
        let large = await Self.registryWork(shape, count: 500)
        #expect(small >= 50)  // each removal cancels its child's effect
        #expect(large <= 12 * small, "\(small) visits for 50 children, \(large) for 500")
    }
}
