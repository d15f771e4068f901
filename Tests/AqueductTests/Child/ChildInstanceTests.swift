import Aqueduct
import AqueductTesting
import Testing

/// A child's effects end with the child *instance*, and its dismissal dismisses that child only:
/// a presented child replaced in place by one with another id, a stack entry popped and another
/// pushed, in one action or in two — nothing the old child's effects send reaches the new one.
/// Every test runs an exhaustive test store: an action from the old child arriving into the new
/// one fails it. Each child runs in the three wirings of ``FeatureLiftTests``.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ChildInstanceTests {
    typealias Wiring = FeatureLiftTests.Wiring

    /// How the old child gives way to the new one.
    enum Replacement: CaseIterable, Sendable {
        /// One action's reducer removes the old child and adds the new one.
        case oneAction
        /// One action removes the old child, the next adds the new one.
        case twoActions
    }

    // MARK: - Presented child

    @Test(arguments: Wiring.allCases, Replacement.allCases)
    func aPresentedChildReplacedByAnotherLeavesItNoEffect(_ wiring: Wiring, _ replacement: Replacement) async {
        let clock = TestClock()
        let reports = Shell.Reports()
        let store = FeatureLiftTests.testStore(
            wiring,
            ShellState(detail: Detail(id: 1)),
            clock: clock,
            reports: reports
        )
        await store.dispatch(.detail(.presented(.load)))
        switch replacement {
        case .oneAction:
            // In place: the state is never `nil` between the two children.
            await store.dispatch(.present(Detail(id: 2))) { $0.detail = Detail(id: 2) }
        case .twoActions:
            await store.dispatch(.detail(.dismiss)) { $0.detail = nil }
            await store.dispatch(.present(Detail(id: 2))) { $0.detail = Detail(id: 2) }
        }
        // The first child's load would arrive as `.detail(.presented(.loaded(1)))`: nothing does.
        await clock.advance(by: .seconds(1))
        await store.dispatch(.detail(.presented(.load)))
        await clock.advance(by: .seconds(1))
        await store.receive(.detail(.presented(.loaded(2)))) { $0.detail?.loaded = [2] }
        await store.finish()
        #expect(reports.all.isEmpty)
    }

    @Test(arguments: Wiring.allCases)
    func aPresentedChildReplacedByAValueWithItsIdIsTheSameChild(_ wiring: Wiring) async {
        let clock = TestClock()
        let store = FeatureLiftTests.testStore(wiring, ShellState(detail: Detail(id: 1)), clock: clock)
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.present(Detail(id: 1, ticks: 3))) { $0.detail?.ticks = 3 }
        await clock.advance(by: .seconds(1))
        await store.receive(.detail(.presented(.loaded(1)))) { $0.detail?.loaded = [1] }
        await store.finish()
    }

    /// How the parent's answer to the child's close is composed with the child's middleware.
    enum BridgeOrder: CaseIterable, Sendable {
        case beforeTheChild
        case afterTheChild
    }

    @Test(arguments: BridgeOrder.allCases)
    func aChildsDismissalDismissesThatChildOnly(_ order: BridgeOrder) async {
        // "Close this one and show the next": the parent answers the child's close by presenting
        // another child, while the child's middleware dismisses itself.
        let next = BridgeMiddleware<ShellAction, ShellState>()
            .bridge(
                \.detail --> { presentation, _ in presentation == .presented(.close) ? .present(Detail(id: 2)) : nil }
            )
        let reports = Shell.Reports()
        let child = Shell.middleware(Shell.detailMiddleware(), reports: reports)
        let state = ShellState(detail: Detail(id: 1))
        let store =
            switch order {
            case .beforeTheChild: TestStore(initialState: state, reducer: Shell.reducer, middleware: next <> child)
            case .afterTheChild: TestStore(initialState: state, reducer: Shell.reducer, middleware: child <> next)
            }
        await store.dispatch(.detail(.presented(.close)))
        switch order {
        case .beforeTheChild:
            // The next child is presented first; the first child's dismissal, queued behind it,
            // ends with the first child's effects: it does not dismiss the second.
            await store.receive(.present(Detail(id: 2))) { $0.detail = Detail(id: 2) }
        case .afterTheChild:
            await store.receive(.detail(.dismiss)) { $0.detail = nil }
            await store.receive(.present(Detail(id: 2))) { $0.detail = Detail(id: 2) }
        }
        await store.finish()
        #expect(store.state.detail == Detail(id: 2))
        #expect(reports.all.isEmpty)
    }

    @Test func aDismissalAfterOtherWorkInAConcatenationIsTheChildsDismissal() async {
        let closing = TestMiddleware<DetailAction, Detail> { action, _, detail in
            guard case .close = action else { return .none }
            return .concatenate(.send(.loaded(detail().id)), .dismiss)
        }
        let store = TestStore(
            initialState: ShellState(detail: Detail(id: 1), path: ChildStack([Detail(id: 2)])),
            reducer: Shell.reducer,
            middleware: closing.lift(action: \ShellAction.Cases.detail, state: \ShellState.detail)
                <> closing.lift(action: \ShellAction.Cases.path, elements: \ShellState.path)
        )
        await store.dispatch(.detail(.presented(.close)))
        await store.receive(.detail(.presented(.loaded(1)))) { $0.detail?.loaded = [1] }
        await store.receive(.detail(.dismiss)) { $0.detail = nil }
        await store.dispatch(.path(.element(id: StackID(0), action: .close)))
        await store.receive(.path(.element(id: StackID(0), action: .loaded(2)))) {
            $0.path[id: StackID(0)]?.loaded = [2]
        }
        await store.receive(.path(.popFrom(id: StackID(0)))) { $0.path.pop() }
        await store.finish()
    }

    // MARK: - Collection

    @Test(arguments: Wiring.allCases)
    func aRowRemovedAndAddedAgainInTwoActionsStartsClean(_ wiring: Wiring) async {
        let clock = TestClock()
        let reports = Shell.Reports()
        let store = FeatureLiftTests.testStore(
            wiring,
            ShellState(rows: [Detail(id: 1)]),
            clock: clock,
            reports: reports
        )
        await store.dispatch(.rows(id: 1, action: .load))
        await store.dispatch(.removeRow(id: 1)) { $0.rows = [] }
        await store.dispatch(.addRow(Detail(id: 1, ticks: 3))) { $0.rows = [Detail(id: 1, ticks: 3)] }
        await clock.advance(by: .seconds(1))
        await store.dispatch(.rows(id: 1, action: .load))
        await clock.advance(by: .seconds(1))
        await store.receive(.rows(id: 1, action: .loaded(1))) { $0.rows[0].loaded = [1] }
        await store.finish()
        #expect(reports.all.isEmpty)
    }

    @Test(arguments: Wiring.allCases)
    func aRowRemovedAndAddedAgainInOneActionIsTheRowThatWasThere(_ wiring: Wiring) async {
        // An array holds values: after the reducer, a row removed and added again with its id is
        // the row with that id, as a row the reducer changed in place is. Its effects go on.
        let clock = TestClock()
        let store = FeatureLiftTests.testStore(wiring, ShellState(rows: [Detail(id: 1)]), clock: clock)
        await store.dispatch(.rows(id: 1, action: .load))
        await store.dispatch(.replaceRow(Detail(id: 1, ticks: 3))) { $0.rows = [Detail(id: 1, ticks: 3)] }
        await clock.advance(by: .seconds(1))
        await store.receive(.rows(id: 1, action: .loaded(1))) { $0.rows[0].loaded = [1] }
        await store.finish()
    }

    @Test(arguments: Wiring.allCases)
    func aLiftWithManyRowsEndsTheEffectsOfTheRemovedRowsOnly(_ wiring: Wiring) async {
        // More than four rows that started effects: the lift looks for them in a set of the ids.
        let clock = TestClock()
        let reports = Shell.Reports()
        let rows = (1...6).map { Detail(id: $0) }
        let store = FeatureLiftTests.testStore(wiring, ShellState(rows: rows), clock: clock, reports: reports)
        for id in 1...6 { await store.dispatch(.rows(id: id, action: .load)) }
        await store.dispatch(.removeRow(id: 3)) { $0.rows.remove(at: 2) }
        await clock.advance(by: .seconds(1))
        for (position, id) in [1, 2, 4, 5, 6].enumerated() {
            await store.receive(.rows(id: id, action: .loaded(id))) { $0.rows[position].loaded = [id] }
        }
        await store.finish()
        #expect(reports.all.isEmpty)
    }

    @Test(arguments: Wiring.allCases)
    func anActionForADuplicatedIdReachesNoRowAndIsReported(_ wiring: Wiring) async throws {
        let reports = Shell.Reports()
        let rows = [Detail(id: 1), Detail(id: 2), Detail(id: 1)]
        let store = FeatureLiftTests.testStore(wiring, ShellState(rows: rows), reports: reports)
        // Neither row with id 1 changes, and no load starts.
        await store.dispatch(.rows(id: 1, action: .loaded(5)))
        await store.dispatch(.rows(id: 1, action: .load))
        await store.dispatch(.rows(id: 2, action: .loaded(6))) { $0.rows[1].loaded = [6] }
        await store.finish()

        #expect(
            reports.all.map(\.action) == [
                "rows(id: 1, action: DetailAction.loaded(5))", "rows(id: 1, action: DetailAction.load)",
            ]
        )
        let report = try #require(reports.all.first)
        #expect(report.element == "id 1")
        #expect(report.elementCount == 3)
        #expect(
            report.description.hasPrefix(
                "Aqueduct: dropped an action for a duplicated id: 2 elements with id 1 among 3, the action reaches none"
            )
        )
    }

    // MARK: - Stack

    @Test(arguments: Wiring.allCases, Replacement.allCases)
    func aStackEntryReplacedByAnotherLeavesItNoEffect(_ wiring: Wiring, _ replacement: Replacement) async {
        let clock = TestClock()
        let reports = Shell.Reports()
        let store = FeatureLiftTests.testStore(
            wiring,
            ShellState(path: ChildStack([Detail(id: 1)])),
            clock: clock,
            reports: reports
        )
        await store.dispatch(.path(.element(id: StackID(0), action: .load)))
        switch replacement {
        case .oneAction:
            await store.dispatch(.replaceTop(Detail(id: 1))) {
                $0.path.pop()
                $0.path.push(Detail(id: 1))
            }
        case .twoActions:
            await store.dispatch(.path(.pop)) { $0.path.pop() }
            await store.dispatch(.path(.push(Detail(id: 1)))) { $0.path.push(Detail(id: 1)) }
        }
        // Cancelled with its entry, the first load sends nothing, not even an action for a
        // missing entry: nothing is reported.
        await clock.advance(by: .seconds(1))
        await store.dispatch(.path(.element(id: StackID(1), action: .load)))
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: StackID(1), action: .loaded(1)))) {
            $0.path[id: StackID(1)]?.loaded = [1]
        }
        await store.finish()
        #expect(reports.all.isEmpty)
    }

    @Test func aBridgeInAStackEntrysFeatureFiresForThatEntryOnlyAndEndsWithIt() async {
        let entry = Feature(
            reducer: Shell.detailReducer,
            middleware: BridgeMiddleware<DetailAction, Detail>().bridge(\.start --> { round, _ in .tick(round: round) })
        )
        // The parent pops the top entry when the entry #1 starts round 8: the pop is queued
        // before the entry's bridged tick.
        let parent = BridgeMiddleware<ShellAction, ShellState>()
            .bridge(
                \.path --> { stackAction, _ in
                    guard case .element(StackID(1), .start(8)) = stackAction else { return nil }
                    return .path(.pop)
                }
            )
        let reports = Shell.Reports()
        let store = TestStore(
            initialState: ShellState(path: ChildStack([Detail(id: 1), Detail(id: 2)])),
            feature: Feature(middleware: parent)
                <> entry.lift(
                    action: \ShellAction.Cases.path,
                    elements: \ShellState.path,
                    onDroppedAction: reports.handler
                )
        )
        await store.dispatch(.path(.element(id: StackID(0), action: .start(round: 7)))) {
            $0.path[id: StackID(0)]?.round = 7
        }
        await store.receive(.path(.element(id: StackID(0), action: .tick(round: 7)))) {
            $0.path[id: StackID(0)]?.ticks = 1
        }

        await store.dispatch(.path(.element(id: StackID(1), action: .start(round: 8)))) {
            $0.path[id: StackID(1)]?.round = 8
        }
        await store.receive(.path(.pop)) { $0.path.pop() }
        #expect(reports.all.isEmpty)  // the tick was cancelled with its entry, not dropped on arrival

        await store.dispatch(.path(.element(id: StackID(1), action: .start(round: 9))))
        await store.finish()
        #expect(reports.all.map(\.element) == ["stack entry #1"])
    }
}
