// 10 — Record, replay and the report.
//
// A `RecorderMiddleware` (from `AqueductRecording`) put first in the middleware writes one JSON
// line per action the store processes: the action, who sent it and what caused it (an effect, a
// bridge), and the state changes it made. A recording attached to a bug report becomes a test:
// `ActionReplay.replay` (from `AqueductTesting`) dispatches its outside actions into a new store
// built with the app's reducer and middleware, and fails at the first action, cause or state
// change that differs. The same file becomes one self-contained HTML page — a timeline, the causal
// tree, each action's diff — with
//
//     swift run AqueductDevTools report session.jsonl --output report.html
//
// The feature is a tally whose `save` effect sends back what it saved. Its actions are `Codable`,
// so a recording decodes back into actions (`.codable()`).
import Aqueduct
import AqueductRecording

enum RecordReplayAndReport {
    struct State: Equatable, Sendable {
        var count = 0
        var saved: [Int] = []
    }

    enum Action: CaseAccessible, Codable, Sendable, Equatable {
        case increment
        case save
        case saved(Int)
    }

    static let reducer = Reducer<Action, State>.reduce { action, state in
        switch action {
        case .increment: state.count += 1
        case .save: break
        case .saved(let count): state.saved.append(count)
        }
    }

    struct SaveMiddleware: Middleware {
        func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
            guard action == .save else { return .none }
            return .run { send in
                send(.saved(await state().count))
            }
        }
    }

    /// The app's middleware with the recorder in front, as an app that records builds it: first,
    /// so that it sees each action before the others and times the whole of its processing.
    static func recorded(to writer: RecordingWriter) -> some Middleware<Action, Action, State> {
        RecorderMiddleware<Action, State>(writer: writer) <> SaveMiddleware()
    }
}
