import Aqueduct
import AqueductTesting
import Testing

/// Projections of children — a presented child, a stack entry, a row — give a view a store of
/// exactly its feature: it reads the child and dispatches the child's actions, wrapped with the
/// child's case and identity, with their sources. And the case-path sugar a test names an
/// action of a stack entry or a row with.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ChildProjectionTests {
    /// A production store of the shell, with the lifts' reports and a log of each action with
    /// the line of its source.
    static func store(
        _ state: ShellState = ShellState(),
        reports: Shell.Reports,
        sources: EventLog = EventLog()
    ) -> Store<ShellAction, ShellState> {
        let log = TestMiddleware<ShellAction, ShellState> { action, source, _ in
            sources.record("\(action) \(source.file):\(source.line)")
            return .none
        }
        return Store(
            initialState: state,
            reducer: Shell.reducer,
            middleware: Shell.middleware(Shell.detailMiddleware(), reports: reports) <> log
        )
    }

    // MARK: - A presented child

    @Test func aPresentedChildsProjectionReadsAndDispatchesWhilePresented() {
        let reports = Shell.Reports()
        let sources = EventLog()
        let store = Self.store(reports: reports, sources: sources)
        #expect(store.projection(presented: \.detail, action: \.detail) == nil)

        store.dispatch(.present(Detail(id: 7)))
        let detail = store.projection(presented: \.detail, action: \.detail)
        let line = #line + 1
        detail?.dispatch(.loaded(1))  // store.dispatch(.detail(.presented(.loaded(1))))
        #expect(detail?.state.loaded == [1])
        #expect(detail?.loaded == [1])
        #expect(store.state.detail?.loaded == [1])
        #expect(
            sources.all.last
                == "\(ShellAction.detail(.presented(.loaded(1)))) AqueductTests/ChildProjectionTests.swift:\(line)"
        )
        #expect(reports.all.isEmpty)
    }

    @Test func aPresentedChildsProjectionKeepsItsLastValueAfterTheDismissal() {
        let reports = Shell.Reports()
        let store = Self.store(ShellState(detail: Detail(id: 7, loaded: [1])), reports: reports)
        let detail = store.projection(presented: \.detail, action: \.detail)
        store.dispatch(.detail(.dismiss))
        #expect(store.state.detail == nil)
        #expect(detail?.state == Detail(id: 7, loaded: [1]))

        // Its actions reach the store: the lifted reducer ignores them, the lifted middleware
        // reports them with their source.
        let line = #line + 1
        detail?.dispatch(.loaded(2))
        #expect(store.state.detail == nil)
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.source.line == UInt(line))

        // A presented child has no id: presented again, it is what the held projection
        // addresses, as `.detail(.presented(…))` would.
        store.dispatch(.present(Detail(id: 8)))
        detail?.dispatch(.loaded(3))
        #expect(detail?.state == Detail(id: 8, loaded: [3]))
        #expect(store.state.detail == Detail(id: 8, loaded: [3]))
    }

    @Test func projectionsOfOnePresentedChildShareTheirTrackingKey() {
        let store = Self.store(ShellState(detail: Detail(id: 7)), reports: Shell.Reports())
        for _ in 0..<10 {
            _ = store.projection(presented: \.detail, action: \.detail)?.loaded
        }
        #expect(store.observedPathCount == 1)
    }

    @Test func aPresentedChildOfAProjection() {
        let store = Self.store(ShellState(detail: Detail(id: 7)), reports: Shell.Reports())
        let shell = store.projection(action: \.self, state: \ShellState.self)
        let detail = shell.projection(presented: \.detail, action: \.detail)
        detail?.dispatch(.loaded(4))
        #expect(store.state.detail?.loaded == [4])
        #expect(detail?.state.loaded == [4])
        store.dispatch(.detail(.dismiss))
        #expect(detail?.state.loaded == [4])
        #expect(shell.projection(presented: \.detail, action: \.detail) == nil)
    }

    // MARK: - A stack entry

    @Test func aStackEntrysProjectionAddressesItsEntryByID() {
        let reports = Shell.Reports()
        let sources = EventLog()
        let store = Self.store(reports: reports, sources: sources)
        store.dispatch(.path(.push(Detail(id: 10))))
        let first = store.projection(element: StackID(0), in: \.path, action: \.path)
        let line = #line + 1
        first?.dispatch(.loaded(1))  // store.dispatch(.path(.element(id: StackID(0), action: .loaded(1))))
        #expect(store.state.path[id: StackID(0)]?.loaded == [1])
        #expect(
            sources.all.last
                == "\(ShellAction.path(.element(id: StackID(0), action: .loaded(1)))) AqueductTests/ChildProjectionTests.swift:\(line)"
        )

        // A second entry pushed above it, then popped: the projection still addresses the first.
        store.dispatch(.path(.push(Detail(id: 20))))
        let second = store.projection(element: StackID(1), in: \.path, action: \.path)
        first?.dispatch(.loaded(2))
        second?.dispatch(.loaded(20))
        #expect(store.state.path.map(\.loaded) == [[1, 2], [20]])
        #expect(second?.state.loaded == [20])  // what a view of it shows
        store.dispatch(.path(.pop))
        first?.dispatch(.loaded(3))
        #expect(first?.state == Detail(id: 10, loaded: [1, 2, 3]))
        #expect(reports.all.isEmpty)

        // The popped entry's projection reads the last value it read; its actions are reported, and
        // never reach an entry pushed later: a stack never gives an id twice.
        store.dispatch(.path(.push(Detail(id: 30))))
        second?.dispatch(.loaded(21))
        #expect(second?.state == Detail(id: 20, loaded: [20]))
        #expect(store.state.path.map(\.loaded) == [[1, 2, 3], []])
        #expect(reports.all.count == 1)
        #expect(store.projection(element: StackID(1), in: \.path, action: \.path) == nil)
    }

    @Test func aStackEntryOfAProjectionAndItsTrackingKey() {
        let store = Self.store(
            ShellState(path: ChildStack([Detail(id: 10), Detail(id: 20)])),
            reports: Shell.Reports()
        )
        let shell = store.projection(action: \.self, state: \ShellState.self)
        let top = shell.projection(element: StackID(1), in: \.path, action: \.path)
        top?.dispatch(.loaded(5))
        #expect(store.state.path[id: StackID(1)]?.loaded == [5])
        #expect(top?.state.loaded == [5])
        for _ in 0..<10 {
            _ = store.projection(element: StackID(1), in: \.path, action: \.path)?.loaded
        }
        #expect(store.observedPathCount == 1)
    }

    // MARK: - A row

    @Test func aRowsProjectionFollowsItsRowAfterReordering() {
        let store = Self.store(ShellState(rows: [Detail(id: 1), Detail(id: 2)]), reports: Shell.Reports())
        let row = store.projection(element: 2, in: \.rows, action: \.rows)
        row?.dispatch(.loaded(1))
        store.dispatch(.removeRow(id: 1))
        store.dispatch(.addRow(Detail(id: 1)))
        #expect(store.state.rows.map(\.id) == [2, 1])
        row?.dispatch(.loaded(2))
        #expect(store.state.rows[0].loaded == [1, 2])
        #expect(store.state.rows[1].loaded == [])
        #expect(row?.state.loaded == [1, 2])
    }

    // MARK: - Case-path sugar

    @Test func theSugarMakesTheSameActionAsTheLongForm() {
        let entry = CasePath(\ShellAction.Cases.path[id: StackID(0)].loaded)
        #expect(entry.embed(5) == .path(.element(id: StackID(0), action: .loaded(5))))
        #expect(entry.extract(from: .path(.element(id: StackID(0), action: .loaded(5)))) == 5)
        #expect(entry.extract(from: .path(.element(id: StackID(1), action: .loaded(5)))) == nil)
        #expect(entry.extract(from: .path(.pop)) == nil)
        #expect(entry.description == "\\.path[id: #0].loaded")

        let row = CasePath(\ShellAction.Cases.rows[id: 1].load)
        #expect(row.embed(()) == .rows(id: 1, action: .load))
        #expect(row.extract(from: .rows(id: 1, action: .load)) != nil)
        #expect(row.extract(from: .rows(id: 2, action: .load)) == nil)
        #expect(row.extract(from: .rows(id: 1, action: .close)) == nil)
        #expect(row.description == "\\.rows[id: 1].load")
    }

    @Test func aTestDispatchesAndReceivesIntoAStackEntryWithTheSugar() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: ShellState(rows: [Detail(id: 1)], path: ChildStack([Detail(id: 10), Detail(id: 20)])),
            reducer: Shell.reducer,
            middleware: Shell.middleware(Shell.detailMiddleware(clock: clock))
        )
        await store.dispatch(\.path[id: StackID(1)].load)
        await clock.advance(by: .seconds(1))
        await store.receive(\.path[id: StackID(1)].loaded, 20) { $0.path[id: StackID(1)]?.loaded = [20] }
        await store.dispatch(\.path[id: StackID(0)].loaded, 10) { $0.path[id: StackID(0)]?.loaded = [10] }
        await store.dispatch(\.rows[id: 1].loaded, 1) { $0.rows[0].loaded = [1] }
        await store.finish()
    }

    @Test func theSugarsDispatchKeepsItsCallSiteAsTheSource() async {
        let sources = EventLog()
        let log = TestMiddleware<ShellAction, ShellState> { action, source, _ in
            sources.record("\(action) \(source.file):\(source.line) \(source.function)")
            return .none
        }
        let store = TestStore(initialState: ShellState(), reducer: Shell.reducer, middleware: log)
        let line = #line + 1
        await store.dispatch(\.path[id: StackID(0)].close)
        await store.dispatch(\.path[id: StackID(0)].loaded, 1, line: 7)
        #expect(
            sources.all == [
                "\(ShellAction.path(.element(id: StackID(0), action: .close))) AqueductTests/ChildProjectionTests.swift:\(line) theSugarsDispatchKeepsItsCallSiteAsTheSource()",
                "\(ShellAction.path(.element(id: StackID(0), action: .loaded(1)))) AqueductTests/ChildProjectionTests.swift:7 theSugarsDispatchKeepsItsCallSiteAsTheSource()",
            ]
        )
    }
}
