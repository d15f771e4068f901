// A counter: the smallest Aqueduct app. It shows dispatch, a middleware that reacts after the
// reducer, and the source every action carries.
import Aqueduct

enum CounterAction: Sendable {
    case increment
    case decrement
    case reset
}

let counter = Reducer<CounterAction, Int>.reduce { action, count in
    switch action {
    case .increment: count += 1
    case .decrement: count -= 1
    case .reset: count = 0
    }
}

/// Prints every action with where it came from, and resets the count when it reaches 3.
struct PrintingMiddleware: Middleware {
    func handle(action: CounterAction, from source: ActionSource, state: GetState<Int>) -> Effect<CounterAction> {
        let before = state()
        return .immediate { send in
            print("\(action) from \(source.fileName):\(source.line): \(before) → \(state())")
            if let info = source.info { print("  \(info)") }
            if state() == 3 { send(.reset) }
        }
    }
}

@MainActor
func main() {
    let store = Store(initialState: 0, reducer: counter, middleware: PrintingMiddleware())
    for _ in 0..<3 { store.dispatch(.increment) }
    store.dispatch(.decrement, info: "the count went back to 0, so this goes below it")
    print("final count: \(store.state)")
}

MainActor.assumeIsolated { main() }
