// Counter: the smallest Aqueduct app, in a terminal.
//
//   swift run --package-path Examples Counter
//
// Type `+`, `-`, `reset`, `later` (an effect adds one a second later, unless the count changed
// meanwhile) or `quit`. Answers go to standard output, the action log to standard error.
import Aqueduct
import Foundation
import TerminalInput

enum CounterAction: Sendable {
    case increment
    case decrement
    case reset
    case incrementLater
}

let counter = Reducer<CounterAction, Int>.reduce { action, count in
    switch action {
    case .increment: count += 1
    case .decrement: count -= 1
    case .reset: count = 0
    case .incrementLater: break
    }
}

/// The side effects: an increment sent by an effect a second after `incrementLater` — unless the
/// count changed meanwhile — and the count printed after each action that changed it. Both read
/// the state after the reducer: `.immediate` work directly, on the main actor; `.run` work with
/// `await state()`, a hop to the main actor that returns the state as it is then.
struct CounterMiddleware: Middleware {
    let output: LogPrinter

    func handle(action: CounterAction, from source: ActionSource, state: GetState<Int>) -> Effect<CounterAction> {
        switch action {
        case .incrementLater:
            return .run { send in
                let count = await state()
                try? await Task.sleep(for: .seconds(1))
                if await state() == count { send(.increment) }
            }
        case .increment, .decrement, .reset:
            let before = state()
            return .immediate { _ in
                if state() != before { output.print("count: \(state())\n") }
            }
        }
    }
}

let output = LogPrinter.standardOutput
let store = Store(
    initialState: 0,
    reducer: counter,
    middleware: LoggerMiddleware(printer: .standardError) <> CounterMiddleware(output: output)
)

output.print("Counter. Type +, -, reset, later (adds one a second later) or quit.\n")
reading: for await input in StandardInput.lines() {
    guard case .text(let line) = input else {
        output.print("That line is too long to be a command.\n")
        continue
    }
    switch line.trimmingCharacters(in: .whitespaces) {
    case "+": store.dispatch(.increment)
    case "-": store.dispatch(.decrement)
    case "reset": store.dispatch(.reset)
    case "later": store.dispatch(.incrementLater)
    case "quit": break reading
    case "": continue
    case let other: output.print("Unknown command '\(other)'.\n")
    }
}
