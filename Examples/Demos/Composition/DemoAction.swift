import Lifecycle
import Reachability

/// The actions of the lifecycle and reachability demos: one case per feature, each with the
/// optional property that bridges and lifts use as its case key path.
public enum DemoAction: Sendable, Equatable {
    /// An app lifecycle event.
    case lifecycle(AppLifecycleAction)
    /// A reachability command or event.
    case reachability(ReachabilityEvent)

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
}
