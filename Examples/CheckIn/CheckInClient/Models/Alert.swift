import Foundation

/// An alert raised on behalf of the person (for example because they missed a check-in).
///
/// At most one alert is active at a time. Cancelling an alert keeps the record, with
/// ``state`` set to ``AlertState/cancelled``.
///
/// ```swift
/// let alert = try await client.triggerAlert()
/// let cancelled = try await client.cancelAlert(id: alert.id)
/// assert(cancelled.state == .cancelled)
/// ```
///
/// A value type; `Sendable`.
public struct Alert: Sendable, Hashable, Identifiable {
    /// The identifier of the alert, chosen by the adapter that created it.
    public var id: UUID
    /// Whether the alert is still active.
    public var state: AlertState
    /// When the alert was triggered.
    public var triggeredAt: Date
    /// When the alert was cancelled, if it was.
    public var cancelledAt: Date?

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - id: The identifier of the alert.
    ///   - state: Whether the alert is active or cancelled.
    ///   - triggeredAt: When the alert was triggered.
    ///   - cancelledAt: When the alert was cancelled, if it was.
    public init(id: UUID, state: AlertState, triggeredAt: Date, cancelledAt: Date? = nil) {
        self.id = id
        self.state = state
        self.triggeredAt = triggeredAt
        self.cancelledAt = cancelledAt
    }
}
