/// The main-actor fields of a ``Engine``: the state, the dispatch state machine and who
/// is told after each action — in memory the engine owns, reached only through
/// ``RawEngineMemory``.
@usableFromInline
internal struct MainActorEngineFields<Action: Sendable, State> {
    @usableFromInline
    internal var state: State
    @usableFromInline
    internal var dispatch = DispatchStateMachine<Action>()
    /// Whether the observers are notified after each action: a store sets it while something
    /// observes it, a test driver always.
    @usableFromInline
    internal var hasObservers = false
    /// A store's observation hub (`Observation/`): its path watchers and whole-state observers
    /// are told after each action while ``hasObservers``. Owned by the store, which releases
    /// it in its isolated deinit.
    ///
    /// It lives here rather than in the store: the engine tells it with no reference to the
    /// store to load and retain (a store has weak references, so its retains go through a side
    /// table) and no run-time exclusivity check per action.
    @usableFromInline
    internal var observation: ObservationHub<State>?
    /// Called with each processed action, for a test driver.
    @usableFromInline
    internal var didProcess: ((Action, ActionSource) -> Void)?
    /// The array the inbox is drained into, kept so that its capacity is reused.
    @usableFromInline
    internal var spareBatch = InboxStateMachine<Action>.Batch()

    @usableFromInline
    internal init(state: State) {
        self.state = state
    }
}
