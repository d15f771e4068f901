import CheckInClient

/// The optional sync capability of a check-in backend that queues check-ins locally — the
/// offline-first composite. A struct of closures, `Sendable`.
///
/// ``CheckInMiddleware`` works without it (an embedded or remote backend has nothing to sync);
/// the composition root supplies it when it picks the offline-first backend:
///
/// ```swift
/// let store = OfflineFirstCheckInStore(local: local, remote: remote)
/// let sync = CheckInSync(
///     sync: { () throws(CheckInError) in try await store.sync() },
///     pendingCount: { () throws(CheckInError) in try await store.pendingCount() }
/// )
/// let middleware = CheckInMiddleware(client: store.client, sync: sync, clock: ContinuousClock())
/// ```
public struct CheckInSync: Sendable {
    private let syncOperation: @Sendable () async throws(CheckInError) -> Int
    private let pendingCountOperation: @Sendable () async throws(CheckInError) -> Int

    /// Creates the capability from its two operations.
    ///
    /// - Parameters:
    ///   - sync: Pushes the pending check-ins, in order, and returns how many were pushed.
    ///   - pendingCount: Returns how many check-ins wait to be pushed.
    public init(
        sync: @escaping @Sendable () async throws(CheckInError) -> Int,
        pendingCount: @escaping @Sendable () async throws(CheckInError) -> Int
    ) {
        self.syncOperation = sync
        self.pendingCountOperation = pendingCount
    }

    /// Pushes the pending check-ins.
    ///
    /// - Returns: How many check-ins were pushed.
    /// - Throws: A ``CheckInError`` (``CheckInError/offline`` when the remote is unreachable).
    public func sync() async throws(CheckInError) -> Int {
        try await syncOperation()
    }

    /// Counts the check-ins waiting to be pushed.
    ///
    /// - Returns: The count.
    /// - Throws: A ``CheckInError``.
    public func pendingCount() async throws(CheckInError) -> Int {
        try await pendingCountOperation()
    }
}
