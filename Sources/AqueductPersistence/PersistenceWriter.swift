import Aqueduct
import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Saves a persisted part off the main actor, coalescing changes: the value handed over last is
/// the one written, once per burst.
///
/// A change schedules one write after the coalescing delay, on the writer's serial queue;
/// changes handed over before it runs replace the value waiting, and a change handed over
/// while a write is under way waits for the next one. So a burst of changes is one write (two
/// when a write was already under way), and the last value is always written: after the
/// delay, on ``flush()``, or when the store holding the part is released. `Sendable`.
@usableFromInline
internal final class PersistenceWriter<Value: Encodable & Sendable>: Sendable {
    private let key: String
    private let version: Int
    private let storage: any PersistenceStorage
    private let delay: DispatchTimeInterval
    private let onError: @Sendable (PersistenceError) -> Void
    private let queue: DispatchQueue
    private let pending = LockedValue(Pending())

    private struct Pending {
        /// The value to write next, if a change is waiting.
        var value: Value?
        /// Whether a write is scheduled on the queue.
        var isScheduled = false
        /// Nothing is written: data that could not be loaded could not be moved aside either.
        var isBlocked = false
        /// The reason the last write failed, or `nil` after a success: a failure is reported
        /// when it begins or its reason changes, not for every change while it lasts.
        var failure: String?
    }

    init(
        key: String,
        version: Int,
        storage: any PersistenceStorage,
        coalescing delay: Duration,
        onError: @escaping @Sendable (PersistenceError) -> Void
    ) {
        self.key = key
        self.version = version
        self.storage = storage
        let (seconds, attoseconds) = delay.components
        self.delay = .nanoseconds(Int(clamping: seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
        self.onError = onError
        self.queue = DispatchQueue(label: "Aqueduct.PersistedState.\(key)")
    }

    /// Hands over a changed value; written after the coalescing delay.
    @usableFromInline
    func submit(_ value: Value) {
        let schedule = pending.withLock { pending in
            pending.value = value
            if pending.isScheduled || pending.isBlocked { return false }
            pending.isScheduled = true
            return true
        }
        guard schedule else { return }
        if delay == .nanoseconds(0) {
            queue.async { self.drain() }
        } else {
            queue.asyncAfter(deadline: .now() + delay) { self.drain() }
        }
    }

    /// Writes the value waiting now, if any, and returns once it is written (or failed).
    func flush() {
        queue.sync { drain() }
    }

    /// Stops all writes: what could not be loaded is still where a write would go.
    func block() {
        pending.withLock {
            $0.isBlocked = true
            $0.value = nil
        }
    }

    private func drain() {
        let value: Value? = pending.withLock { pending in
            pending.isScheduled = false
            defer { pending.value = nil }
            return pending.isBlocked ? nil : pending.value
        }
        guard let value else { return }
        let failure: String?
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(PersistedEnvelope(version: version, value: value))
            do {
                try storage.write(data, key: key)
                failure = nil
            } catch {
                failure = error.reason
            }
        } catch {
            failure = "the value does not encode: \(error)"
        }
        let report = pending.withLock { pending in
            defer { pending.failure = failure }
            return failure != nil && failure != pending.failure
        }
        if report, let failure { onError(.writeFailed(key: key, reason: failure)) }
    }
}
