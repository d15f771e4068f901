/// The middleware client for application lifecycle events: a stream of events and an
/// acknowledgement handshake, independent of the platform that produces them.
///
/// Adapters build a value of this type (`LifecycleAdapters`): `POSIXSignalLifecycle` (Linux and
/// any POSIX system), `NotificationLifecycle` (UIKit/AppKit, Apple platforms only) and
/// `ScriptedLifecycle` (tests and previews). The lifecycle feature depends on this module only,
/// never on an adapter.
///
/// ## The handshake
///
/// Some events announce something the adapter is about to *do* to the process. The adapter
/// emits the event and then waits until the consumer calls ``acknowledge`` with that same
/// event (``LifecycleEvent/requiresAcknowledgement``):
///
/// - ``LifecycleEvent/didEnterBackground``: the POSIX adapter really suspends the process
///   (`raise(SIGSTOP)`) only after the acknowledgement, so the store has saved its state and
///   stopped its monitors before the process freezes.
/// - ``LifecycleEvent/willTerminate``: the POSIX adapter exits (status 0 by default) only
///   after the acknowledgement, so the store has processed the event first.
///
/// Acknowledgements are matched by event, not by token, because a middleware sees the action
/// going through the store (in `handle(action:from:state:)`), not the element it was produced
/// from. Acknowledging an event that needs no acknowledgement is a no-op, so a
/// middleware may acknowledge every event it sees. Each adapter bounds the wait (see its
/// configuration), so a consumer that never acknowledges delays, but does not block, a
/// suspension or an exit.
///
/// ## Using it from a middleware
///
/// A source-only lifecycle middleware, on a main-actor store that processes actions
/// synchronously and in FIFO order, should:
///
/// 1. in the effect its `start(state:)` returns, iterate ``events`` and send each event as an
///    action;
/// 2. when the event itself comes through `handle(action:...)`, acknowledge it from the work
///    that runs after the reducer, deferred to after the store's current drain (for example
///    `.run { _ in await MainActor.run { client.acknowledge(event) } }`), so that actions bridges derive from
///    it (`didEnterBackground --> stopMonitoring`) are processed before the process stops or
///    exits. Async effects those actions start are not awaited by the handshake; a middleware
///    that must finish one before exit acknowledges when it completes.
///
/// ```swift
/// let client = POSIXSignalLifecycle().client
/// for await event in client.events() {
///     store.dispatch(.lifecycle(AppLifecycleAction(event)))  // on the main actor: processed on return
///     client.acknowledge(event)                               // lets the adapter suspend or exit now
/// }
/// ```
///
/// The value is `Sendable`; its closures may be called from any isolation.
public struct LifecycleClient: Sendable {
    /// Starts delivering lifecycle events and returns them as a stream.
    ///
    /// Call it once per client; whether a second concurrent call is supported is up to the
    /// adapter. Cancelling the iteration (or dropping the stream) stops the adapter.
    public var events: @Sendable () -> AsyncStream<LifecycleEvent>

    /// Tells the adapter the store has processed `event`; see the handshake above.
    public var acknowledge: @Sendable (_ event: LifecycleEvent) -> Void

    /// Creates a client from its two operations; adapters and test doubles use this.
    ///
    /// - Parameters:
    ///   - events: Starts the adapter and returns its stream of events.
    ///   - acknowledge: Receives the consumer's acknowledgement of an event it processed.
    public init(
        events: @escaping @Sendable () -> AsyncStream<LifecycleEvent>,
        acknowledge: @escaping @Sendable (_ event: LifecycleEvent) -> Void
    ) {
        self.events = events
        self.acknowledge = acknowledge
    }
}
