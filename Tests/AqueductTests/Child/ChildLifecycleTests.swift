import Aqueduct
import AqueductTesting
import Testing

/// A child's effects end with the child: once the action that removed a presented child, a row
/// or a stack entry has been processed, nothing the child's effects sent is processed — not what
/// waits in the inbox, not what threads send later. Each test floods a production store from
/// background threads that keep sending after the removal, many rounds, re-creating the child
/// with the same id each round, and counts the ticks reduced while no child runs their round:
/// none.
///
/// Serialized: each test floods two cores already, and the machine runs the other suites too.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(3))) struct ChildLifecycleTests {
    /// Where the child lives.
    enum Shape: String, CaseIterable, Sendable {
        case optional
        case rowByID
        case rowByIndex
        case stack
    }

    /// What removes it.
    enum Removal: String, CaseIterable, Sendable {
        /// The lift's own action: `.dismiss`, the row's removal, `.pop`.
        case liftAction
        /// An action of the parent that knows nothing of the lift.
        case parentAction
        /// The child's middleware returns `.dismiss` (rows cannot: skipped).
        case childDismisses
    }

    /// How the removing action is dispatched: on the main actor, while the flood's actions wait
    /// in the inbox; or through the inbox, in the same batches as the flood's actions.
    enum Route: String, CaseIterable, Sendable {
        case mainActor
        case inbox
    }

    /// Rounds per shape, removal and route: 120 removals under a flood in all.
    static let rounds = 5
    static let ticksBeforeRemoving = 50

    static func until(_ store: Store<ShellAction, ShellState>, _ condition: (ShellState) -> Bool) async {
        for await state in store.values(of: \.self, .keepingDuplicates) where condition(state) { return }
    }

    /// The child of `shape`, id 1, added to the shell.
    static func add(_ shape: Shape) -> ShellAction {
        switch shape {
        case .optional: .present(Detail(id: 1))
        case .rowByID, .rowByIndex: .addRow(Detail(id: 1))
        case .stack: .path(.push(Detail(id: 1)))
        }
    }

    /// `action` sent to the child of `shape`, the stack's top entry being `top`.
    static func send(_ action: DetailAction, to shape: Shape, top: StackID?) -> ShellAction {
        switch shape {
        case .optional: .detail(.presented(action))
        case .rowByID: .rows(id: 1, action: action)
        case .rowByIndex: .rowAt(index: 0, action: action)
        case .stack: .path(.element(id: top ?? StackID(-1), action: action))
        }
    }

    static func remove(_ shape: Shape, by removal: Removal, top: StackID?) -> ShellAction? {
        switch (removal, shape) {
        case (.parentAction, _): .clear
        case (.liftAction, .optional): .detail(.dismiss)
        case (.liftAction, .rowByID), (.liftAction, .rowByIndex): .removeRow(id: 1)
        case (.liftAction, .stack): .path(.pop)
        case (.childDismisses, .rowByID), (.childDismisses, .rowByIndex): nil
        case (.childDismisses, _): send(.close, to: shape, top: top)
        }
    }

    @Test(arguments: Shape.allCases, Removal.allCases)
    func nothingARemovedChildsEffectsSentIsProcessed(_ shape: Shape, removal: Removal) async {
        for route in Route.allCases {
            let floods = Shell.Floods()
            let store = Store(
                initialState: ShellState(),
                reducer: Shell.reducer,
                middleware: Shell.middleware(Shell.detailMiddleware(floods: floods))
            )
            var markers = 0
            for round in 0..<Self.rounds {
                let flood = Flood()
                floods[round] = flood
                store.dispatch(Self.add(shape))
                let top = store.state.path.ids.last
                guard let remove = Self.remove(shape, by: removal, top: top) else { return }
                store.dispatch(Self.send(.start(round: round), to: shape, top: top))
                await Self.until(store) { state in
                    [state.detail?.ticks, state.rows.first?.ticks, state.path.last?.ticks].contains {
                        ($0 ?? 0) >= Self.ticksBeforeRemoving
                    }
                }
                switch route {
                case .mainActor:
                    store.dispatch(remove)
                case .inbox:
                    store.dispatcher.dispatch(remove)
                    await Self.until(store) { !$0.runs(round: round) }
                }
                #expect(!store.state.runs(round: round))
                flood.cancelProcessed()
                await flood.finished()
                store.dispatcher.dispatch(.marker)
                markers += 1
                await Self.until(store) { [markers] in $0.markers == markers }
                #expect(store.state.late == 0, "\(shape), \(removal), \(route), round \(round)")
            }
        }
    }
}
