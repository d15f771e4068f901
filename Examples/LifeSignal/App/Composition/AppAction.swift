import Aqueduct
import CheckIn
import Lifecycle
import Reachability

/// The actions of the LifeSignal app: one case per feature, each with the optional property
/// that bridges, lifts and tests use as its case key path (generated into
/// `AppAction+CaseAccessors.swift` by `swift package case-accessors`). A `Sendable`,
/// `Equatable` value.
///
/// ```swift
/// store.dispatch(.checkIn(.checkIn))
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\.lifecycle.willTerminate --> AppAction.checkIn(.flush))
/// ```
public enum AppAction: CaseAccessible, Sendable, Equatable {
    /// An app lifecycle event.
    case lifecycle(AppLifecycleAction)
    /// A reachability command or event.
    case reachability(ReachabilityEvent)
    /// A check-in command or result.
    case checkIn(CheckInAction)
    /// The navigation stack: the history screens pushed on it, and their actions.
    case path(StackAction<HistoryScreen, HistoryScreenAction>)
    /// The alert notice: its actions while it is presented, and its dismissal.
    case alertNotice(PresentationAction<AlertNoticeAction>)
}
