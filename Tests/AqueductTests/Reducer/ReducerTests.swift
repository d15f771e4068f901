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
        let app = counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
        var state = AppState(count: 1, text: "a")
        app(.counter(.increment), &state)
        app(.text(.append("b")), &state)
        #expect(state == AppState(count: 2, text: "a"))
    }

    @Test func liftThenComposeEqualsComposeThenLift() {
        let composedThenLifted = (counterReducer <> Self.double).lift(
            action: \AppAction.counter,
            state: \AppState.count
        )
        let liftedThenComposed =
            counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
            <> Self.double.lift(action: \AppAction.counter, state: \AppState.count)
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

    @Test func closureLiftMatchesKeyPathLift() {
        let byKeyPath = counterReducer.lift(action: \AppAction.counter, state: \AppState.count)
        let byClosure = counterReducer.lift(action: { (action: AppAction) in action.counter }, state: \AppState.count)
        var first = AppState()
        var second = AppState()
        for action in [AppAction.counter(.set(5)), .text(.append("t")), .counter(.increment)] {
            byKeyPath(action, &first)
            byClosure(action, &second)
        }
        #expect(first == second)
        #expect(first.count == 6)
    }

    struct Item: Identifiable, Equatable, Sendable {
        let id: String
        var count: Int
    }

    enum ListAction: CaseAccessible, Sendable {
        case item(id: String, CounterAction)
        case at(index: Int, CounterAction)
    }

    struct ListState: Equatable, Sendable {
        var items: [Item]
        var counts: [Int]
    }

    @Test func liftIntoACollectionByID() {
        let itemReducer = counterReducer.lift(action: { (action: CounterAction) in action }, state: \Item.count)
        let list = itemReducer.lift(elementAction: \ListAction.item, elements: \ListState.items)
        var state = ListState(items: [Item(id: "a", count: 0), Item(id: "b", count: 0)], counts: [])
        list(.item(id: "b", .set(3)), &state)
        list(.item(id: "a", .increment), &state)
        list(.item(id: "missing", .increment), &state)
        #expect(state.items == [Item(id: "a", count: 1), Item(id: "b", count: 3)])
    }

    @Test func liftIntoACollectionByIndex() {
        let list = counterReducer.lift(indexedAction: \ListAction.at, elements: \ListState.counts)
        var state = ListState(items: [], counts: [0, 0, 0])
        list(.at(index: 2, .set(9)), &state)
        list(.at(index: 0, .decrement), &state)
        list(.at(index: 3, .increment), &state)
        list(.at(index: -1, .increment), &state)
        #expect(state.counts == [-1, 0, 9])
    }
}
