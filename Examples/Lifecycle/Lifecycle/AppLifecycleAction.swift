import Aqueduct
import LifecycleClient

/// An application lifecycle event as an action a store can reduce and bridges can match: the
/// feature's side of a ``LifecycleEvent``, one case for each.
///
/// ``AppLifecycleMiddleware`` dispatches one for each event its ``LifecycleClient`` emits. The
/// value is `Sendable` and `Hashable` and has no isolation.
///
/// Bridges match a case through its case accessor, an optional property of the same name
/// (`Void?`: `()` for the matching case, `nil` otherwise), generated into
/// `AppLifecycleAction+CaseAccessors.swift` by `swift package case-accessors`:
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\.lifecycle.didBecomeActive --> AppAction.reachability(.startMonitoring))
/// ```
public enum AppLifecycleAction: CaseAccessible, Sendable, Hashable, CaseIterable {
    /// The application became active: it is in the foreground and receives input.
    case didBecomeActive
    /// The application is about to stop being active (first half of going to the background).
    case willBecomeInactive
    /// The application is now in the background (on Linux: it is about to be suspended).
    case didEnterBackground
    /// The application is about to come back to the foreground.
    case willEnterForeground
    /// The application is about to terminate.
    case willTerminate

    /// The action that reports a client's event.
    ///
    /// - Parameter event: The event a ``LifecycleClient`` emitted.
    public init(_ event: LifecycleEvent) {
        switch event {
        case .didBecomeActive: self = .didBecomeActive
        case .willBecomeInactive: self = .willBecomeInactive
        case .didEnterBackground: self = .didEnterBackground
        case .willEnterForeground: self = .willEnterForeground
        case .willTerminate: self = .willTerminate
        }
    }

    /// The client event this action reports, to acknowledge it.
    public var event: LifecycleEvent {
        switch self {
        case .didBecomeActive: .didBecomeActive
        case .willBecomeInactive: .willBecomeInactive
        case .didEnterBackground: .didEnterBackground
        case .willEnterForeground: .willEnterForeground
        case .willTerminate: .willTerminate
        }
    }
}
