/// The state and the processing bookkeeping of a ``Store``, in memory the store owns.
///
/// Why a pointer: every access to a class's stored `var` is checked for exclusivity at run
/// time (`swift_beginAccess`/`swift_endAccess`), and a release-mode profile of a trivial
/// dispatch showed those checks taking about 40% of it. The store's accesses cannot overlap by
/// construction — processing is synchronous, main-actor isolated and never re-entrant, and
/// the reducer never sees the store — so the hot fields live behind a pointer, which is not
/// checked. Only the store and the getters it hands out touch it.
@MainActor
@usableFromInline
internal final class StoreCore<Action, State> {
    @usableFromInline
    internal struct Fields {
        @usableFromInline var state: State
        @usableFromInline var isProcessing = false
        @usableFromInline var hasObservers = false
        @usableFromInline var queue = ActionQueue<Action>()

        @usableFromInline
        init(state: State) {
            self.state = state
        }
    }

    @usableFromInline
    internal let fields: UnsafeMutablePointer<Fields>

    @usableFromInline
    internal init(state: State) {
        fields = .allocate(capacity: 1)
        fields.initialize(to: Fields(state: state))
    }

    isolated deinit {
        fields.deinitialize(count: 1)
        fields.deallocate()
    }
}
