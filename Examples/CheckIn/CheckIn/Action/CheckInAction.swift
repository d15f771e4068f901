import CheckInClient

/// The actions of the check-in feature: commands a person (or a bridge) sends, and results that
/// ``CheckInMiddleware`` sends back.
///
/// A `Sendable`, `Equatable` value. Every case has a hand-written optional property of the same
/// name — the "case key path" bridges and `TestStore.receive` match on:
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.willTerminate --> AppAction.checkIn(.flush))
///
/// await store.receive(\.checkedIn) { $0.isCheckingIn = false }
/// ```
public enum CheckInAction: Sendable, Equatable {
    // Commands.

    /// Record a check-in now.
    case checkIn
    /// Load the history, the active alert and (with a sync queue) the pending count.
    case refresh
    /// Trigger an alert.
    case triggerAlert
    /// Cancel the active alert.
    case cancelAlert
    /// Push pending check-ins to the remote backend.
    case sync
    /// Sync one last time before the app ends; answered by ``flushed``.
    case flush

    // Results.

    /// A check-in was stored.
    case checkedIn(CheckIn)
    /// The history was loaded, newest first.
    case historyLoaded([CheckIn])
    /// An alert was triggered.
    case alertTriggered(Alert)
    /// The active alert was cancelled.
    case alertCancelled(Alert)
    /// The active alert was loaded; `nil` when there is none.
    case activeAlertLoaded(Alert?)
    /// A sync pushed this many check-ins.
    case synced(Int)
    /// The number of check-ins waiting to be synced.
    case pendingCountLoaded(Int)
    /// The flush is over (whether or not its sync succeeded).
    case flushed
    /// An operation failed with a domain error.
    case failed(CheckInOperation, CheckInError)
    /// The deadline passed without a check-in.
    case deadlinePassed

    /// `()` when this is ``checkIn``, otherwise `nil`.
    public var checkIn: Void? {
        if case .checkIn = self { return () }
        return nil
    }

    /// `()` when this is ``refresh``, otherwise `nil`.
    public var refresh: Void? {
        if case .refresh = self { return () }
        return nil
    }

    /// `()` when this is ``triggerAlert``, otherwise `nil`.
    public var triggerAlert: Void? {
        if case .triggerAlert = self { return () }
        return nil
    }

    /// `()` when this is ``cancelAlert``, otherwise `nil`.
    public var cancelAlert: Void? {
        if case .cancelAlert = self { return () }
        return nil
    }

    /// `()` when this is ``sync``, otherwise `nil`.
    public var sync: Void? {
        if case .sync = self { return () }
        return nil
    }

    /// `()` when this is ``flush``, otherwise `nil`.
    public var flush: Void? {
        if case .flush = self { return () }
        return nil
    }

    /// The stored check-in when this is ``checkedIn(_:)``, otherwise `nil`.
    public var checkedIn: CheckIn? {
        if case .checkedIn(let checkIn) = self { return checkIn }
        return nil
    }

    /// The history when this is ``historyLoaded(_:)``, otherwise `nil`.
    public var historyLoaded: [CheckIn]? {
        if case .historyLoaded(let history) = self { return history }
        return nil
    }

    /// The alert when this is ``alertTriggered(_:)``, otherwise `nil`.
    public var alertTriggered: Alert? {
        if case .alertTriggered(let alert) = self { return alert }
        return nil
    }

    /// The alert when this is ``alertCancelled(_:)``, otherwise `nil`.
    public var alertCancelled: Alert? {
        if case .alertCancelled(let alert) = self { return alert }
        return nil
    }

    /// The loaded alert (itself optional) when this is ``activeAlertLoaded(_:)``, otherwise `nil`.
    public var activeAlertLoaded: Alert?? {
        if case .activeAlertLoaded(let alert) = self { return .some(alert) }
        return nil
    }

    /// The number of check-ins pushed when this is ``synced(_:)``, otherwise `nil`.
    public var synced: Int? {
        if case .synced(let count) = self { return count }
        return nil
    }

    /// The pending count when this is ``pendingCountLoaded(_:)``, otherwise `nil`.
    public var pendingCountLoaded: Int? {
        if case .pendingCountLoaded(let count) = self { return count }
        return nil
    }

    /// `()` when this is ``flushed``, otherwise `nil`.
    public var flushed: Void? {
        if case .flushed = self { return () }
        return nil
    }

    /// The error when this is ``failed(_:_:)``, otherwise `nil`.
    public var failed: CheckInError? {
        if case .failed(_, let error) = self { return error }
        return nil
    }

    /// The failed operation when this is ``failed(_:_:)``, otherwise `nil`.
    public var failedOperation: CheckInOperation? {
        if case .failed(let operation, _) = self { return operation }
        return nil
    }

    /// `()` when this is ``deadlinePassed``, otherwise `nil`.
    public var deadlinePassed: Void? {
        if case .deadlinePassed = self { return () }
        return nil
    }
}
