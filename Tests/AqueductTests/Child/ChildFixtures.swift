import Aqueduct
import AqueductTesting

// A shell holding the three shapes of children — a presented detail, rows, a stack — of the
// same child feature, for the tests of "a child's effects end with the child".

struct Detail: Identifiable, Equatable, Sendable {
    let id: Int
    /// The round of the flood its effect runs, set by `.start`.
    var round = -1
    var ticks = 0
    var loaded: [Int] = []
}

enum DetailAction: CaseAccessible, Sendable, Equatable {
    /// Starts the flood of round `round`: an effect that runs until cancelled while threads send
    /// `.tick`.
    case start(round: Int)
    case tick(round: Int)
    /// Loads after a second on the test clock.
    case load
    case loaded(Int)
    /// The child's middleware dismisses it.
    case close
}

enum ShellAction: CaseAccessible, Sendable, Equatable {
    case detail(PresentationAction<DetailAction>)
    case present(Detail)
    case rows(id: Int, action: DetailAction)
    case rowAt(index: Int, action: DetailAction)
    case addRow(Detail)
    case removeRow(id: Int)
    case path(StackAction<Detail, DetailAction>)
    /// Removes every child: the detail, the rows, the stack's entries.
    case clear
    /// Sent after a flood's threads have finished: once it is processed, everything they sent
    /// has been processed or dropped.
    case marker
    /// Removes the rows with this row's id and adds this one, in one action.
    case replaceRow(Detail)
    /// Pops the top entry and pushes this one, in one action.
    case replaceTop(Detail)
}

struct ShellState: Equatable, Sendable {
    var detail: Detail?
    var rows: [Detail] = []
    var path = ChildStack<Detail>()
    var markers = 0
    /// Ticks reduced while no child runs their round: the guarantee says none.
    var late = 0

    /// Whether a child of any shape runs round `round`.
    func runs(round: Int) -> Bool {
        detail?.round == round || rows.contains { $0.round == round } || path.contains { $0.round == round }
    }
}

enum Shell {
    static let detailReducer = Reducer<DetailAction, Detail>.reduce { action, detail in
        switch action {
        case .start(let round): detail.round = round
        case .tick: detail.ticks += 1
        case .loaded(let value): detail.loaded.append(value)
        case .load, .close: break
        }
    }

    /// Counts the ticks no child runs, before the lifts reduce them.
    static let watching = Reducer<ShellAction, ShellState>.reduce { action, state in
        let round: Int? =
            switch action {
            case .detail(.presented(.tick(let round))), .rows(_, .tick(let round)), .rowAt(_, .tick(let round)),
                .path(.element(_, .tick(let round))):
                round
            default: nil
            }
        if let round, !state.runs(round: round) { state.late += 1 }
    }

    static let reducer: Reducer<ShellAction, ShellState> =
        watching
        <> detailReducer.lift(action: \ShellAction.Cases.detail, state: \ShellState.detail)
        <> detailReducer.lift(action: \ShellAction.Cases.rows, elements: \ShellState.rows)
        <> detailReducer.lift(action: \ShellAction.Cases.rowAt, elements: \ShellState.rows)
        <> detailReducer.lift(action: \ShellAction.Cases.path, elements: \ShellState.path)
        <> .reduce { action, state in
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

    /// The floods of each round, for the child middleware to start.
    final class Floods: Sendable {
        private let floods = LockedValue<[Int: Flood]>([:])
        subscript(round: Int) -> Flood? {
            get { floods.withLock { $0[round] } }
            set { floods.withLock { $0[round] = newValue } }
        }
    }

    /// The child's middleware: `.start` floods, `.load` loads after a second of `clock`,
    /// `.close` dismisses.
    static func detailMiddleware(
        floods: Floods = Floods(),
        clock: TestClock = TestClock()
    )
        -> TestMiddleware<DetailAction, Detail>
    {
        TestMiddleware { action, _, detail in
            switch action {
            case .start(let round):
                guard let flood = floods[round] else { return .none }
                return .run { send in
                    flood.start { send(.tick(round: round)) }
                    await untilCancelled()
                }
            case .load:
                let id = detail().id
                return .run { send in
                    try? await clock.sleep(for: .seconds(1))
                    send(.loaded(id))
                }
            case .close:
                return .dismiss
            case .tick, .loaded:
                return .none
            }
        }
    }

    /// The reports the lifted middlewares made, in order.
    @MainActor
    final class Reports {
        var all: [DroppedElementAction] = []
        var handler: @MainActor @Sendable (DroppedElementAction) -> Void { { self.all.append($0) } }
    }

    /// The child's middleware lifted into the three shapes.
    @MainActor
    static func middleware(
        _ detail: TestMiddleware<DetailAction, Detail>,
        reports: Reports = Reports()
    ) -> some Middleware<ShellAction, ShellAction, ShellState> {
        detail.lift(action: \ShellAction.Cases.detail, state: \ShellState.detail, onDroppedAction: reports.handler)
            <> detail.lift(
                action: \ShellAction.Cases.rows,
                elements: \ShellState.rows,
                onDroppedAction: reports.handler
            )
            <> detail.lift(
                action: \ShellAction.Cases.rowAt,
                elements: \ShellState.rows,
                onDroppedAction: reports.handler
            )
            <> detail.lift(
                action: \ShellAction.Cases.path,
                elements: \ShellState.path,
                onDroppedAction: reports.handler
            )
    }
}
