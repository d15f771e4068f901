// 05 — A collection of children, by id.
//
// A row of a list is a feature of its own: `TodoAction` and `Todo`, with a reducer and a
// middleware written for one row. The list's action carries the row's id beside the row's action
// (`case todo(id:action:)`), and `lift(action:elements:)` runs the row's reducer and middleware
// on the row with that id. Each row's effects are its own: it debounces its save under its own
// id, so toggling one row does not cancel another's save, and removing a row ends its effects.
// An action for a row that is gone changes nothing and is reported to `onDroppedAction`. A row
// view gets `store.projection(element:in:action:)`: a store of exactly one `Todo`.
import Aqueduct

enum CollectionOfChildren {
    struct Todo: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
        var isDone = false
        var isSaving = false
    }

    enum TodoAction: CaseAccessible, Sendable, Equatable {
        case toggle
        case saved
    }

    struct State: Equatable, Sendable {
        var todos: [Todo] = []
    }

    enum Action: CaseAccessible, Sendable, Equatable {
        case todo(id: Int, action: TodoAction)
        case add(Todo)
        case remove(id: Int)
    }

    static let todoReducer = Reducer<TodoAction, Todo>.reduce { action, todo in
        switch action {
        case .toggle:
            todo.isDone.toggle()
            todo.isSaving = true
        case .saved:
            todo.isSaving = false
        }
    }

    static let reducer: Reducer<Action, State> =
        todoReducer.lift(action: \Action.Cases.todo, elements: \State.todos)
        <> .reduce { action, state in
            switch action {
            case .add(let todo): state.todos.append(todo)
            case .remove(let id): state.todos.removeAll { $0.id == id }
            case .todo: break
            }
        }

    struct SaveID: Hashable, Sendable {}

    /// One row's middleware: a toggle is saved once the row has been left alone for a second,
    /// so that quick toggles save once. Lifted, `SaveID()` is a different id for each row.
    struct TodoMiddleware: Middleware {
        let save: @Sendable (Todo) async -> Void
        let clock: any Clock<Duration>

        func handle(action: TodoAction, from source: ActionSource, state: GetState<Todo>) -> Effect<TodoAction> {
            switch action {
            case .toggle:
                return .run { [save] send in
                    await save(await state())  // the row as it is now, after the reducer
                    send(.saved)
                }
                .debounce(id: SaveID(), for: .seconds(1), clock: clock)
            case .saved:
                return .none
            }
        }
    }

    /// The list's middleware: the row's, lifted over `todos`.
    static func middleware(
        save: @escaping @Sendable (Todo) async -> Void,
        clock: any Clock<Duration>,
        onDroppedAction: (@MainActor @Sendable (DroppedElementAction) -> Void)? = nil
    ) -> some Middleware<Action, Action, State> {
        TodoMiddleware(save: save, clock: clock)
            .lift(action: \Action.Cases.todo, elements: \State.todos, onDroppedAction: onDroppedAction)
    }
}
