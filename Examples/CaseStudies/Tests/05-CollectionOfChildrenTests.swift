import Aqueduct
import AqueductTesting
import Testing

@testable import CaseStudies

@MainActor
@Suite(.timeLimit(.minutes(3))) struct CollectionOfChildrenTests {
    typealias Feature = CollectionOfChildren

    let clock = TestClock()
    let list = Feature.State(todos: [Feature.Todo(id: 1, title: "Milk"), Feature.Todo(id: 2, title: "Eggs")])

    /// The reports of actions for rows that are gone.
    @MainActor final class Reports {
        var all: [DroppedElementAction] = []
    }

    func makeStore(reports: Reports = Reports()) -> TestStore<Feature.Action, Feature.State> {
        TestStore(
            initialState: list,
            reducer: Feature.reducer,
            middleware: Feature.middleware(save: { _ in }, clock: clock, onDroppedAction: { reports.all.append($0) })
        )
    }

    @Test func eachRowDebouncesItsOwnSave() async {
        let store = makeStore()
        await store.dispatch(.todo(id: 1, action: .toggle)) {
            $0.todos[0].isDone = true
            $0.todos[0].isSaving = true
        }
        await clock.advance(by: .milliseconds(500))
        await store.dispatch(.todo(id: 2, action: .toggle)) {
            $0.todos[1].isDone = true
            $0.todos[1].isSaving = true
        }
        await clock.advance(by: .milliseconds(100))
        // Row 1 again: its save starts waiting again; row 2's is not touched.
        await store.dispatch(.todo(id: 1, action: .toggle)) { $0.todos[0].isDone = false }
        await clock.advance(by: .milliseconds(900))  // 1 s after row 2's toggle
        await store.receive(.todo(id: 2, action: .saved)) { $0.todos[1].isSaving = false }
        await clock.advance(by: .milliseconds(100))  // 1 s after row 1's second toggle
        await store.receive(.todo(id: 1, action: .saved)) { $0.todos[0].isSaving = false }
        await store.finish()
    }

    @Test func removingARowEndsItsEffects() async {
        let store = makeStore()
        await store.dispatch(.todo(id: 1, action: .toggle)) {
            $0.todos[0].isDone = true
            $0.todos[0].isSaving = true
        }
        await store.dispatch(.remove(id: 1)) { $0.todos.removeFirst() }
        await clock.advance(by: .seconds(2))
        await store.finish()  // nothing received, nothing still running
    }

    @Test func anActionForARowThatIsGoneIsDroppedAndReported() async {
        let reports = Reports()
        let store = makeStore(reports: reports)
        await store.dispatch(.todo(id: 9, action: .toggle))  // no change of the state
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.action.contains("toggle") == true)
        await store.finish()
    }

    /// A row view's store: a production `Store`, whose effects a `TestScheduler` runs.
    @Test func aRowViewGetsAProjectionOfItsRow() async throws {
        let scheduler = TestScheduler()
        let store = Store(
            initialState: list,
            reducer: Feature.reducer,
            middleware: Feature.middleware(save: { _ in }, clock: scheduler.clock),
            scheduler: scheduler
        )
        let eggs = try #require(store.projection(element: 2, in: \.todos, action: \.todo))
        eggs.dispatch(.toggle)
        #expect(eggs.state == Feature.Todo(id: 2, title: "Eggs", isDone: true, isSaving: true))
        #expect(store.state.todos[0].isDone == false)
        await scheduler.clock.advance(by: .seconds(1))
        #expect(eggs.isSaving == false)

        store.dispatch(.add(Feature.Todo(id: 3, title: "Flour")))
        #expect(store.projection(element: 3, in: \.todos, action: \.todo)?.title == "Flour")
        #expect(store.projection(element: 4, in: \.todos, action: \.todo) == nil)
    }
}
