import CheckInClient
import Foundation

/// The state of the check-in feature. An `Equatable`, `Sendable` value.
///
/// A person must check in within ``interval`` of their last check-in; the ``deadline`` follows
/// from it, and ``isOverdue`` becomes `true` when ``CheckInMiddleware`` reports the deadline
/// passed. The settings (``interval``, ``contact``, ``hasSyncQueue``) are injected by the
/// composition root; ``CheckInAction/setInterval(_:)`` and ``CheckInAction/setContact(_:)``
/// change the first two:
///
/// ```swift
/// let state = CheckInState(interval: .seconds(24 * 60 * 60), contact: "Ada", hasSyncQueue: true)
/// ```
public struct CheckInState: Equatable, Sendable {
    /// How long a check-in lasts before the next one is due. A setting.
    public var interval: Duration
    /// Who is to be called when an alert is triggered, or `nil` for nobody. A setting.
    public var contact: String?
    /// Whether the backend queues check-ins locally and syncs them (the offline-first backend). A setting.
    public var hasSyncQueue: Bool

    /// The most recent check-in, or `nil` before the first one.
    public var lastCheckIn: CheckIn?
    /// Whether the deadline passed without a check-in.
    public var isOverdue = false
    /// The known check-ins, newest first.
    public var history: [CheckIn] = []
    /// The active alert, or `nil`.
    public var activeAlert: Alert?
    /// How many check-ins wait to be synced; `nil` when unknown or when there is no sync queue.
    public var pendingSyncCount: Int?

    /// Whether a check-in is being recorded.
    public var isCheckingIn = false
    /// Whether the history is being loaded.
    public var isRefreshing = false
    /// Whether an alert is being triggered or cancelled.
    public var isChangingAlert = false
    /// Whether a sync is running.
    public var isSyncing = false
    /// Whether a flush is running.
    public var isFlushing = false
    /// The error of the last failed operation, cleared by the next command.
    public var lastError: CheckInError?

    /// Creates the initial state.
    ///
    /// - Parameters:
    ///   - interval: How long a check-in lasts. Default: 24 hours.
    ///   - contact: Who is to be called when an alert is triggered. Default: nobody.
    ///   - hasSyncQueue: Whether the backend has a sync queue. Default: `false`.
    public init(interval: Duration = .seconds(24 * 60 * 60), contact: String? = nil, hasSyncQueue: Bool = false) {
        self.interval = interval
        self.contact = contact
        self.hasSyncQueue = hasSyncQueue
    }

    /// When the next check-in is due: the last check-in plus ``interval``; `nil` before the first.
    public var deadline: Date? {
        lastCheckIn.map { $0.date.addingTimeInterval(interval.timeInterval) }
    }

    /// Whether check-ins wait to be synced.
    public var hasPending: Bool {
        (pendingSyncCount ?? 0) > 0
    }
}

extension Duration {
    /// The duration in seconds, as Foundation measures intervals.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
