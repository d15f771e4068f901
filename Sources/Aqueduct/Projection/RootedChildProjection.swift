/// A ``ProjectionRoot`` of a child found by id or presence — an element of a collection, an
/// entry of a stack, a presented child — or of a part of one: its path from the root state finds
/// `nil` once the child is gone (removed, popped or dismissed while a view still shows it), and
/// the projection then reads the last value it read.
///
/// The path is `child`, an honest optional path that depends only on the child's id, then
/// `local` inside the child: projections of one child, and of parts of it, observe the same
/// composed paths (`child` then `[_mapped: local + observed]`), so they share their watchers,
/// and re-creating a row's projection on every render does not multiply the watched paths. A
/// watcher of such a path takes `nil` as "unchanged" (see ``ObservationHub``).
@MainActor
@usableFromInline
internal final class RootedChildProjection<RootAction: Sendable, RootState, Child, Action, State>: ProjectionRoot {
    let store: Store<RootAction, RootState>
    /// The path from the root state to the child: `nil` while the child is gone.
    let child: KeyPath<RootState, Child?>
    /// The path from the child to this projection's state.
    let local: KeyPath<Child, State>
    let embed: (Action) -> RootAction
    /// The root store's state; this projection holds the store (see ``RawStateMemory``).
    @usableFromInline let memory: RawStateMemory
    /// The state when this projection last read it, returned while the child is gone.
    private var last: State

    init(
        store: Store<RootAction, RootState>,
        child: KeyPath<RootState, Child?>,
        local: KeyPath<Child, State>,
        last: State,
        embed: @escaping (Action) -> RootAction
    ) {
        self.store = store
        self.child = child
        self.local = local
        self.last = last
        self.embed = embed
        self.memory = store._runtime.memory
    }

    @usableFromInline
    var observationTarget: any ObservationTarget<State> { self }

    /// A path through a subscript: no offset.
    @usableFromInline
    var offset: Int? { nil }

    @usableFromInline
    var state: State {
        if let child = memory.read(child, offset: nil) { last = child[keyPath: local] }
        return last
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
        return RootedChildProjection<RootAction, RootState, Child, LocalAction, LocalState>(
            store: store,
            child: child,
            local: local.appending(path: state),
            last: self.state[keyPath: state],
            embed: { embed(action($0)) }
        )
    }

    @usableFromInline
    func projection<ChildAction, ChildState>(
        action: @escaping (ChildAction) -> Action,
        child path: KeyPath<State, ChildState?>
    ) -> (any ProjectionRoot<ChildAction, ChildState>)? {
        guard let last = state[keyPath: path] else { return nil }
        let embed = self.embed
        return RootedChildProjection<RootAction, RootState, ChildState, ChildAction, ChildState>(
            store: store,
            child: child.appending(path: \Child?.[_flatMapped: local.appending(path: path)]),
            local: \ChildState.self,
            last: last,
            embed: { embed(action($0)) }
        )
    }

    /// The path from the root state to the value at `observed` in this projection's state:
    /// `nil` while the child is gone.
    private func rootPath<Value>(_ observed: KeyPath<State, Value>) -> KeyPath<RootState, Value?> {
        child.appending(path: \Child?.[_mapped: local.appending(path: observed)])
    }

    @usableFromInline
    func trackedRead<Value: Equatable>(_ observed: KeyPath<State, Value>) -> Value {
        store._observationHub.trackedRead(rootPath(observed), whenAbsent: { self.last[keyPath: observed] })
    }

    @usableFromInline
    func subscribe<Value>(
        _ observed: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool,
        _ observer: @escaping @MainActor (Value) -> Void
    ) -> StoreSubscription {
        store._observationHub.subscribe(
            rootPath(observed),
            whenAbsent: { self.last[keyPath: observed] },
            isDuplicate: isDuplicate,
            sharing: sharing,
            observer
        )
    }

    @usableFromInline
    func stream<Value: Sendable>(
        _ observed: KeyPath<State, Value>,
        isDuplicate: @escaping (Value, Value) -> Bool,
        sharing: Bool
    ) -> StateStream<Value> {
        store._observationHub.stream(
            rootPath(observed),
            whenAbsent: { self.last[keyPath: observed] },
            isDuplicate: isDuplicate,
            sharing: sharing
        )
    }
}

extension Array where Element: Identifiable {
    /// The element with `id`, or `nil` if there is none: the path to an element's projection,
    /// which depends only on `id`.
    ///
    /// - Complexity: O(*n*).
    internal subscript(_element id: Element.ID) -> Element? {
        first(where: { $0.id == id })
    }
}

extension Optional {
    /// The value at `path` in the wrapped value, or `nil` if there is none: a path inside a
    /// child appended to the path to a child that may be gone.
    internal subscript<Value>(_mapped path: KeyPath<Wrapped, Value>) -> Value? {
        map { $0[keyPath: path] }
    }

    /// The value at `path`, itself a path that may find nothing, in the wrapped value: the path
    /// to a child of a child that may be gone.
    internal subscript<Value>(_flatMapped path: KeyPath<Wrapped, Value?>) -> Value? {
        flatMap { $0[keyPath: path] }
    }
}
