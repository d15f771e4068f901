/// The main-actor fields of a ``StoreRuntime``: the state, the dispatch state machine and who
/// is told after each action — in memory the runtime owns (see ``RuntimeMemory``).
@usableFromInline
package struct RuntimeFields<Action: Sendable, State> {
    @usableFromInline
    package var state: State
    @usableFromInline
    internal var dispatch = DispatchStateMachine<Action>()
    /// Whether the observers are notified after each action: a store sets it while something
    /// observes it, a test driver always.
    @usableFromInline
    package var hasObservers = false
    /// A store's observation hub (`Observation/`): its path watchers and whole-state observers
    /// are told after each action while ``hasObservers``. Owned by the store, which releases
    /// it in its isolated deinit.
    ///
    /// It lives here, behind the pointer, rather than in the store: the runtime tells it with
    /// no reference to the store to load and retain (a store has weak references, so its
    /// retains go through a side table) and no run-time exclusivity check per action — with
    /// either, scenario c's 2× budget failed.
    @usableFromInline
    internal var observation: ObservationHub<State>?
    /// Called with each processed action, for a test driver.
    @usableFromInline
    package var didProcess: ((Action, ActionSource) -> Void)?
    /// The array the inbox is drained into, kept so that its capacity is reused.
    @usableFromInline
    internal var spareBatch = InboxStateMachine<Action>.Batch()

    @usableFromInline
    internal init(state: State) {
        self.state = state
    }
}

/// Owns the memory of a runtime's ``RuntimeFields``.
///
/// Why a pointer: every access to a class's stored `var` is checked for exclusivity at run
/// time (`swift_beginAccess`/`swift_endAccess`), and a release-mode profile of a trivial
/// dispatch showed those checks taking about 40% of it. The runtime's accesses cannot overlap
/// by construction — processing is synchronous, main-actor isolated and never re-entrant, and
/// the reducer never sees the runtime — so the hot fields live behind a pointer, which is not
/// checked. Only the runtime, its store and the state getters it hands out touch it.
///
/// A separate object, so that a ``GetState`` a middleware keeps holds the memory (reading a
/// released store's last state is safe) without holding the runtime, its reducer or its
/// middleware.
@MainActor
@usableFromInline
internal final class RuntimeMemory<Action: Sendable, State> {
    @usableFromInline
    internal let fields: UnsafeMutablePointer<RuntimeFields<Action, State>>

    @usableFromInline
    internal init(state: State) {
        fields = .allocate(capacity: 1)
        fields.initialize(to: RuntimeFields(state: state))
    }

    isolated deinit {
        fields.deinitialize(count: 1)
        fields.deallocate()
    }
}
