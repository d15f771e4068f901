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
    func projection<Element: Identifiable, ElementAction>(
        element id: Element.ID,
        in elements: KeyPath<State, [Element]>,
        action: @escaping (Element.ID, ElementAction) -> Action
    ) -> (any ProjectionRoot<ElementAction, Element>)?
}

/// The one implementation of ``ProjectionRoot``: a store, a path from its state and an
/// embedding into its action.
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
    func projection<Element: Identifiable, ElementAction>(
        element id: Element.ID,
        in elements: KeyPath<State, [Element]>,
        action: @escaping (Element.ID, ElementAction) -> Action
    ) -> (any ProjectionRoot<ElementAction, Element>)? {
        let elementsPath = path.appending(path: elements)
        guard let element = store.state[keyPath: elementsPath].first(where: { $0.id == id }) else {
            return nil
        }
        let embed = self.embed
        let elementPath = \[Element].[_element: id, lastKnown: LastKnownElement(element)]
        return RootedProjection<RootAction, RootState, ElementAction, Element>(
            store: store,
            path: elementsPath.appending(path: elementPath),
            embed: { embed(action(id, $0)) }
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
