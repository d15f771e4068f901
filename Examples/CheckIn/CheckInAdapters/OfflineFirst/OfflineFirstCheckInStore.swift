import CheckInClient
import Foundation

/// The offline-first composite: check-ins are written locally first and synced to a remote.
///
/// - **Check-ins** go to the local ``SQLiteCheckInStore`` together with a row in its sync
///   queue, in one transaction, and succeed whether or not the remote is reachable.
/// - ``sync()`` pushes the queued check-ins to the remote **in order**, each with its
///   idempotency key, and removes a check-in from the queue only once the remote's reply
///   acknowledges that very id; any other reply keeps it queued and fails the sync with a
///   ``CheckInError/backendFailure(_:)`` that names both ids. A crash between the local write
///   and the acknowledgement only means the next sync sends the same key again, which the
///   remote deduplicates: exactly once.
/// - **History** is read from the local store (it includes check-ins not yet synced).
/// - **Alerts** go straight to the remote: an alert that only exists on the device warns
///   nobody, so triggering one offline throws ``CheckInError/offline`` for the feature to handle.
///
/// The remote is any ``CheckInClient`` (in the app, the HTTP cloud-functions adapter; in a
/// test, an in-memory one), so this target does not depend on the HTTP layer.
///
/// ```swift
/// let local = try SQLiteCheckInStore(path: path)
/// let offlineFirst = OfflineFirstCheckInStore(local: local, remote: cloudFunctions.client)
/// _ = try await offlineFirst.client.checkIn(at: .now)   // succeeds offline
/// let pushed = try await offlineFirst.sync()             // when the network returns
/// ```
///
/// Isolation: an `actor`. Concurrent ``sync()`` calls run one after another.
public actor OfflineFirstCheckInStore {
    /// The local store that holds the check-ins and the sync queue.
    public nonisolated let local: SQLiteCheckInStore
    private let remote: CheckInClient
    private var runningSync: Task<Result<Int, CheckInError>, Never>?

    /// Creates the composite.
    ///
    /// - Parameters:
    ///   - local: The local store; check-ins already queued in it are synced by the next ``sync()``.
    ///   - remote: The remote backend.
    public init(local: SQLiteCheckInStore, remote: CheckInClient) {
        self.local = local
        self.remote = remote
    }

    /// A ``CheckInClient`` backed by this composite.
    public nonisolated var client: CheckInClient {
        CheckInClient(
            checkIn: { date, key throws(CheckInError) in
                try await self.local.checkInPendingSync(at: date, idempotencyKey: key)
            },
            history: { limit throws(CheckInError) in try await self.local.history(limit: limit) },
            triggerAlert: { () throws(CheckInError) in try await self.remote.triggerAlert() },
            cancelAlert: { id throws(CheckInError) in try await self.remote.cancelAlert(id: id) },
            activeAlert: { () throws(CheckInError) in try await self.remote.activeAlert() }
        )
    }

    /// The number of check-ins waiting to be synced.
    ///
    /// - Returns: The size of the sync queue.
    /// - Throws: ``CheckInError/backendFailure(_:)`` if the local store fails.
    public func pendingCount() async throws(CheckInError) -> Int {
        try await local.pendingCheckIns().count
    }

    /// Pushes the queued check-ins to the remote, oldest first.
    ///
    /// Stops at the first failure to keep the order: the check-ins pushed before it stay
    /// synced, the rest stay queued for the next call. If a sync is already running, this one
    /// starts after it, so everything queued before the call is attempted.
    ///
    /// - Returns: The number of check-ins the remote acknowledged in this call.
    /// - Throws: The first ``CheckInError`` (``CheckInError/offline`` when the remote is
    ///   unreachable, ``CheckInError/backendFailure(_:)`` when it acknowledged another id).
    public func sync() async throws(CheckInError) -> Int {
        while let running = runningSync {
            _ = await running.value
        }
        // The task clears `runningSync` itself, on the actor, before it completes: a waiter that
        // sees it completed also sees it gone. (Clearing it here after `await task.value` would
        // let another waiter spin on the finished task while holding the actor.)
        // Not a store's work: the adapter's one sync in flight, which every caller awaits.
        let task = Task {
            let result = await self.pushPending()
            self.runningSync = nil
            return result
        }
        runningSync = task
        return try await task.value.get()
    }

    private func pushPending() async -> Result<Int, CheckInError> {
        do throws(CheckInError) {
            var pushed = 0
            for checkIn in try await local.pendingCheckIns() {
                let acknowledged = try await remote.checkIn(at: checkIn.date, idempotencyKey: checkIn.id)
                guard acknowledged.id == checkIn.id else {
                    throw .backendFailure(
                        "the backend acknowledged check-in \(acknowledged.id) when \(checkIn.id) was sent; "
                            + "\(checkIn.id) stays queued for the next sync"
                    )
                }
                try await local.markSynced(id: checkIn.id)
                pushed += 1
            }
            return .success(pushed)
        } catch {
            return .failure(error)
        }
    }
}
