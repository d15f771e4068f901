import Aqueduct
import Lifecycle
import Reachability

/// The actions of the lifecycle and reachability demos: one case per feature, each with the
/// optional property that bridges and lifts use as its case key path (generated into
/// `DemoAction+CaseAccessors.swift` by `swift package case-accessors`).
public enum DemoAction: CaseAccessible, Sendable, Equatable {
    /// An app lifecycle event.
    case lifecycle(AppLifecycleAction)
    /// A reachability command or event.
    case reachability(ReachabilityEvent)
}
