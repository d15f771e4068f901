/// What a ``StoreProjection`` holds: its root store, the composed path from the root state to
/// its state and the composed embedding of its action into the root action, with the root's
/// types hidden.
///
/// A projection of a projection is a new ``RootedProjection`` with the paths appended and the
/// embeddings composed — never a chain of projections — so reading at any depth is one key-path
/// read from the root state and dispatching is one call of the composed embedding.
@MainActor
@usableFromInline
internal protocol ProjectionRoot<Action, State>: ObservationTarget {
    associatedtype Action

    var state: State { get }
    /// The root store's state.
    var memory: RawStateMemory { get }
    /// This projection as what observes its paths. (Converting `any ProjectionRoot<A, S>` to
    /// `any ObservationTarget<S>` directly crashes the Swift 6.3 compiler.)
    var observationTarget: any ObservationTarget<State> { get }
    /// The offset of this projection's state in the root state, when it is a chain of stored
    /// properties.
    var offset: Int? { get }
    func dispatch(_ action: Action, from source: ActionSource)
    func projection<LocalAction, LocalState>(
        action: @escaping (LocalAction) -> Action,
        state: KeyPath<State, LocalState>
    ) -> any ProjectionRoot<LocalAction, LocalState>
    /// A projection of the child at `child`, a path that finds `nil` once the child is gone
    /// (see ``RootedChildProjection``); `nil` if the child is not there now.
    func projection<ChildAction, ChildState>(
        action: @escaping (ChildAction) -> Action,
        child: KeyPath<State, ChildState?>
    ) -> (any ProjectionRoot<ChildAction, ChildState>)?
}

extension ProjectionRoot {
    /// A projection of the element with `id` in `elements`, found by id on each read; `nil` if
    /// no element has that id now.
    func projection<Element: Identifiable, ElementAction>(
        element id: Element.ID,
        in elements: KeyPath<State, [Element]>,
        action: @escaping (Element.ID, ElementAction) -> Action
    ) -> (any ProjectionRoot<ElementAction, Element>)? {
        projection(action: { action(id, $0) }, child: elements.appending(path: \[Element].[_element: id]))
    }
}

/// A ``ProjectionRoot`` of a state that is always there: a store, a path from its state and an
/// embedding into its action. A child found by id or presence has a ``RootedChildProjection``.
@MainActor
@usableFromInline
internal final class RootedProjection<RootAction: Sendable, RootState, Action, State>: ProjectionRoot {
    let store: Store<RootAction, RootState>
    let path: KeyPath<RootState, State>
    let embed: (Action) -> RootAction
    /// The composed path's offset in the root state, when it is a chain of stored properties.
    @usableFromInline let offset: Int?
    /// The root store's state; this projection holds the store (see ``RawStateMemory``).
    @usableFromInline let memory: RawStateMemory

    @usableFromInline
    init(
        store: Store<RootAction, RootState>,
        path: KeyPath<RootState, State>,
        embed: @escaping (Action) -> RootAction
    ) {
        self.store = store
        self.path = path
        self.embed = embed
        self.offset = MemoryLayout<RootState>.offset(of: path)
        self.memory = store._runtime.memory
    }

    @usableFromInline
    var observationTarget: any ObservationTarget<State> { self }

    @usableFromInline
    var state: State {
        // One read from the root state in place: a load at a fixed offset for stored
        // properties at any depth, one key-path application otherwise.
        memory.read(path, offset: offset)
    }

    @usableFromInline
    func dispatch(_ action: Action, from source: ActionSource) {
        store.dispatch(embed(action), from: source)
    }

    @usableFromInline
    func projection<LocalAction, LocalState>(
        action: @escaping (LocalAction) -> Action,
        state: KeyPath<State, LocalState>
    ) -> any ProjectionRoot<LocalAction, LocalState> {
        let embed = self.embed
        return RootedProjection<RootAction, RootState, LocalAction, LocalState>(
            store: store,
            path: path.appending(path: state),
            embed: { embed(action($0)) }
        )
    }

    @usableFromInline
    func projection<ChildAction, ChildState>(
        action: @escaping (ChildAction) -> Action,
        child: KeyPath<State, ChildState?>
    ) -> (any ProjectionRoot<ChildAction, ChildState>)? {
        let childPath = path.appending(path: child)
        guard let last = memory.read(childPath, offset: nil) else { return nil }
        let embed = self.embed
        return RootedChildProjection<RootAction, RootState, ChildState, ChildAction, ChildState>(
            store: store,
            child: childPath,
            local: \ChildState.self,
            last: last,
            embed: { embed(action($0)) }
        )
    }

    @usableFromInline
    func trackedRead<Value: Equatable>(_ local: KeyPath<State, Value>) -> Value {
        store._observationHub.trackedRead(path.appending(path: local))
    }

    @usableFromInline
    func subscribe<Value>(
        _ local: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        store._observationHub.subscribe(
            path.appending(path: local),
            isDuplicate: isDuplicate,
            sharing: sharing,
            observer
        )
    }

    @usableFromInline
    func stream<Value: Sendable>(
        _ local: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool
    ) -> StateStream<Value> {
        store._observationHub.stream(path.appending(path: local), isDuplicate: isDuplicate, sharing: sharing)
    }
}
