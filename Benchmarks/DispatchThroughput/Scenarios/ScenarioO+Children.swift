import Aqueduct
import Foundation

extension Scenarios {
    /// o. Child features: a row's action in a collection of 10 and of 1,000 rows, a
    /// reducer and a middleware lifted by id (the lookup is linear: the row is found by id), also
    /// with every row running an effect (the end of removed rows' effects checks them after every
    /// action); and a navigation stack whose entries are pushed, start an effect that runs until
    /// cancelled, and are popped — 10,000 entries, one at a time and all at once.
    ///
    /// Each rows workload is compared with the reducer alone lifted into as many rows: what the
    /// middleware and the children's lifecycle add to the lookup. The stack rows are per action
    /// (a push, a start and a pop are three).
    static var o: ScenarioSlot {
        var references: [Workload] = []
        for rows in [10, 1_000] {
            let name = "\(Format.grouped(Double(rows))) rows"
            if rows == 10 {
                references.append(
                    Workload("Aqueduct, \(name)", key: "rows_10", comparedWith: "rows_10_reducer_only") { count in
                        ChildWorkloads.rows(10, running: false, count)
                    }
                )
            }
            references.append(
                Workload(
                    "Aqueduct, \(name), reducer only",
                    key: "rows_\(rows)_reducer_only",
                    comparedWith: "rows_\(rows)_reducer_only"
                ) { count in ChildWorkloads.rows(rows, running: false, middleware: false, count) }
            )
        }
        references.append(
            Workload(
                "Aqueduct, 1,000 rows, each running an effect",
                key: "rows_1000_running",
                comparedWith: "rows_1000_reducer_only"
            ) { count in ChildWorkloads.rows(1_000, running: true, count) }
        )
        references.append(
            Workload("plain loop, 1,000 rows", key: "plain_rows_1000") { count in
                ChildWorkloads.plainRows(1_000, count)
            }
        )
        references.append(
            Workload("Aqueduct, stack: push, start, pop, one entry at a time", key: "stack_one_by_one") { count in
                await ChildWorkloads.stack(allAtOnce: false, count)
            }
        )
        references.append(
            Workload("Aqueduct, stack: 10,000 pushed and started, popped at once", key: "stack_all_at_once") {
                count in await ChildWorkloads.stack(allAtOnce: true, count)
            }
        )
        return .ready(
            Scenario(
                id: "o",
                title: "children: a row's action among 1,000 rows; a stack's entries pushed and popped",
                actionsPerRepetition: 30_000,
                subject: Workload("Aqueduct, 1,000 rows", key: "aqueduct", comparedWith: "rows_1000_reducer_only") {
                    count in ChildWorkloads.rows(1_000, running: false, count)
                },
                baseline: Workload("plain loop, 10 rows", key: "plain_loop") { count in
                    ChildWorkloads.plainRows(10, count)
                },
                references: references,
                // The element's state getter (a box and its closure) and the element's effect.
                budgets: [.atMostAllocations(perAction: 3)]
            )
        )
    }
}

/// A row of scenario o: found by id.
struct BenchmarkRow: Identifiable, Sendable {
    let id: Int
    var taps = 0
}

/// A row's actions: a tap, and the start of an effect that runs until cancelled.
enum RowAction: Sendable {
    case tap
    case start
}

/// Scenario o's actions: a row's, and a stack entry's.
enum ChildrenAction: CaseAccessible, Sendable {
    case row(id: Int, action: RowAction)
    case path(StackAction<BenchmarkRow, RowAction>)
}

struct ChildrenState: Sendable {
    var rows: [BenchmarkRow] = []
    var path = ChildStack<BenchmarkRow>()
}

/// The rows' effects started and not ended: a stack workload waits, unmeasured, until those it
/// cancelled have unwound, so that their allocations on other threads are not counted in the
/// workload measured next.
private let rowEffectsAlive = LockedValue(0)

/// A row's middleware: `.start` runs until cancelled, `.tap` does nothing.
private struct RowMiddleware: Middleware {
    func handle(action: RowAction, from source: ActionSource, state: GetState<BenchmarkRow>) -> Effect<RowAction> {
        switch action {
        case .tap: return .none
        case .start:
            rowEffectsAlive.withLock { $0 += 1 }
            return .run { _ in
                await untilCancelled()
                rowEffectsAlive.withLock { $0 -= 1 }
            }
        }
    }
}

/// Suspends until the task is cancelled.
private func untilCancelled() async {
    let never = AsyncStream<Never> { _ in }
    for await _ in never {}
}

@MainActor
private enum ChildWorkloads {
    static let rowReducer = Reducer<RowAction, BenchmarkRow>.reduce { action, row in
        if case .tap = action { row.taps &+= 1 }
    }

    /// The rows tapped: spread over the collection, the same for the plain loop.
    static func tapped(_ rows: Int) -> [Int] {
        actionCycle { index in (index &* 7_919) % rows }
    }

    static func rows(_ rows: Int, running: Bool, middleware: Bool = true, _ count: Int) -> Sample {
        let sample = rowsInAStore(rows, running: running, middleware: middleware, count)
        // The store is released, so its rows' effects are cancelled: wait for them to end here,
        // without suspending (a callgrind run must not), or they unwind in the next workload's
        // measured region and move its count.
        if running { untilRowEffectsEnded() }
        return sample
    }

    /// Waits, blocking the main actor, until every row effect has ended; at most 60 seconds.
    static func untilRowEffectsEnded() {
        let deadline = MonotonicClock.nanoseconds() + 60_000_000_000
        while rowEffectsAlive.withLock({ $0 }) > 0 {
            precondition(MonotonicClock.nanoseconds() < deadline, "the rows' cancelled effects did not end")
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    private static func rowsInAStore(_ rows: Int, running: Bool, middleware: Bool, _ count: Int) -> Sample {
        let ids = tapped(rows)
        let initial = ChildrenState(rows: (0..<rows).map { BenchmarkRow(id: $0) })
        let reducer = rowReducer.lift(action: \ChildrenAction.Cases.row, elements: \ChildrenState.rows)
        let store =
            middleware
            ? Store(
                initialState: initial,
                reducer: reducer,
                middleware: RowMiddleware().lift(action: \ChildrenAction.Cases.row, elements: \ChildrenState.rows)
            )
            : Store(initialState: initial, reducer: reducer)
        if running {
            for id in 0..<rows { store.dispatch(.row(id: id, action: .start)) }
        }
        store.dispatch(.row(id: 0, action: .tap))
        let sample = measure {
            for index in 0..<count { store.dispatch(.row(id: ids[index & cycleMask], action: .tap)) }
        }
        blackHole(store.state.rows.count)
        return sample
    }

    static func plainRows(_ rows: Int, _ count: Int) -> Sample {
        let ids = tapped(rows)
        var state = ChildrenState(rows: (0..<rows).map { BenchmarkRow(id: $0) })
        let reduce = opaque(rowReducer)
        let sample = measure {
            for index in 0..<count {
                let id = ids[index & cycleMask]
                if let position = state.rows.firstIndex(where: { $0.id == id }) {
                    reduce(.tap, &state.rows[position])
                }
            }
        }
        blackHole(state.rows.count)
        return sample
    }

    /// Pushes entries that start an effect each and pops them: `count` actions in all, a push,
    /// a start and a pop per entry; popped one by one, or pushed 10,000 (fewer with `--quick`)
    /// and popped at once with a pop to the bottom entry and a pop.
    static func stack(allAtOnce: Bool, _ count: Int) async -> Sample {
        let entries = count / 3
        let store = Store(
            initialState: ChildrenState(),
            reducer: rowReducer.lift(action: \ChildrenAction.Cases.path, elements: \ChildrenState.path),
            middleware: RowMiddleware().lift(action: \ChildrenAction.Cases.path, elements: \ChildrenState.path)
        )
        let sample = measure {
            if allAtOnce {
                let batch = min(10_000, entries)
                for _ in 0..<(entries / batch) {
                    for id in 0..<batch {
                        store.dispatch(.path(.push(BenchmarkRow(id: id))))
                        store.dispatch(.path(.element(id: store.state.path.ids[id], action: .start)))
                    }
                    store.dispatch(.path(.popFrom(id: store.state.path.ids[0])))
                }
            } else {
                for id in 0..<entries {
                    store.dispatch(.path(.push(BenchmarkRow(id: id))))
                    let top = store.state.path.ids[0]
                    store.dispatch(.path(.element(id: top, action: .start)))
                    store.dispatch(.path(.pop))
                }
            }
        }
        blackHole(store.state.path.count)
        // Every entry was popped: wait for the cancelled effects to unwind (not when counting
        // instructions, whose stack rows are printed, not gated, and whose run must not suspend).
        while !countingInstructions, rowEffectsAlive.withLock({ $0 }) > 0 {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return sample
    }
}
