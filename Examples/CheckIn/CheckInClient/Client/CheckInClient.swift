import Foundation

/// The check-in middleware client: a backend-agnostic, domain-typed interface.
///
/// A feature talks to this value only. It is a struct of `@Sendable` closures, so an adapter
/// is just a way to fill them in (``inMemory(now:)``, the SQLite store, the HTTP
/// cloud-functions adapter, the offline-first composite) and a test can build one inline.
/// Every operation throws a ``CheckInError`` and nothing else.
///
/// Behaviour every adapter follows (the contract test suite checks it):
/// - ``checkIn(at:idempotencyKey:)`` with a key already seen returns the stored record and
///   creates nothing.
/// - ``history(limit:)`` returns the newest check-ins first; `limit` must be in
///   ``historyLimitRange`` or the call throws ``CheckInError/invalidInput(_:)``.
/// - ``triggerAlert()`` throws ``CheckInError/alreadyActive`` while an alert is active.
/// - ``cancelAlert(id:)`` throws ``CheckInError/notFound`` for an unknown id and
///   ``CheckInError/notActive`` for an alert that is already cancelled.
///
/// ```swift
/// let client = CheckInClient.inMemory()
/// let checkIn = try await client.checkIn(at: .now)
/// let recent = try await client.history(limit: 10)
/// ```
///
/// A value type; `Sendable`. The closures may be called from any isolation.
public struct CheckInClient: Sendable {
    /// The valid values of the `limit` argument of ``history(limit:)``.
    public static let historyLimitRange: ClosedRange<Int> = 1...1000

    private let checkInOperation: @Sendable (Date, UUID) async throws(CheckInError) -> CheckIn
    private let historyOperation: @Sendable (Int) async throws(CheckInError) -> [CheckIn]
    private let triggerAlertOperation: @Sendable () async throws(CheckInError) -> Alert
    private let cancelAlertOperation: @Sendable (UUID) async throws(CheckInError) -> Alert
    private let activeAlertOperation: @Sendable () async throws(CheckInError) -> Alert?

    /// Creates a client from one closure per operation.
    ///
    /// Adapters call this; so can tests that need a double.
    ///
    /// ```swift
    /// let failing = CheckInClient(
    ///     checkIn: { _, _ throws(CheckInError) in throw .offline },
    ///     history: { _ throws(CheckInError) in [] },
    ///     triggerAlert: { () throws(CheckInError) in throw .offline },
    ///     cancelAlert: { _ throws(CheckInError) in throw .notFound },
    ///     activeAlert: { () throws(CheckInError) in nil }
    /// )
    /// ```
    ///
    /// - Parameters:
    ///   - checkIn: Records a check-in at a date with an idempotency key.
    ///   - history: Returns up to `limit` check-ins, newest first.
    ///   - triggerAlert: Triggers an alert.
    ///   - cancelAlert: Cancels the alert with the given id.
    ///   - activeAlert: Returns the active alert, if any.
    public init(
        checkIn: @escaping @Sendable (_ date: Date, _ idempotencyKey: UUID) async throws(CheckInError) -> CheckIn,
        history: @escaping @Sendable (_ limit: Int) async throws(CheckInError) -> [CheckIn],
        triggerAlert: @escaping @Sendable () async throws(CheckInError) -> Alert,
        cancelAlert: @escaping @Sendable (_ id: UUID) async throws(CheckInError) -> Alert,
        activeAlert: @escaping @Sendable () async throws(CheckInError) -> Alert?
    ) {
        self.checkInOperation = checkIn
        self.historyOperation = history
        self.triggerAlertOperation = triggerAlert
        self.cancelAlertOperation = cancelAlert
        self.activeAlertOperation = activeAlert
    }

    /// Records a check-in.
    ///
    /// - Parameters:
    ///   - date: When the person checked in.
    ///   - idempotencyKey: The id of the check-in. Pass the same key to retry safely; the
    ///     default generates a fresh one.
    /// - Returns: The stored check-in (the earlier one if the key was already used).
    /// - Throws: A ``CheckInError``.
    public func checkIn(at date: Date, idempotencyKey: UUID = UUID()) async throws(CheckInError) -> CheckIn {
        try await checkInOperation(date, idempotencyKey)
    }

    /// Returns the most recent check-ins, newest first.
    ///
    /// - Parameter limit: The maximum number of check-ins, in ``historyLimitRange``.
    /// - Returns: Up to `limit` check-ins ordered by date, newest first.
    /// - Throws: ``CheckInError/invalidInput(_:)`` for a limit out of range, or another
    ///   ``CheckInError``.
    public func history(limit: Int) async throws(CheckInError) -> [CheckIn] {
        try await historyOperation(limit)
    }

    /// Triggers an alert.
    ///
    /// - Returns: The new, active alert.
    /// - Throws: ``CheckInError/alreadyActive`` if an alert is active, or another ``CheckInError``.
    public func triggerAlert() async throws(CheckInError) -> Alert {
        try await triggerAlertOperation()
    }

    /// Cancels an alert.
    ///
    /// - Parameter id: The id of the alert to cancel.
    /// - Returns: The cancelled alert.
    /// - Throws: ``CheckInError/notFound`` for an unknown id, ``CheckInError/notActive`` if
    ///   the alert is already cancelled, or another ``CheckInError``.
    public func cancelAlert(id: UUID) async throws(CheckInError) -> Alert {
        try await cancelAlertOperation(id)
    }

    /// Returns the active alert, if there is one.
    ///
    /// - Returns: The active alert, or `nil`.
    /// - Throws: A ``CheckInError``.
    public func activeAlert() async throws(CheckInError) -> Alert? {
        try await activeAlertOperation()
    }
}
