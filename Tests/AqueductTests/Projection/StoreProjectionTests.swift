import Aqueduct
import Observation
import Testing

/// A state that nests itself, for projections many levels deep.
struct Tree: Equatable, Sendable {
    var value = 0
    var children: [Tree] = []

    static func chain(depth: Int) -> Tree {
        depth == 0 ? Tree() : Tree(children: [chain(depth: depth - 1)])
    }
}

indirect enum TreeAction: CaseAccessible, Sendable, Equatable {
    case set(Int)
    case child(TreeAction)
}

let treeReducer = Reducer<TreeAction, Tree>.reduce { action, tree in
    func reduce(_ action: TreeAction, _ tree: inout Tree) {
        switch action {
        case .set(let value): tree.value = value
        case .child(let action): reduce(action, &tree.children[0])
        }
    }
    reduce(action, &tree)
}

@MainActor
@Suite(.timeLimit(.minutes(3))) struct StoreProjectionTests {
    @Test func aProjectionReadsItsStateAndDispatchesIntoTheRoot() {
        let store = makeFeatureStore()
        let profile = store.projection(action: \.profile, state: \.profile)
        profile.dispatch(.rename("Grace"))
        #expect(profile.state.name == "Grace")
        #expect(store.state.profile.name == "Grace")
        store.dispatch(.profile(.birthday))
        #expect(profile.state.age == 37)
    }

    @Test func projectionDispatchKeepsTheSourceOfItsCallSite() {
        let log = EventLog()
        let actions = ActionLog<FeatureAction>()
        let middleware = TestMiddleware<FeatureAction, FeatureState> { action, source, _ in
            log.record("\(source.file):\(source.line) \(source.function) \(source.info ?? "-")")
            actions.record(action)
            return .none
        }
        let store = Store(initialState: FeatureState(), reducer: featureReducer, middleware: middleware)
        let profile = store.projection(action: \.profile, state: \.profile)
        let line = #line + 1
        profile.dispatch(.birthday, info: "tap")
        let given = ActionSource(file: "App/Given.swift", function: "given()", line: 9)
        profile.dispatch(.rename("Grace"), from: given)
        #expect(
            log.all == [
                "AqueductTests/StoreProjectionTests.swift:\(line) projectionDispatchKeepsTheSourceOfItsCallSite() tap",
                "App/Given.swift:9 given() -",
            ]
        )
        #expect(actions.all == [.profile(.birthday), .profile(.rename("Grace"))])
    }

    @Test func aProjectionTenLevelsDeepReadsAndDispatchesThroughTheRoot() {
        let log = EventLog()
        let middleware = TestMiddleware<TreeAction, Tree> { action, source, _ in
            log.record("\(action) line \(source.line)")
            return .none
        }
        let store = Store(initialState: Tree.chain(depth: 10), reducer: treeReducer, middleware: middleware)
        var deep = store.projection(action: \.self, state: \Tree.self)
        for _ in 0..<10 {
            deep = deep.projection(action: \.child, state: \.children[0])
        }
        #expect(deep.state == Tree())
        let line = #line + 1
        deep.dispatch(.set(42))
        let expected = (0..<10).reduce(TreeAction.set(42)) { action, _ in .child(action) }
        #expect(log.all == ["\(expected) line \(line)"])
        #expect(deep.state.value == 42)
        #expect(store.state[keyPath: \.children[0].children[0].children[0].children[0].children[0]].value == 0)
        var node = store.state
        for _ in 0..<10 { node = node.children[0] }
        #expect(node.value == 42)
        // No level registered anything with the store.
        #expect(store.observedPathCount == 0)
    }

    @Test func aDeepProjectionIsTrackedAtItsOwnPathOnly() {
        let store = Store(initialState: Tree.chain(depth: 10), reducer: treeReducer)
        var deep = store.projection(action: \.self, state: \Tree.self)
        for _ in 0..<10 {
            deep = deep.projection(action: \.child, state: \.children[0])
        }
        let log = EventLog()
        withObservationTracking {
            _ = deep.value
        } onChange: {
            log.record("deep")
        }
        store.dispatch((0..<9).reduce(TreeAction.set(1)) { action, _ in .child(action) })
        #expect(log.all.isEmpty)
        deep.dispatch(.set(1))
        #expect(log.all == ["deep"])
    }

    @Test func projectionsHoldNoSubscriptions() {
        let store = makeFeatureStore()
        let projections = (0..<100).map { _ in
            store.projection(action: \.profile, state: \.profile)
                .projection(action: \.self, state: \.tags)
        }
        store.dispatch(.profile(.tag("x")))
        #expect(store.observedPathCount == 0)
        #expect(projections.allSatisfy { $0.state == ["x"] })
    }

    @Test func observingThroughAProjectionUsesTheRootStore() async {
        let store = makeFeatureStore()
        let profile = store.projection(action: \.profile, state: \.profile)
        var ages: [Int] = []
        let subscription = profile.subscribe(\.age, .removingDuplicates) { ages.append($0) }
        var names = profile.values(of: \.name, .removingDuplicates).makeAsyncIterator()
        #expect(await names.next() == "Ada")
        profile.dispatch(.birthday)
        store.dispatch(.profile(.rename("Grace")))
        #expect(ages == [37])
        #expect(await names.next() == "Grace")
        _ = subscription
    }

    @Test func aProjectionsWholeStateIsObservedAsItsPathOnTheRoot() {
        let store = makeFeatureStore()
        let profile = store.projection(action: \.profile, state: \.profile)
        var names: [String] = []
        let subscription = profile.subscribe(\.self, .removingDuplicates) { names.append($0.name) }
        store.dispatch(.counter(.increment))
        profile.dispatch(.rename("Grace"))
        #expect(names == ["Grace"])
        #expect(store.observedPathCount == 1)
        _ = subscription
    }

    @Test func anElementProjectionFollowsItsElementById() {
        let store = makeFeatureStore(
            FeatureState(todos: [Todo(id: 1, title: "milk"), Todo(id: 2, title: "eggs")])
        )
        let eggs = store.projection(element: 2, in: \.todos, action: \.todo)
        #expect(eggs?.state.title == "eggs")
        eggs?.dispatch(.toggle)
        #expect(store.state.todos[1].isDone)
        store.dispatch(.reverseTodos)
        eggs?.dispatch(.retitle("bread"))
        #expect(store.state.todos[0].title == "bread")
        #expect(eggs?.state.title == "bread")
        #expect(store.projection(element: 3, in: \.todos, action: \.todo) == nil)
    }

    @Test func anElementProjectionKeepsTheLastValueAfterTheElementIsRemoved() {
        let store = makeFeatureStore(FeatureState(todos: [Todo(id: 1, title: "milk")]))
        let milk = store.projection(element: 1, in: \.todos, action: \.todo)
        milk?.dispatch(.retitle("oat milk"))
        #expect(milk?.state.title == "oat milk")
        store.dispatch(.removeTodo(id: 1))
        #expect(milk?.state.title == "oat milk")
        milk?.dispatch(.toggle)  // ignored by the lifted reducer: the id is gone
        #expect(store.state.todos.isEmpty)
    }

    @Test func observingARemovedElementsProjectionHearsNothingUntilItsIdIsBack() async throws {
        let store = makeFeatureStore(FeatureState(todos: [Todo(id: 1, title: "milk")]))
        let milk = try #require(store.projection(element: 1, in: \.todos, action: \.todo))
        var titles: [String] = []
        let subscription = milk.subscribe(\.title, .removingDuplicates) { titles.append($0) }
        milk.dispatch(.retitle("oat milk"))
        #expect(titles == ["oat milk"])

        let log = EventLog()
        withObservationTracking {
            _ = milk.title
        } onChange: {
            log.record("title")
        }
        store.dispatch(.removeTodo(id: 1))
        // Gone: no change heard, and every read gives the last value.
        #expect(titles == ["oat milk"])
        #expect(log.all.isEmpty)
        #expect(milk.title == "oat milk")
        var stream = milk.values(of: \.title, .removingDuplicates).makeAsyncIterator()
        #expect(await stream.next() == "oat milk")

        // The same id back, with another title: heard by each.
        store.dispatch(.addTodo(Todo(id: 1, title: "bread")))
        #expect(titles == ["oat milk", "bread"])
        #expect(log.all == ["title"])
        #expect(await stream.next() == "bread")
        #expect(milk.state.title == "bread")
        #expect(store.observedPathCount == 1)
        _ = subscription
    }

    @Test func aProjectionOfAnElementsProjectionSharesItsPaths() {
        let store = makeFeatureStore(FeatureState(todos: [Todo(id: 1, title: "milk")]))
        let all = store.projection(action: \.self, state: \FeatureState.self)
        let milk = all.projection(element: 1, in: \.todos, action: \.todo)
        let same = milk?.projection(action: \.self, state: \Todo.self)
        #expect(milk?.title == "milk")
        #expect(same?.title == "milk")
        #expect(store.projection(element: 1, in: \.todos, action: \.todo)?.title == "milk")
        #expect(store.observedPathCount == 1)
    }

    @Test func elementProjectionsOfOneElementShareTheirTrackingKey() {
        let store = makeFeatureStore(FeatureState(todos: [Todo(id: 1, title: "milk")]))
        for _ in 0..<10 {
            _ = store.projection(element: 1, in: \.todos, action: \.todo)?.title
        }
        #expect(store.observedPathCount == 1)
    }

    @Test func anElementProjectionOfAProjection() {
        let store = makeFeatureStore(FeatureState(todos: [Todo(id: 1, title: "milk")]))
        let all = store.projection(action: \.self, state: \FeatureState.self)
        let milk = all.projection(element: 1, in: \.todos, action: \.todo)
        milk?.dispatch(.toggle)
        #expect(store.state.todos[0].isDone)
        #expect(milk?.state.isDone == true)
    }
}
