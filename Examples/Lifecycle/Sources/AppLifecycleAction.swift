/// An application lifecycle event, as a plain action a store can reduce and bridges can match.
///
/// The five cases follow the Apple application lifecycle; each ``LifecycleClient`` adapter maps
/// its platform's events onto them (POSIX signals on Linux, UIKit/AppKit notifications on Apple
/// platforms, a script in tests). The value is `Sendable` and `Hashable` and has no isolation.
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

    /// Whether an adapter waits for ``LifecycleClient/acknowledge`` of this event before it acts.
    ///
    /// `true` for ``didEnterBackground`` (the POSIX adapter suspends the process only after it)
    /// and ``willTerminate`` (the POSIX adapter exits only after it). Acknowledging any other
    /// event is allowed and harmless, so a middleware may simply acknowledge every event.
    public var requiresAcknowledgement: Bool {
        switch self {
        case .didEnterBackground, .willTerminate: true
        case .didBecomeActive, .willBecomeInactive, .willEnterForeground: false
        }
    }
}
