import Aqueduct

/// The counter's actions. Scenario a and those built on it dispatch `.increment`.
enum CounterAction: Sendable {
    case increment
    case decrement
    case reset
}

/// The counter's reduction, shared by Aqueduct's reducer and every hand-written baseline so
/// that all of them do the same work.
func reduceCounter(_ action: CounterAction, _ count: inout Int) {
    switch action {
    case .increment: count &+= 1
    case .decrement: count &-= 1
    case .reset: count = 0
    }
}

/// The counter's Aqueduct reducer.
let counterReducer = Reducer<CounterAction, Int>.reduce(reduceCounter)

/// Every loop cycles through 1,024 actions read from an array the optimiser cannot see into,
/// so that it cannot fold a loop of known actions into one step. Index with `i & cycleMask`.
let cycleMask = 1023

/// 1,024 actions made by `make(index)`, hidden from the optimiser.
func actionCycle<Action>(_ make: (Int) -> Action) -> [Action] {
    opaque((0...cycleMask).map(make))
}
