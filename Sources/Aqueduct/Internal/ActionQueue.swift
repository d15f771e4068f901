/// The FIFO of actions dispatched while another action is being processed.
///
/// An array with a moving head: appending and popping are O(1), and the storage is kept
/// between cascades, so a dispatch that queues nothing allocates nothing.
@usableFromInline
internal struct ActionQueue<Action> {
    @usableFromInline
    internal var items: [(action: Action, source: ActionSource)] = []
    @usableFromInline
    internal var head = 0

    @usableFromInline
    internal init() {}

    @inlinable
    internal var isEmpty: Bool { head == items.count }

    @inlinable
    internal mutating func append(_ action: Action, _ source: ActionSource) {
        items.append((action, source))
    }

    @inlinable
    internal mutating func popFirst() -> (action: Action, source: ActionSource)? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count { removeAll() }
        return item
    }

    @inlinable
    internal mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        head = 0
    }
}
