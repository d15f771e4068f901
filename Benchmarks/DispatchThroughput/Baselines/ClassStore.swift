/// The minimal hand-written store scenario a compares with: a stored reducer closure over a
/// stored state, nothing else — what an app's own first store would look like.
///
/// Every `dispatch` passes the class's stored `var` `inout`, so it pays a run-time
/// exclusivity check (`swift_beginAccess`/`swift_endAccess`), as such a store does in an app,
/// where dispatches come from many call sites. `dispatch` is `@inline(never)` to keep it that
/// way: inlined into the benchmark's loop, the optimiser merges the checks of every iteration
/// into one access around the whole loop, which no app gets (scenario a reports that variant
/// too, as `class store, inlined into the loop`).
final class ClassStore<Action, State> {
    /// The current state.
    private(set) var state: State
    private let reducer: (Action, inout State) -> Void

    /// Creates a store with an initial state and a reducer.
    init(initialState: State, reducer: @escaping (Action, inout State) -> Void) {
        self.state = initialState
        self.reducer = reducer
    }

    /// Reduces one action into the state, as a call of its own.
    @inline(never)
    func dispatch(_ action: Action) {
        reducer(action, &state)
    }

    /// Reduces one action into the state, inlined into the caller.
    @inline(__always)
    func dispatchInlined(_ action: Action) {
        reducer(action, &state)
    }
}
