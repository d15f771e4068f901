#if canImport(UIKit) && !os(watchOS)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

#if (canImport(UIKit) && !os(watchOS)) || canImport(AppKit)
import Foundation
import LifecycleClient
import class Aqueduct.LockedValue

/// A ``LifecycleClient`` adapter for Apple platforms, from the application notifications
/// `NotificationCenter` posts: UIKit's `UIApplication` notifications on iOS, iPadOS, tvOS and
/// visionOS, AppKit's `NSApplication` notifications on macOS.
///
/// | UIKit | AppKit | Event |
/// |---|---|---|
/// | `didBecomeActiveNotification` | `didBecomeActiveNotification` | ``LifecycleEvent/didBecomeActive`` |
/// | `willResignActiveNotification` | `willResignActiveNotification` | ``LifecycleEvent/willBecomeInactive`` |
/// | `didEnterBackgroundNotification` | `didHideNotification` | ``LifecycleEvent/didEnterBackground`` |
/// | `willEnterForegroundNotification` | `willUnhideNotification` | ``LifecycleEvent/willEnterForeground`` |
/// | `willTerminateNotification` | `willTerminateNotification` | ``LifecycleEvent/willTerminate`` |
///
/// The system, not the adapter, suspends and terminates an Apple app, so the acknowledgement is
/// accepted and ignored. The observers are registered with no queue, so events arrive in the
/// order they are posted (on the main thread), and are removed when the stream ends.
///
/// ```swift
/// let client = NotificationLifecycle().client
/// ```
///
/// A `Sendable` value; each ``client`` starts its own observers when `events()` is called.
public struct NotificationLifecycle: Sendable {
    /// Creates the adapter for the default notification center.
    public init() {}

    /// A client whose `events()` observes the application notifications.
    public var client: LifecycleClient {
        LifecycleClient(
            events: { Self.events() },
            acknowledge: { _ in }
        )
    }

    private static var mapping: [(Notification.Name, LifecycleEvent)] {
        #if canImport(UIKit) && !os(watchOS)
        [
            (UIApplication.didBecomeActiveNotification, .didBecomeActive),
            (UIApplication.willResignActiveNotification, .willBecomeInactive),
            (UIApplication.didEnterBackgroundNotification, .didEnterBackground),
            (UIApplication.willEnterForegroundNotification, .willEnterForeground),
            (UIApplication.willTerminateNotification, .willTerminate),
        ]
        #else
        [
            (NSApplication.didBecomeActiveNotification, .didBecomeActive),
            (NSApplication.willResignActiveNotification, .willBecomeInactive),
            (NSApplication.didHideNotification, .didEnterBackground),
            (NSApplication.willUnhideNotification, .willEnterForeground),
            (NSApplication.willTerminateNotification, .willTerminate),
        ]
        #endif
    }

    private static func events() -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self)
        let observers = Observers()
        for (name, event) in mapping {
            let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in
                continuation.yield(event)
            }
            observers.add(token)
        }
        continuation.onTermination = { _ in observers.removeAll() }
        return stream
    }

    /// The observer tokens, removed when the stream ends; a `LockedValue` makes the box `Sendable`.
    private final class Observers: Sendable {
        private let tokens = LockedValue<[any NSObjectProtocol]>([])

        func add(_ token: sending any NSObjectProtocol) {
            tokens.withLock { $0.append(token) }
        }

        func removeAll() {
            tokens.withLock { tokens in
                for token in tokens {
                    NotificationCenter.default.removeObserver(token)
                }
                tokens.removeAll()
            }
        }
    }
}
#endif
