/// An application lifecycle event, as a ``LifecycleClient`` reports it: a domain model, with
/// no idea of a store or an action.
///
/// The five cases follow the Apple application lifecycle; each adapter maps its platform's
/// events onto them (POSIX signals on Linux, UIKit/AppKit notifications on Apple platforms, a
/// script in tests). The lifecycle feature turns each one into an `AppLifecycleAction`. The
/// value is `Sendable` and `Hashable` and has no isolation.
///
/// ```swift
/// for await event in client.events() {
///     if event.requiresAcknowledgement { client.acknowledge(event) }
/// }
/// ```
public enum LifecycleEvent: Sendable, Hashable, CaseIterable {
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

    /// Whether an adapter waits for ``LifecycleClient/acknowledge`` of this event before it acts.
    ///
    /// `true` for ``didEnterBackground`` (the POSIX adapter suspends the process only after it)
    /// and ``willTerminate`` (the POSIX adapter exits only after it). Acknowledging any other
    /// event is allowed and harmless, so a consumer may simply acknowledge every event.
    public var requiresAcknowledgement: Bool {
        switch self {
        case .didEnterBackground, .willTerminate: true
        case .didBecomeActive, .willBecomeInactive, .willEnterForeground: false
        }
    }
}
