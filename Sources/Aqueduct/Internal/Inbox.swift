/// The thread-safe inbox behind ``Dispatcher``: any thread appends, the main actor drains.
///
/// The first action into an empty inbox schedules one main-actor job; everything that
/// arrives before that job runs is drained by it. Order is the order of `enqueue` calls, so
/// each sender's actions keep their order.
@usableFromInline
internal final class Inbox<Action: Sendable>: Sendable {
    @usableFromInline
    internal struct Buffer: Sendable {
        @usableFromInline var items: [(action: Action, source: ActionSource)] = []
        @usableFromInline var isScheduled = false
        @usableFromInline var schedule: (@Sendable () -> Void)?

        @usableFromInline
        init() {}
    }

    @usableFromInline
    internal let buffer = LockedValue(Buffer())

    @usableFromInline
    internal init() {}

    /// Sets the function that schedules a drain; called once by the store's initialiser.
    @usableFromInline
    internal func setScheduler(_ schedule: @escaping @Sendable () -> Void) {
        buffer.withLock { $0.schedule = schedule }
    }

    @inlinable
    internal func enqueue(_ action: Action, _ source: ActionSource) {
        let schedule: (@Sendable () -> Void)? = buffer.withLock { buffer in
            buffer.items.append((action, source))
            if buffer.isScheduled { return nil }
            buffer.isScheduled = true
            return buffer.schedule
        }
        schedule?()
    }

    /// Swaps the pending actions into `batch` (which must be empty), so that both arrays keep
    /// their capacity from one batch to the next.
    @inlinable
    internal func takeAll(into batch: inout [(action: Action, source: ActionSource)]) {
        buffer.withLock { buffer in
            swap(&buffer.items, &batch)
            buffer.isScheduled = false
        }
    }

    /// The number of actions waiting, for tests and diagnostics.
    internal var count: Int {
        buffer.withLock { $0.items.count }
    }
}
