import Foundation

/// One check-in: the person said "I am fine" at ``date``.
///
/// A check-in is identified by ``id``, which is also its **idempotency key**: the client
/// generates it before the first attempt, and every adapter that sees the same id twice
/// returns the record it already holds instead of creating a duplicate. This is what lets
/// the offline-first composite retry a sync after a crash without double-counting.
///
/// Adapters that persist dates (SQLite, HTTP) keep millisecond precision.
///
/// ```swift
/// let checkIn = try await client.checkIn(at: .now)
/// print(checkIn.id, checkIn.date)
/// ```
///
/// A value type; `Sendable`.
public struct CheckIn: Sendable, Hashable, Identifiable {
    /// The identifier and idempotency key of the check-in.
    public var id: UUID
    /// When the person checked in.
    public var date: Date

    /// Creates a check-in.
    ///
    /// - Parameters:
    ///   - id: The identifier, also used as the idempotency key.
    ///   - date: When the person checked in.
    public init(id: UUID, date: Date) {
        self.id = id
        self.date = date
    }
}
