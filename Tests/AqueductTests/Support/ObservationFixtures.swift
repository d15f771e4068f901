import Aqueduct

/// A state with fields that change independently, for observation and projection tests.
struct ProfileState: Equatable, Sendable {
    var name = "Ada"
    var age = 36
    var tags: [String] = []
}

struct Todo: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
    var isDone = false
}

struct FeatureState: Equatable, Sendable {
    var count = 0
    var profile = ProfileState()
    var todos: [Todo] = []
}

enum ProfileAction: Sendable, Equatable {
    case rename(String)
    case birthday
    case tag(String)
}

enum TodoAction: Sendable, Equatable {
    case toggle
    case retitle(String)
}

enum FeatureAction: CaseAccessible, Sendable, Equatable {
    case counter(CounterAction)
    case profile(ProfileAction)
    case todo(id: Int, action: TodoAction)
    case addTodo(Todo)
    case removeTodo(id: Int)
    case reverseTodos
}

let profileReducer = Reducer<ProfileAction, ProfileState>.reduce { action, profile in
    switch action {
    case .rename(let name): profile.name = name
    case .birthday: profile.age += 1
    case .tag(let tag): profile.tags.append(tag)
    }
}

let todoReducer = Reducer<TodoAction, Todo>.reduce { action, todo in
    switch action {
    case .toggle: todo.isDone.toggle()
    case .retitle(let title): todo.title = title
    }
}

let featureReducer: Reducer<FeatureAction, FeatureState> =
    counterReducer.lift(action: \FeatureAction.Cases.counter, state: \FeatureState.count)
    <> profileReducer.lift(action: \FeatureAction.Cases.profile, state: \FeatureState.profile)
    <> todoReducer.lift(action: \FeatureAction.Cases.todo, elements: \FeatureState.todos)
    <> Reducer.reduce { action, state in
        switch action {
        case .addTodo(let todo): state.todos.append(todo)
        case .removeTodo(let id): state.todos.removeAll { $0.id == id }
        case .reverseTodos: state.todos.reverse()
        default: break
        }
    }

@MainActor
func makeFeatureStore(_ state: FeatureState = FeatureState()) -> Store<FeatureAction, FeatureState> {
    Store(initialState: state, reducer: featureReducer)
}

/// A thread-safe list of actions, for middlewares in tests.
final class ActionLog<Action: Sendable>: Sendable {
    private let actions = LockedValue<[Action]>([])

    func record(_ action: Action) {
        actions.withLock { $0.append(action) }
    }

    var all: [Action] {
        actions.withLock { $0 }
    }
}
