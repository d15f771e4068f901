import CheckInClient
import Foundation

/// An in-memory check-in backend for previews and tests.
///
/// Follows the same contract as the persistent adapters (idempotent check-ins, newest-first
/// history, one active alert at a time) without touching the disk or the network. Use
/// ``client`` to hand it to a feature, and the actor's own methods to inspect it in a test.
///
/// ```swift
/// let store = InMemoryCheckInStore(checkIns: [CheckIn(id: UUID(), date: .now)])
/// let client = store.client
/// ```
///
/// Isolation: an `actor`; all state is confined to it.
public actor InMemoryCheckInStore {
    private var checkIns: [CheckIn]
    private var alerts: [Alert] = []
    private let now: @Sendable () -> Date

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - checkIns: Check-ins the store starts with, in insertion order.
    ///   - now: The clock used to stamp alerts.
    public init(checkIns: [CheckIn] = [], now: @escaping @Sendable () -> Date = { Date() }) {
        self.checkIns = checkIns
        self.now = now
    }

    /// A ``CheckInClient`` backed by this store.
    public nonisolated var client: CheckInClient {
        CheckInClient(
            checkIn: { date, key throws(CheckInError) in await self.checkIn(at: date, idempotencyKey: key) },
            history: { limit throws(CheckInError) in try await self.history(limit: limit) },
            triggerAlert: { () throws(CheckInError) in try await self.triggerAlert() },
            cancelAlert: { id throws(CheckInError) in try await self.cancelAlert(id: id) },
            activeAlert: { () throws(CheckInError) in await self.activeAlert() }
        )
    }

    /// Records a check-in, or returns the existing one with the same idempotency key.
    ///
    /// - Parameters:
    ///   - date: When the person checked in.
    ///   - idempotencyKey: The id of the check-in.
    /// - Returns: The stored check-in.
    public func checkIn(at date: Date, idempotencyKey: UUID) -> CheckIn {
        if let existing = checkIns.first(where: { $0.id == idempotencyKey }) {
            return existing
        }
        let checkIn = CheckIn(id: idempotencyKey, date: date)
        checkIns.append(checkIn)
        return checkIn
    }

    /// Returns up to `limit` check-ins, newest first (ties: last inserted first).
    ///
    /// - Parameter limit: The maximum count, in ``CheckInClient/historyLimitRange``.
    /// - Returns: The check-ins.
    /// - Throws: ``CheckInError/invalidInput(_:)`` for a limit out of range.
    public func history(limit: Int) throws(CheckInError) -> [CheckIn] {
        guard CheckInClient.historyLimitRange.contains(limit) else {
            throw .invalidInput("history limit \(limit) is outside \(CheckInClient.historyLimitRange)")
        }
        let ordered = checkIns.enumerated().sorted { lhs, rhs in
            lhs.element.date != rhs.element.date ? lhs.element.date > rhs.element.date : lhs.offset > rhs.offset
        }
        return ordered.prefix(limit).map(\.element)
    }

    /// Triggers an alert.
    ///
    /// - Returns: The new active alert.
    /// - Throws: ``CheckInError/alreadyActive`` if one is active.
    public func triggerAlert() throws(CheckInError) -> Alert {
        guard !alerts.contains(where: { $0.state == .active }) else { throw .alreadyActive }
        let alert = Alert(id: UUID(), state: .active, triggeredAt: now())
        alerts.append(alert)
        return alert
    }

    /// Cancels an alert.
    ///
    /// - Parameter id: The alert's id.
    /// - Returns: The cancelled alert.
    /// - Throws: ``CheckInError/notFound`` or ``CheckInError/notActive``.
    public func cancelAlert(id: UUID) throws(CheckInError) -> Alert {
        guard let index = alerts.firstIndex(where: { $0.id == id }) else { throw .notFound }
        guard alerts[index].state == .active else { throw .notActive }
        alerts[index].state = .cancelled
        alerts[index].cancelledAt = now()
        return alerts[index]
    }

    /// Returns the active alert, if any.
    ///
    /// - Returns: The active alert, or `nil`.
    public func activeAlert() -> Alert? {
        alerts.first { $0.state == .active }
    }
}
