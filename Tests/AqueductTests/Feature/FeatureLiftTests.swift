import Aqueduct
import AqueductTesting
import Testing

/// Lifting a feature lifts all its parts with one case path and one state path: the same child
/// — the shell's detail — wired three ways passes the same tests in every shape of child. Each
/// part lifted alone (the reducer and the middleware, as before features), the feature of both
/// lifted once, and the child written as one function lifted once.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct FeatureLiftTests {
    enum Wiring: CaseIterable, Sendable {
        case eachPartLifted
        case featureLifted
        case functionLifted
    }

    /// The shell's own reducer: it presents, adds, removes and clears children.
    static let parent = Reducer<ShellAction, ShellState>.reduce { action, state in
        switch action {
        case .present(let detail): state.detail = detail
        case .addRow(let row): state.rows.append(row)
        case .removeRow(let id): state.rows.removeAll { $0.id == id }
        case .clear:
            state.detail = nil
            state.rows = []
            state.path.removeAll()
        case .marker: state.markers += 1
        case .replaceRow(let row):
            state.rows.removeAll { $0.id == row.id }
            state.rows.append(row)
        case .replaceTop(let entry):
            state.path.pop()
            state.path.push(entry)
        default: break
        }
    }

    /// The detail's reducer and middleware written as one function.
    static func detailFunction(clock: TestClock) -> Feature<DetailAction, Detail> {
        .reduce { action, detail in
            switch action {
            case .start(let round):
                detail.round = round
                return .none
            case .tick:
                detail.ticks += 1
                return .none
            case .loaded(let value):
                detail.loaded.append(value)
                return .none
            case .load:
                let id = detail.id
                return .run { send in
                    try? await clock.sleep(for: .seconds(1))
                    send(.loaded(id))
                }
            case .close:
                return .dismiss
            }
        }
    }

    static func testStore(
        _ wiring: Wiring,
        _ state: ShellState = ShellState(),
        clock: TestClock = TestClock(),
        reports: Shell.Reports = Shell.Reports()
    ) -> TestStore<ShellAction, ShellState> {
        let detail: Feature<DetailAction, Detail>
        switch wiring {
        case .eachPartLifted:
            let middleware = Shell.detailMiddleware(clock: clock)
            return TestStore(
                initialState: state,
                reducer: Shell.detailReducer.lift(action: \ShellAction.Cases.detail, state: \ShellState.detail)
                    <> Shell.detailReducer.lift(action: \ShellAction.Cases.rows, elements: \ShellState.rows)
                    <> Shell.detailReducer.lift(action: \ShellAction.Cases.path, elements: \ShellState.path)
                    <> parent,
                middleware: middleware.lift(
                    action: \ShellAction.Cases.detail,
                    state: \ShellState.detail,
                    onDroppedAction: reports.handler
                )
                    <> middleware.lift(
                        action: \ShellAction.Cases.rows,
                        elements: \ShellState.rows,
                        onDroppedAction: reports.handler
                    )
                    <> middleware.lift(
                        action: \ShellAction.Cases.path,
                        elements: \ShellState.path,
                        onDroppedAction: reports.handler
                    )
            )
        case .featureLifted:
            detail = Feature(reducer: Shell.detailReducer, middleware: Shell.detailMiddleware(clock: clock))
        case .functionLifted:
            detail = detailFunction(clock: clock)
        }
        let feature =
            detail.lift(action: \ShellAction.Cases.detail, state: \ShellState.detail, onDroppedAction: reports.handler)
            <> detail.lift(
                action: \ShellAction.Cases.rows,
                elements: \ShellState.rows,
                onDroppedAction: reports.handler
            )
            <> detail.lift(
                action: \ShellAction.Cases.path,
                elements: \ShellState.path,
                onDroppedAction: reports.handler
            )
            <> Feature(reducer: parent)
        return TestStore(initialState: state, feature: feature)
    }

    // MARK: - Presented child

    @Test(arguments: Wiring.allCases)
    func aPresentedChildsEffectsAreEmbeddedAndEndWhenItIsDismissed(_ wiring: Wiring) async {
        let clock = TestClock()
        let store = Self.testStore(wiring, clock: clock)
        await store.dispatch(.present(Detail(id: 7))) { $0.detail = Detail(id: 7) }
        await store.dispatch(.detail(.presented(.load)))
        await clock.advance(by: .seconds(1))
        await store.receive(.detail(.presented(.loaded(7)))) { $0.detail?.loaded = [7] }

        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.detail(.dismiss)) { $0.detail = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test(arguments: Wiring.allCases)
    func aChildDismissesItselfAndEndsWhenItsParentClearsIt(_ wiring: Wiring) async {
        let clock = TestClock()
        let store = Self.testStore(wiring, ShellState(detail: Detail(id: 3)), clock: clock)
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.detail(.presented(.close)))
        await store.receive(.detail(.dismiss)) { $0.detail = nil }

        await store.dispatch(.present(Detail(id: 4))) { $0.detail = Detail(id: 4) }
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.clear) { $0.detail = nil }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }

    @Test(arguments: Wiring.allCases)
    func anActionForAnAbsentChildIsReportedAndChangesNothing(_ wiring: Wiring) async {
        let reports = Shell.Reports()
        let store = Self.testStore(wiring, reports: reports)
        await store.dispatch(.detail(.presented(.load)))
        await store.dispatch(.rows(id: 5, action: .load))
        await store.dispatch(.path(.pop))
        await store.finish()
        #expect(reports.all.map(\.element) == ["presented child", "id 5", "top of the stack"])
    }

    // MARK: - Collection and stack

    @Test(arguments: Wiring.allCases)
    func aRowsEffectsEndWhenItIsRemoved(_ wiring: Wiring) async {
        let clock = TestClock()
        let store = Self.testStore(wiring, ShellState(rows: [Detail(id: 1), Detail(id: 2)]), clock: clock)
        await store.dispatch(.rows(id: 1, action: .load))
        await store.dispatch(.rows(id: 2, action: .load))
        await store.dispatch(.removeRow(id: 1)) { $0.rows.removeFirst() }
        await store.dispatch(.addRow(Detail(id: 1))) { $0.rows.append(Detail(id: 1)) }
        await clock.advance(by: .seconds(1))
        await store.receive(.rows(id: 2, action: .loaded(2))) { $0.rows[0].loaded = [2] }
        await store.dispatch(.rows(id: 2, action: .close))
        #expect(store.state.rows.map(\.id) == [2, 1])
        await store.finish()
    }

    @Test(arguments: Wiring.allCases)
    func stackEntriesEffectsEndWhenPoppedOrWhenTheyDismissThemselves(_ wiring: Wiring) async {
        let clock = TestClock()
        let store = Self.testStore(wiring, clock: clock)
        await store.dispatch(.path(.push(Detail(id: 10)))) { $0.path.push(Detail(id: 10)) }
        await store.dispatch(.path(.push(Detail(id: 20)))) { $0.path.push(Detail(id: 20)) }
        await store.dispatch(.path(.push(Detail(id: 30)))) { $0.path.push(Detail(id: 30)) }
        await store.dispatch(.path(.element(id: StackID(0), action: .load)))
        await store.dispatch(.path(.element(id: StackID(1), action: .load)))
        await store.dispatch(.path(.popTo(id: StackID(0)))) { $0.path.pop(to: StackID(0)) }
        await clock.advance(by: .seconds(1))
        await store.receive(.path(.element(id: StackID(0), action: .loaded(10)))) {
            $0.path[id: StackID(0)]?.loaded = [10]
        }

        await store.dispatch(.path(.element(id: StackID(0), action: .load)))
        await store.dispatch(.path(.element(id: StackID(0), action: .close)))
        await store.receive(.path(.popFrom(id: StackID(0)))) { $0.path.removeAll() }
        await clock.advance(by: .seconds(1))
        await store.finish()
    }
}
