// 07 — Navigation with `ChildStack`.
//
// A navigation stack is a `ChildStack` of screens in the state. Each pushed screen gets a
// `StackID` — `#0`, `#1`, … in push order, never reused — and its actions reach it as
// `StackAction.element(id:action:)`; `.push`, `.pop`, `.popTo(id:)` and `.popFrom(id:)` change the
// stack. Lifted with `lift(action:elements:)`, one topic screen's reducer and middleware run for
// every entry: each loads its own body when it appears. A screen does not push: pushing is the
// parent's decision, and its reducer pushes the related topic a screen asks for. A screen can
// close itself with `Effect.dismiss`, which its lift turns into `.popFrom(id:)`. A popped screen's
// effects end with it, so a slow load never lands on a screen pushed later.
import Aqueduct

enum NavigationStack {
    struct Topic: Equatable, Sendable {
        let title: String
        var body: String?
    }

    enum TopicAction: CaseAccessible, Sendable, Equatable {
        case onAppear
        case bodyLoaded(String)
        case relatedTapped(String)
        case closeTapped
    }

    struct State: Equatable, Sendable {
        var path = ChildStack<Topic>()
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case path(StackAction<Topic, TopicAction>)
    }

    static let topicReducer = Reducer<TopicAction, Topic>.reduce { action, topic in
        switch action {
        case .bodyLoaded(let body): topic.body = body
        case .onAppear, .relatedTapped, .closeTapped: break
        }
    }

    static let reducer: Reducer<Action, State> =
        topicReducer.lift(action: \Action.Cases.path, elements: \State.path)
        <> .reduce { action, state in
            // The parent reacts to what a screen asked for.
            if case .path(.element(_, .relatedTapped(let title))) = action {
                state.path.push(Topic(title: title))
            }
        }

    /// One screen's middleware.
    struct TopicMiddleware: Middleware {
        let loadBody: @Sendable (String) async -> String

        func handle(action: TopicAction, from source: ActionSource, state: GetState<Topic>) -> Effect<TopicAction> {
            switch action {
            case .onAppear:
                let title = state().title
                return .run { [loadBody] send in
                    send(.bodyLoaded(await loadBody(title)))
                }
            case .closeTapped:
                return .dismiss
            case .bodyLoaded, .relatedTapped:
                return .none
            }
        }
    }

    static func middleware(
        loadBody: @escaping @Sendable (String) async -> String
    ) -> some Middleware<
        Action, Action, State
    > {
        TopicMiddleware(loadBody: loadBody).lift(action: \Action.Cases.path, elements: \State.path)
    }
}
