import Aqueduct
import AqueductTesting

// A tally written as one function, and a board that holds tallies in each shape of child: the
// fixtures of the feature tests, of the Features article and of the lifts' doc comments, which
// quote the board's declarations and its feature.

struct Tally: Identifiable, Equatable, Sendable {
    var id = 0
    var count = 0
    var isWaiting = false
}

enum TallyAction: CaseAccessible, Sendable, Equatable {
    case increment
    /// Increments after a second on the clock; a second request restarts the wait.
    case incrementLater
    case cancel
    /// The tally dismisses itself.
    case close
}

extension Tally {
    static func feature(clock: TestClock) -> Feature<TallyAction, Tally> {
        Feature.reduce { action, tally in
            switch action {
            case .increment:
                tally.count += 1
                tally.isWaiting = false
                return .none
            case .incrementLater:
                tally.isWaiting = true
                return .run { send in
                    try await clock.sleep(for: .seconds(1))
                    send(.increment)
                } catch: { _, _ in
                }
                .cancellable(id: "later", cancelInFlight: true)
            case .cancel:
                tally.isWaiting = false
                return .cancel(id: "later")
            case .close:
                return .dismiss
            }
        }
    }
}

struct Board: Equatable, Sendable {
    var tally = Tally()
    var sheet: Tally?
    var tallies: [Tally] = []
    var path = ChildStack<Tally>()
}

enum BoardAction: CaseAccessible, Sendable, Equatable {
    case tally(TallyAction)
    case sheet(PresentationAction<TallyAction>)
    case tallies(id: Int, action: TallyAction)
    case path(StackAction<Tally, TallyAction>)
    case present(Tally)
    case add(Tally)
    case remove(id: Int)
}

extension Board {
    /// The board's own reducer: it presents and adds tallies.
    static let reducer = Reducer<BoardAction, Board>.reduce { action, board in
        switch action {
        case .present(let tally): board.sheet = tally
        case .add(let tally): board.tallies.append(tally)
        case .remove(let id): board.tallies.removeAll { $0.id == id }
        case .tally, .sheet, .tallies, .path: break
        }
    }

    static func feature(clock: TestClock) -> Feature<BoardAction, Board> {
        let tally = Tally.feature(clock: clock)
        return Feature(reducer: Board.reducer)
            <> tally.lift(action: \BoardAction.Cases.tally, state: \Board.tally)
            <> tally.lift(action: \BoardAction.Cases.sheet, state: \Board.sheet)
            <> tally.lift(action: \BoardAction.Cases.tallies, elements: \Board.tallies)
            <> tally.lift(action: \BoardAction.Cases.path, elements: \Board.path)
    }
}
