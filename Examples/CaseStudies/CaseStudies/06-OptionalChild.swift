// 06 — An optional child: a sheet that dismisses itself.
//
// A presented feature — a sheet, an alert, a popover — is an optional state: `nil` while it is
// not shown. Its actions reach it wrapped in `PresentationAction`: `.presented(action)` while it
// is there, `.dismiss` to close it. Lifted with `lift(action:state:)`, its reducer and middleware
// see only their own action and state. The editor below saves and then closes itself by returning
// `Effect.dismiss`: it names no action of its parent, and its lift turns it into `.dismiss`. The
// parent reads what its child did (`.saved`) in its own reducer. When the sheet goes away —
// whatever dismissed it — its effects end with it: a save in flight is cancelled.
import Aqueduct

enum OptionalChild {
    struct Editor: Equatable, Sendable {
        var draft: String
        var isSaving = false
    }

    enum EditorAction: CaseAccessible, Sendable, Equatable {
        case edit(String)
        case saveTapped
        case saved(String)
        case cancelTapped
    }

    struct State: Equatable, Sendable {
        var name = "Ada"
        var editor: Editor?
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case editTapped
        case editor(PresentationAction<EditorAction>)
    }

    static let editorReducer = Reducer<EditorAction, Editor>.reduce { action, editor in
        switch action {
        case .edit(let draft): editor.draft = draft
        case .saveTapped: editor.isSaving = true
        case .saved: editor.isSaving = false
        case .cancelTapped: break
        }
    }

    static let reducer: Reducer<Action, State> =
        editorReducer.lift(action: \Action.Cases.editor, state: \State.editor)
        <> .reduce { action, state in
            switch action {
            case .editTapped:
                state.editor = Editor(draft: state.name)
            case .editor(.presented(.saved(let name))):
                state.name = name
            case .editor:
                break
            }
        }

    /// The sheet's middleware, written for the sheet alone.
    struct EditorMiddleware: Middleware {
        let save: @Sendable (String) async -> Void

        func handle(action: EditorAction, from source: ActionSource, state: GetState<Editor>) -> Effect<EditorAction> {
            switch action {
            case .saveTapped:
                let draft = state().draft
                return .run { [save] send in
                    await save(draft)
                    send(.saved(draft))
                }
            case .saved, .cancelTapped:
                return .dismiss
            case .edit:
                return .none
            }
        }
    }

    static func middleware(save: @escaping @Sendable (String) async -> Void) -> some Middleware<Action, Action, State> {
        EditorMiddleware(save: save).lift(action: \Action.Cases.editor, state: \State.editor)
    }
}
