import CheckIn
import Lifecycle
import Reachability

/// The actions of the LifeSignal app: one case per feature, each with the optional property
/// that bridges, lifts and tests use as its case key path. A `Sendable`, `Equatable` value.
///
/// ```swift
/// store.dispatch(.checkIn(.checkIn))
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.willTerminate --> AppAction.checkIn(.flush))
/// ```
public enum AppAction: Sendable, Equatable {
    /// An app lifecycle event.
    case lifecycle(AppLifecycleAction)
    /// A reachability command or event.
    case reachability(ReachabilityEvent)
    /// A check-in command or result.
    case checkIn(CheckInAction)

    /// The lifecycle event, or `nil`.
    public var lifecycle: AppLifecycleAction? {
        if case .lifecycle(let action) = self { return action }
        return nil
    }

    /// The reachability command or event, or `nil`.
    public var reachability: ReachabilityEvent? {
        if case .reachability(let event) = self { return event }
        return nil
    }

    /// The check-in command or result, or `nil`.
    public var checkIn: CheckInAction? {
        if case .checkIn(let action) = self { return action }
        return nil
    }
}
