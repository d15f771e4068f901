import Aqueduct
import Observation
import Testing

// The snippets of the README's "Observing state and projecting the store" and of the DocC
// article "Observation and projections", compiled and run here. An app with a nested feature:
// a profile, and a to-do list whose rows have actions of their own.

/// The to-do list feature: its rows, and an action per row.
struct TodoListState: Equatable, Sendable {
    var todos: [Todo] = []
}

enum TodoListAction: CaseAccessible, Sendable, Equatable {
    case todo(id: Todo.ID, action: TodoAction)
    case add(Todo)
}

/// The app around it, in a namespace of its own: `AppState` and `AppAction` are taken by Fixtures.swift.
enum NestedApp {
    struct AppState: Equatable, Sendable {
        var profile = ProfileState()
        var todoList = TodoListState()
    }

    enum AppAction: CaseAccessible, Sendable, Equatable {
        case profile(ProfileAction)
        case todoList(TodoListAction)
    }

    static let todoListReducer: Reducer<TodoListAction, TodoListState> =
        todoReducer.lift(action: \TodoListAction.Cases.todo, elements: \TodoListState.todos)
        <> Reducer.reduce { action, list in
            if case .add(let todo) = action { list.todos.append(todo) }
        }

    static let reducer: Reducer<AppAction, AppState> =
        profileReducer.lift(action: \AppAction.Cases.profile, state: \AppState.profile)
        <> todoListReducer.lift(action: \AppAction.Cases.todoList, state: \AppState.todoList)

    /// What a view would show.
    @MainActor final class Label {
        var text = ""
    }
}

extension NestedApp {
    @MainActor
    @Suite(.timeLimit(.minutes(3)))
    struct ObservationSnippetTests {
        let store = Store(
            initialState: AppState(todoList: TodoListState(todos: [Todo(id: 1, title: "milk")])),
            reducer: NestedApp.reducer
        )

        @Test func trackingFiresForThePathsReadOnly() {
            let rendered = EventLog()
            let render: (ProfileState) -> Void = { rendered.record($0.name) }
            let scheduleRender: @Sendable () -> Void = { rendered.record("render again") }

            withObservationTracking {
                render(store.profile)  // tracks \.profile only
            } onChange: {
                scheduleRender()  // after an action that changed the profile
            }

            store.dispatch(.todoList(.add(Todo(id: 2, title: "eggs"))))
            #expect(rendered.all == ["Ada"])
            store.dispatch(.profile(.rename("Grace")))
            #expect(rendered.all == ["Ada", "render again"])
        }

        @Test func aSubscriberSeesEachChangeOfItsPath() {
            let label = Label()
            let subscription = store.subscribe(\.profile.name, .removingDuplicates) { name in
                label.text = name
            }
            store.dispatch(.profile(.rename("Grace")))
            #expect(label.text == "Grace")
            subscription.cancel()
            store.dispatch(.profile(.rename("Ada")))
            #expect(label.text == "Grace")
        }

        @Test func aStreamStartsWithTheCurrentValue() async {
            var names: [String] = []
            for await name in store.values(of: \.profile.name, .removingDuplicates) {
                names.append(name)  // the current name first, then each change
                if names.count == 1 { store.dispatch(.profile(.rename("Grace"))) }
                if names.count == 2 { break }
            }
            #expect(names == ["Ada", "Grace"])
        }

        @Test func projectionsOfAFeatureAndOfARowInANestedFeature() {
            let todo = store.state.todoList.todos[0]

            let profile = store.projection(action: \.profile, state: \.profile)
            profile.dispatch(.rename("Grace"))  // source: this line
            #expect(profile.name == "Grace")

            // A row of a nested feature: a projection onto the feature, then onto the row.
            let todoList = store.projection(action: \.todoList, state: \.todoList)
            let row = todoList.projection(element: todo.id, in: \.todos, action: \.todo)
            row?.dispatch(.toggle)
            #expect(store.state.todoList.todos[0].isDone)

            // The same row in one step: the case path goes through the feature to the row.
            let sameRow = store.projection(element: todo.id, in: \.todoList.todos, action: \.todoList.todo)
            sameRow?.dispatch(.retitle("oat milk"))
            #expect(row?.state.title == "oat milk")
        }
    }
}
