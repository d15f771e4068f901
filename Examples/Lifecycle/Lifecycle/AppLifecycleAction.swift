import LifecycleClient

/// An application lifecycle event as an action a store can reduce and bridges can match: the
/// feature's side of a ``LifecycleEvent``, one case for each.
///
/// ``AppLifecycleMiddleware`` dispatches one for each event its ``LifecycleClient`` emits. The
/// value is `Sendable` and `Hashable` and has no isolation.
///
/// Bridges match a case through the hand-written optional properties (`Void?` is `()` for the
/// matching case and `nil` otherwise), because Aqueduct has no macros to derive them:
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
/// ```
public enum AppLifecycleAction: Sendable, Hashable, CaseIterable {
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

    /// `()` when this is ``didBecomeActive``, otherwise `nil`; the key path bridges match on.
    public var didBecomeActive: Void? {
        if case .didBecomeActive = self { return () }
        return nil
    }

    /// `()` when this is ``willBecomeInactive``, otherwise `nil`; the key path bridges match on.
    public var willBecomeInactive: Void? {
        if case .willBecomeInactive = self { return () }
        return nil
    }

    /// `()` when this is ``didEnterBackground``, otherwise `nil`; the key path bridges match on.
    public var didEnterBackground: Void? {
        if case .didEnterBackground = self { return () }
        return nil
    }

    /// `()` when this is ``willEnterForeground``, otherwise `nil`; the key path bridges match on.
    public var willEnterForeground: Void? {
        if case .willEnterForeground = self { return () }
        return nil
    }

    /// `()` when this is ``willTerminate``, otherwise `nil`; the key path bridges match on.
    public var willTerminate: Void? {
        if case .willTerminate = self { return () }
        return nil
    }

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
