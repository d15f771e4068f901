import Aqueduct
import AqueductTesting
import Testing

// The examples of the doc comments of the children's projections and of the case-path steps
// into one child's actions, compiled and run here: each block of those comments is quoted from
// this file. The feature with children is the shell of ChildFixtures.swift (a presented detail,
// rows and a stack of the same child feature); the app below nests it, for the projections of a
// projection's children.

extension DocumentationExamples {
    struct ShellAppState: Equatable, Sendable {
        var shell = ShellState()
    }

    enum ShellAppAction: CaseAccessible, Sendable, Equatable {
        case shell(ShellAction)
    }

    @MainActor
    @Suite(.timeLimit(.minutes(3))) struct ChildExamplesTests {
        static let appReducer = Shell.reducer.lift(
            action: \ShellAppAction.Cases.shell,
            state: \ShellAppState.shell
        )

        /// A store of the shell whose middleware records each action it is dispatched.
        static func store(_ state: ShellState, dispatched: EventLog) -> Store<ShellAction, ShellState> {
            Store(
                initialState: state,
                reducer: Shell.reducer,
                middleware: TestMiddleware<ShellAction, ShellState> { action, _, _ in
                    dispatched.record("\(action)")
                    return .none
                }
            )
        }

        // MARK: - Store.projection(presented:action:) and projection(element:in:action:)

        @Test func aPresentedChildsProjectionWrapsItsActionsInPresented() {
            let dispatched = EventLog()
            let store = Self.store(ShellState(detail: Detail(id: 7)), dispatched: dispatched)
            if let detail = store.projection(presented: \.detail, action: \.detail) {
                detail.dispatch(.load)  // store.dispatch(.detail(.presented(.load)))
            }
            #expect(dispatched.all == ["\(ShellAction.detail(.presented(.load)))"])

            store.dispatch(.detail(.dismiss))
            #expect(store.projection(presented: \.detail, action: \.detail) == nil)
        }

        @Test func aStackEntrysProjectionWrapsItsActionsWithTheEntrysID() {
            let dispatched = EventLog()
            let store = Self.store(
                ShellState(path: ChildStack([Detail(id: 10), Detail(id: 20)])),
                dispatched: dispatched
            )
            for id in store.state.path.ids {
                let screen = store.projection(element: id, in: \.path, action: \.path)
                screen?.dispatch(.load)  // store.dispatch(.path(.element(id: id, action: .load)))
            }
            #expect(
                dispatched.all == [
                    "\(ShellAction.path(.element(id: StackID(0), action: .load)))",
                    "\(ShellAction.path(.element(id: StackID(1), action: .load)))",
                ]
            )
        }

        // MARK: - StoreProjection.projection(presented:action:) and projection(element:in:action:)

        @Test func aPresentedChildOfAProjection() {
            let store = Store(
                initialState: ShellAppState(shell: ShellState(detail: Detail(id: 7))),
                reducer: Self.appReducer
            )
            let shell = store.projection(action: \.shell, state: \.shell)
            let detail = shell.projection(presented: \.detail, action: \.detail)
            detail?.dispatch(.loaded(1))
            #expect(store.state.shell.detail?.loaded == [1])
            #expect(detail?.state.loaded == [1])
        }

        @Test func theTopEntryOfAStackOfAProjection() {
            let store = Store(
                initialState: ShellAppState(shell: ShellState(path: ChildStack([Detail(id: 10), Detail(id: 20)]))),
                reducer: Self.appReducer
            )
            let shell = store.projection(action: \.shell, state: \.shell)
            let top = shell.state.path.ids.last.flatMap { shell.projection(element: $0, in: \.path, action: \.path) }
            top?.dispatch(.loaded(2))
            #expect(top?.state.id == 20)
            #expect(store.state.shell.path.map(\.loaded) == [[], [2]])
        }

        // MARK: - Case paths into a stack entry's and a row's actions, in a TestStore

        @Test func aTestNamesAStackEntrysActionsByTheEntrysID() async {
            let clock = TestClock()
            let store = TestStore(
                initialState: ShellState(path: ChildStack([Detail(id: 10)])),
                reducer: Shell.reducer,
                middleware: Shell.middleware(Shell.detailMiddleware(clock: clock))
            )
            await store.dispatch(\.path[id: StackID(0)].load)
            await clock.advance(by: .seconds(1))
            await store.receive(\.path[id: StackID(0)].loaded, 10) { $0.path[id: StackID(0)]?.loaded = [10] }
            await store.finish()
        }

        @Test func aTestNamesARowsActionsByTheRowsID() async {
            let clock = TestClock()
            let store = TestStore(
                initialState: ShellState(rows: [Detail(id: 1), Detail(id: 2)]),
                reducer: Shell.reducer,
                middleware: Shell.middleware(Shell.detailMiddleware(clock: clock))
            )
            await store.dispatch(\.rows[id: 1].load)
            await clock.advance(by: .seconds(1))
            await store.receive(\.rows[id: 1].loaded, 1) { $0.rows[0].loaded = [1] }
            await store.finish()
        }
    }
}
