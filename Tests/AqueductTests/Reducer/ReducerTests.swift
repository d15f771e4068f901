import Aqueduct
import Testing

@Suite struct ReducerTests {
    static let actions: [CounterAction] = [.increment, .set(3), .decrement, .increment, .set(-2)]

    static let double = Reducer<CounterAction, Int>.reduce { _, count in count *= 2 }
    static let addTen = Reducer<CounterAction, Int>.reduce { action, count in
        if action == .increment { count += 10 }
    }

    static func run(_ reducer: Reducer<CounterAction, Int>, from start: Int = 1) -> [Int] {
        var state = start
        return actions.map { action in
            reducer(action, &state)
            return state
        }
    }

    @Test func compositionRunsLeftFirst() {
        var state = 1
        (Self.double <> Self.addTen)(.increment, &state)
        #expect(state == 12)
        state = 1
        (Self.addTen <> Self.double)(.increment, &state)
        #expect(state == 22)
    }

    @Test func compositionIsAssociative() {
        let left = (counterReducer <> Self.double) <> Self.addTen
        let right = counterReducer <> (Self.double <> Self.addTen)
        #expect(Self.run(left) == Self.run(right))
        #expect(Self.run(left) != Self.run(counterReducer))
    }

    @Test func identityIsNeutral() {
        #expect(Self.run(.identity <> counterReducer) == Self.run(counterReducer))
        #expect(Self.run(counterReducer <> .identity) == Self.run(counterReducer))
        #expect(Self.run(.identity) == [1, 1, 1, 1, 1])
        #expect(Self.run(.combine([])) == Self.run(.identity))
        #expect(Self.run(.combine([counterReducer, Self.double])) == Self.run(counterReducer <> Self.double))
    }

    @Test func liftAppliesOnlyToTheFeaturesActionsAndState() {
        let app = counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
        var state = AppState(count: 1, text: "a")
        app(.counter(.increment), &state)
        app(.text(.append("b")), &state)
        #expect(state == AppState(count: 2, text: "a"))
    }

    @Test func liftThenComposeEqualsComposeThenLift() {
        let composedThenLifted = (counterReducer <> Self.double).lift(
            action: \AppAction.Cases.counter,
            state: \AppState.count
        )
        let liftedThenComposed =
            counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
            <> Self.double.lift(action: \AppAction.Cases.counter, state: \AppState.count)
        let actions: [AppAction] = [.counter(.increment), .text(.append("x")), .counter(.set(4)), .counter(.decrement)]
        var first = AppState()
        var second = AppState()
        for action in actions {
            composedThenLifted(action, &first)
            liftedThenComposed(action, &second)
            #expect(first == second)
        }
        #expect(first.count == 14)
    }

    @Test func aCasePathHeldInAVariableLiftsLikeALiteral() {
        let counter: CaseKeyPath<AppAction, CounterAction> = \.counter
        let byLiteral = counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
        let byVariable = counterReducer.lift(action: counter, state: \AppState.count)
        var first = AppState()
        var second = AppState()
        for action in [AppAction.counter(.set(5)), .text(.append("t")), .counter(.increment)] {
            byLiteral(action, &first)
            byVariable(action, &second)
        }
        #expect(first == second)
        #expect(first.count == 6)
    }

    @Test func aCasePathOfItsOwnLiftsOnlyTheActionsItExtracts() {
        // `AllCasePaths` takes case paths written by hand; `\.countingUp` then reads like a
        // generated one.
        let countingUp = counterReducer.lift(action: \AppAction.Cases.countingUp, state: \AppState.count)
        var state = AppState(count: 1)
        countingUp(.counter(.decrement), &state)
        #expect(state.count == 1)
        countingUp(.counter(.increment), &state)
        countingUp(.counter(.set(4)), &state)
        #expect(state.count == 4)
        let path = CasePath(\AppAction.Cases.countingUp)
        #expect(path.embed(.increment) == .counter(.increment))
        #expect("\(path)" == "\\.countingUp")
    }

    struct Item: Identifiable, Equatable, Sendable {
        let id: String
        var count: Int
    }

    enum ListAction: CaseAccessible, Sendable {
        case item(id: String, action: CounterAction)
        case at(index: Int, action: CounterAction)
    }

    struct ListState: Equatable, Sendable {
        var items: [Item]
        var counts: [Int]
    }

    @Test func liftIntoACollectionByID() {
        let itemReducer: Reducer<CounterAction, Item> = counterReducer.lift(action: \.self, state: \Item.count)
        let list = itemReducer.lift(action: \ListAction.Cases.item, elements: \ListState.items)
        var state = ListState(items: [Item(id: "a", count: 0), Item(id: "b", count: 0)], counts: [])
        list(.item(id: "b", action: .set(3)), &state)
        list(.item(id: "a", action: .increment), &state)
        list(.item(id: "missing", action: .increment), &state)
        #expect(state.items == [Item(id: "a", count: 1), Item(id: "b", count: 3)])
    }

    @Test func liftIntoACollectionByIndex() {
        let list = counterReducer.lift(action: \ListAction.Cases.at, elements: \ListState.counts)
        var state = ListState(items: [], counts: [0, 0, 0])
        list(.at(index: 2, action: .set(9)), &state)
        list(.at(index: 0, action: .decrement), &state)
        list(.at(index: 3, action: .increment), &state)
        list(.at(index: -1, action: .increment), &state)
        #expect(state.counts == [-1, 0, 9])
    }
}

extension AppAction.AllCasePaths {
    /// The counter's actions but `.decrement`: a case path of the test's own, beside the
    /// generated ones.
    var countingUp: CasePath<AppAction, CounterAction> {
        CasePath(
            "countingUp",
            embed: { .counter($0) },
            extract: { action in
                if case .counter(let counter) = action, counter != .decrement { counter } else { nil }
            }
        )
    }
}
