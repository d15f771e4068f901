import Aqueduct
import CheckInClient

/// The actions of the check-in feature: commands a person (or a bridge) sends, and results that
/// ``CheckInMiddleware`` sends back.
///
/// A `Sendable`, `Equatable` value. Every case has an optional property of the same name — the
/// "case key path" bridges and `TestStore.receive` match on — generated into
/// `CheckInAction+CaseAccessors.swift` by `swift package case-accessors`:
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\.lifecycle.willTerminate --> AppAction.checkIn(.flush))
///
/// await store.receive(\.checkedIn) { $0.isCheckingIn = false }
/// ```
public enum CheckInAction: CaseAccessible, Sendable, Equatable {
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
    /// Change how long a check-in lasts (``CheckInState/interval``): the deadline of the last
    /// check-in follows the new interval.
    case setInterval(Duration)
    /// Change who is to be called when an alert is triggered (``CheckInState/contact``), or
    /// `nil` for nobody.
    case setContact(String?)

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
    case failed(operation: CheckInOperation, error: CheckInError)
    /// The deadline passed without a check-in.
    case deadlinePassed
}
