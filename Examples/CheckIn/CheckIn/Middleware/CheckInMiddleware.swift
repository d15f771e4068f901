import Aqueduct
import CheckInClient
import Foundation

/// The check-in feature's middleware: calls the ``CheckInClient`` for each command, turns its
/// results and domain errors into ``CheckInAction``s, and schedules the overdue deadline.
///
/// It depends on the client interface only, never on a backend: the composition root chooses
/// the adapter (SQLite, HTTP, offline-first, in-memory) and, for a backend with a sync queue,
/// a ``CheckInSync``. Time comes from the injected `now` (wall-clock dates of check-ins) and
/// `clock` (the sleep until the deadline), so tests control both.
///
/// - The deadline is one debounced effect, re-scheduled on every check-in, every loaded
///   history and every change of the interval: it sends ``CheckInAction/deadlinePassed`` once `clock` has reached the last
///   check-in plus ``CheckInState/interval`` without a newer one. A deadline already in the
///   past is sent at once.
/// - A refresh loads the history, then the active alert, then (with a sync queue) the pending
///   count, one after the other, each failure reported on its own.
/// - ``CheckInAction/cancelAlert`` without an active alert fails with
///   ``CheckInError/notActive`` without calling the client.
/// - Syncs are throttled: several bridges ask for one at once (becoming active, the network
///   coming back, a check-in), so the first runs now and those that arrive within
///   `syncInterval` after it make one more at its end.
/// - Without a ``CheckInSync``, ``CheckInAction/sync`` answers ``CheckInAction/synced(_:)``
///   with 0 and ``CheckInAction/flush`` answers ``CheckInAction/flushed`` at once.
///
/// ```swift
/// let middleware = CheckInMiddleware(client: SQLiteCheckInStore(path: path).client, clock: ContinuousClock())
/// let store = Store(initialState: CheckInState(), reducer: CheckInState.reducer, middleware: middleware)
/// store.dispatch(.checkIn)
/// ```
///
/// A `Sendable` value; `handle` runs on the main actor, client calls in effects.
public struct CheckInMiddleware: Middleware {
    /// The id of the deadline effect.
    private struct Deadline: Hashable, Sendable {}
    /// The id the syncs are throttled under.
    private struct SyncThrottle: Hashable, Sendable {}

    private let client: CheckInClient
    private let syncCapability: CheckInSync?
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let historyLimit: Int
    private let syncInterval: Duration

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - client: The check-in client.
    ///   - sync: The sync capability of a backend with a local queue, or `nil`.
    ///   - clock: The clock the deadline sleeps on: `ContinuousClock()` in an app, a test clock in tests.
    ///   - now: The current date, used to date check-ins and to measure the time left.
    ///   - historyLimit: How many check-ins a refresh loads.
    ///   - syncInterval: The shortest time, on `clock`, between two syncs that
    ///     ``CheckInAction/sync`` starts.
    public init(
        client: CheckInClient,
        sync: CheckInSync? = nil,
        clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date = { Date() },
        historyLimit: Int = 50,
        syncInterval: Duration = .seconds(2)
    ) {
        self.client = client
        self.syncCapability = sync
        self.clock = clock
        self.now = now
        self.historyLimit = historyLimit
        self.syncInterval = syncInterval
    }

    /// Returns the work for `action`: a client call for a command, the deadline for a check-in.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: Who sent it.
    ///   - state: The feature state.
    /// - Returns: The effect.
    @MainActor
    public func handle(
        action: CheckInAction,
        from source: ActionSource,
        state: GetState<CheckInState>
    ) -> Effect<CheckInAction> {
        switch action {
        case .checkIn:
            return .run { [client, now, syncCapability] send throws(CheckInError) in
                send(.checkedIn(try await client.checkIn(at: now())))
                if let syncCapability { await Self.loadPendingCount(syncCapability, send) }
            } catch: { error, send in
                send(.failed(operation: .checkIn, error: error))
            }
        case .refresh:
            return .concatenate(
                .run { [client, historyLimit] send throws(CheckInError) in
                    send(.historyLoaded(try await client.history(limit: historyLimit)))
                } catch: { error, send in
                    send(.failed(operation: .refresh, error: error))
                },
                .run { [client] send throws(CheckInError) in
                    send(.activeAlertLoaded(try await client.activeAlert()))
                } catch: { error, send in
                    send(.failed(operation: .refresh, error: error))
                },
                loadPendingCount()
            )
        case .triggerAlert:
            return .run { [client] send throws(CheckInError) in
                send(.alertTriggered(try await client.triggerAlert()))
            } catch: { error, send in
                send(.failed(operation: .triggerAlert, error: error))
            }
        case .cancelAlert:
            // With no alert known here, ask the backend: one may be active that this state
            // has not seen (triggered elsewhere, or a refresh answered late).
            let known = state().activeAlert
            return .run { [client] send throws(CheckInError) in
                var alert = known
                if alert == nil { alert = try await client.activeAlert() }
                guard let alert else { throw .notActive }
                send(.alertCancelled(try await client.cancelAlert(id: alert.id)))
            } catch: { error, send in
                send(.failed(operation: .cancelAlert, error: error))
            }
        case .failed(.triggerAlert, .alreadyActive):
            // The backend has an alert this state does not show: load it.
            return .run { [client] send throws(CheckInError) in
                send(.activeAlertLoaded(try await client.activeAlert()))
            } catch: { error, send in
                send(.failed(operation: .refresh, error: error))
            }
        case .sync:
            guard syncCapability != nil else { return .send(.synced(0)) }
            return syncNow(as: .sync)
                .throttle(id: SyncThrottle(), for: syncInterval, clock: clock, latest: true)
        case .flush:
            guard syncCapability != nil else { return .send(.flushed) }
            return .concatenate(syncNow(as: .flush), .send(.flushed))
        case .setInterval(let interval):
            // `handle` runs before the reducer: the state still holds the old interval.
            let current = state()
            guard let last = current.lastCheckIn else { return .none }
            return scheduleDeadline(after: last, lastCheckIn: nil, interval: interval)
        case .setContact:
            return .none
        case .checkedIn(let checkIn):
            let current = state()
            return scheduleDeadline(after: checkIn, lastCheckIn: current.lastCheckIn, interval: current.interval)
        case .historyLoaded(let history):
            guard let newest = history.max(by: { $0.date < $1.date }) else { return .none }
            let current = state()
            return scheduleDeadline(after: newest, lastCheckIn: current.lastCheckIn, interval: current.interval)
        case .alertTriggered, .alertCancelled, .activeAlertLoaded, .synced, .pendingCountLoaded, .flushed, .failed,
            .deadlinePassed:
            return .none
        }
    }

    /// The deadline effect for the newest of `checkIn` and the state's last check-in, `interval`
    /// after it.
    @MainActor
    private func scheduleDeadline(
        after checkIn: CheckIn,
        lastCheckIn: CheckIn?,
        interval: Duration
    ) -> Effect<CheckInAction> {
        // `handle` runs before the reducer: the state may still hold an older check-in.
        var newest = checkIn
        if let last = lastCheckIn, last.date > checkIn.date { newest = last }
        let deadline = newest.date.addingTimeInterval(interval.timeInterval)
        let remaining = deadline.timeIntervalSince(now())
        guard remaining > 0 else {
            return .merge(.cancel(id: Deadline()), .send(.deadlinePassed))
        }
        // Clamped to ~31,000 years: converting a larger Double to Int64 would trap.
        let milliseconds = Int64(min((remaining * 1000).rounded(.up), 1e15))
        // A newer check-in re-schedules it: the deadline waiting is cancelled in flight.
        return .send(.deadlinePassed)
            .debounce(id: Deadline(), for: .milliseconds(milliseconds), clock: clock)
    }

    /// Syncs, reports the result, then the new pending count (whether or not the sync failed).
    private func syncNow(as operation: CheckInOperation) -> Effect<CheckInAction> {
        guard let syncCapability else { return .none }
        return .concatenate(
            .run { send throws(CheckInError) in
                send(.synced(try await syncCapability.sync()))
            } catch: { error, send in
                send(.failed(operation: operation, error: error))
            },
            loadPendingCount()
        )
    }

    /// Reports the pending count of a backend with a sync queue; nothing without one.
    private func loadPendingCount() -> Effect<CheckInAction> {
        guard let syncCapability else { return .none }
        return .run { send in await Self.loadPendingCount(syncCapability, send) }
    }

    /// Reports the pending count, or the failure to read it.
    private static func loadPendingCount(_ capability: CheckInSync, _ send: Send<CheckInAction>) async {
        do throws(CheckInError) {
            send(.pendingCountLoaded(try await capability.pendingCount()))
        } catch {
            send(.failed(operation: .sync, error: error))
        }
    }
}
