/// The observers of a store's whole state (`store.subscribe(\.self)`), kept apart from the path
/// watchers of its ``ObservationHub`` so that the engine's `notifyObservers`, specialised for
/// the app's state, calls them directly.
///
/// Must stay specialisable: through the hub's unspecialised watcher loop each call would look up
/// generic metadata, a cost per observer per action that a plain closure call does not have.
///
/// Observers that compare (an `Equatable` state) share one comparison with the state they last
/// heard of; the others hear every action. An observer that subscribes while an action that changed
/// the state is being processed hears that change after it.
///
/// Observers come through the generic `subscribe` methods, whose value type is the state's
/// (checked): they are added through this object seen as `StateObservers<Value>`, so that
/// their closures are never cast — a cast closure is wrapped to convert its calling convention,
/// and every call then goes through the wrapper.
@MainActor
@usableFromInline
internal final class StateObservers<State> {
    /// One observer. A struct, not a tuple: a closure in a tuple that is an array element is
    /// kept in its most general calling convention, and specialised code then calls it through a
    /// converting wrapper; a struct's field keeps the calling convention of its declaration.
    @usableFromInline
    internal struct Observer {
        @usableFromInline let id: Int
        @usableFromInline let observe: @MainActor (State) -> Void

        init(id: Int, observe: @escaping @MainActor (State) -> Void) {
            self.id = id
            self.observe = observe
        }
    }

    /// The observers that hear changes only, with the comparison they share.
    @usableFromInline
    internal struct OnChange {
        /// `==` of the state.
        @usableFromInline let isDuplicate: (State, State) -> Bool
        /// The state they last heard of (or had when the first subscribed).
        @usableFromInline var last: State
        @usableFromInline var observers: [Observer] = []

        init(isDuplicate: @escaping (State, State) -> Bool, last: State) {
            self.isDuplicate = isDuplicate
            self.last = last
        }
    }

    // Unchecked exclusivity: every access to these two is instantaneous (`deliver(_:)` copies
    // before it calls an observer, which may subscribe or cancel), so no two overlap.
    // Kept for the instruction gate's c/aqueduct: checked, it went 1.637× → 1.899× (+16%).

    /// Called after every processed action.
    @usableFromInline
    @exclusivity(unchecked)
    internal var everyAction: [Observer] = []
    /// Called after each processed action that changed the state; `nil` while there are none.
    @usableFromInline
    @exclusivity(unchecked)
    internal var onChange: OnChange?
    private var nextID = 0

    internal init() {}

    internal var isEmpty: Bool { everyAction.isEmpty && onChange == nil }

    /// Tells the observers about the state after a processed action.
    @inlinable
    internal func deliver(_ state: State) {
        let everyAction = self.everyAction
        for observer in everyAction { observer.observe(state) }
        guard let onChange, !onChange.isDuplicate(onChange.last, state) else { return }
        self.onChange?.last = state
        for observer in onChange.observers { observer.observe(state) }
    }

    /// Adds an observer; with `isDuplicate`, it hears changes only.
    ///
    /// - Returns: Its id, for ``remove(_:)``.
    internal func add(
        _ observe: @escaping @MainActor (State) -> Void,
        isDuplicate: ((State, State) -> Bool)?,
        current: State
    ) -> Int {
        defer { nextID += 1 }
        if let isDuplicate {
            if onChange == nil { onChange = OnChange(isDuplicate: isDuplicate, last: current) }
            onChange?.observers.append(Observer(id: nextID, observe: observe))
        } else {
            everyAction.append(Observer(id: nextID, observe: observe))
        }
        return nextID
    }

    internal func remove(_ id: Int) {
        everyAction.removeAll { $0.id == id }
        onChange?.observers.removeAll { $0.id == id }
        if onChange?.observers.isEmpty == true { onChange = nil }
    }
}
