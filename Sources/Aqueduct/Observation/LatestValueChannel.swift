/// The buffer between a store and one consumer of a ``StateStream``: it keeps only the newest
/// value the consumer has not taken yet.
///
/// The store sends on the main actor and never waits: a send either hands the value to a
/// waiting consumer or replaces the one pending value. So a slow consumer costs the store one
/// lock per change and at most one buffered value, however far behind it is.
internal final class LatestValueChannel<Value: Sendable>: Sendable {
    private struct Buffer: Sendable {
        var latest: Value?
        var waiter: CheckedContinuation<Value?, Never>?
        var isFinished = false
        var overwrittenCount = 0
    }

    /// A pthread-based lock, which ThreadSanitizer sees (see `LockedValue`).
    private let buffer = LockedValue(Buffer())

    internal init() {}

    /// Hands `value` to the waiting consumer or makes it the pending value.
    ///
    /// - Returns: `false` when the consumer has finished, so the sender can forget it.
    @discardableResult
    internal func send(_ value: Value) -> Bool {
        let (isOpen, waiter) = buffer.withLock { buffer -> (Bool, CheckedContinuation<Value?, Never>?) in
            if buffer.isFinished { return (false, nil) }
            if let waiter = buffer.waiter {
                buffer.waiter = nil
                return (true, waiter)
            }
            if buffer.latest != nil { buffer.overwrittenCount += 1 }
            buffer.latest = value
            return (true, nil)
        }
        waiter?.resume(returning: value)
        return isOpen
    }

    /// Ends the stream: the consumer receives the pending value (unless `discardingPending`),
    /// then `nil`.
    internal func finish(discardingPending: Bool = false) {
        let waiter = buffer.withLock { buffer -> CheckedContinuation<Value?, Never>? in
            buffer.isFinished = true
            if discardingPending { buffer.latest = nil }
            let waiter = buffer.waiter
            buffer.waiter = nil
            return waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The pending value, waiting for one if there is none; `nil` once finished or cancelled.
    internal func next() async -> Value? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                let ready: Value?? = buffer.withLock { buffer in
                    if let latest = buffer.latest {
                        buffer.latest = nil
                        return .some(latest)
                    }
                    if buffer.isFinished { return .some(nil) }
                    precondition(buffer.waiter == nil, "A StateStream is iterated by one task at a time.")
                    buffer.waiter = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish(discardingPending: true)
        }
    }

    /// How many values are buffered: 0 or 1.
    internal var bufferedCount: Int {
        buffer.withLock { $0.latest == nil ? 0 : 1 }
    }

    /// How many values were replaced by a newer one before the consumer took them.
    internal var overwrittenCount: Int {
        buffer.withLock { $0.overwrittenCount }
    }
}
