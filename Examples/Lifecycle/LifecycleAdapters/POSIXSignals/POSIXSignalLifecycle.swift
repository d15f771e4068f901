import LifecycleClient

/// A ``LifecycleClient`` adapter driven by POSIX job-control and termination signals, for Linux
/// and any POSIX system: what a terminal user does to a process becomes lifecycle events.
///
/// | Signal | Events | Then |
/// |---|---|---|
/// | (start) | ``LifecycleEvent/didBecomeActive`` if ``Configuration/emitsInitialActivation`` | |
/// | SIGTSTP (Ctrl-Z) | ``LifecycleEvent/willBecomeInactive``, ``LifecycleEvent/didEnterBackground`` | after the acknowledgement of `didEnterBackground`: `raise(SIGSTOP)` |
/// | SIGCONT (`fg`, `kill -CONT`) | ``LifecycleEvent/willEnterForeground``, ``LifecycleEvent/didBecomeActive`` | |
/// | SIGTERM, SIGINT (Ctrl-C) | ``LifecycleEvent/willTerminate`` | after its acknowledgement: ``Configuration/termination`` (exit 0 by default) |
/// | SIGHUP | as ``Configuration/hangUp`` says | |
///
/// SIGSTOP cannot be caught, so the adapter ignores SIGTSTP, tells the store, and stops the
/// process itself once the store acknowledged ``LifecycleEvent/didEnterBackground``. When
/// the shell continues it, the foreground events follow at once (the return from
/// `raise(SIGSTOP)` is the proof of the resumption, which survives the kernel discarding a
/// pending SIGCONT). A SIGCONT that arrives before the stop (the store was still busy) cancels
/// the suspension. A SIGCONT while active (after an external, uncatchable SIGSTOP) emits
/// nothing. A second SIGTERM/SIGINT while waiting for the acknowledgement of
/// ``LifecycleEvent/willTerminate`` exits at once.
///
/// `events()` arms the signal sources before it returns — it blocks its caller briefly, until
/// libdispatch reports them registered; the dispositions are set to `SIG_IGN` first, so no
/// signal takes its default action in between — and then emits the initial activation.
/// When the session ends (termination, or the consumer stops iterating and drops the stream)
/// the sources are cancelled and the default dispositions restored. Signals are process-wide:
/// run one session at a time. A client runs one session: a second `events()` call on the same
/// client returns a finished stream; get a new ``client`` for a new session.
///
/// ```swift
/// let lifecycle = POSIXSignalLifecycle(configuration: .init(hangUp: .terminate))
/// let client = lifecycle.client
/// for await event in client.events() {
///     print(event)
///     client.acknowledge(event)
/// }
/// ```
///
/// The value is `Sendable` configuration; each ``client`` owns one session whose signal sources
/// and state are confined to a private serial queue.
public struct POSIXSignalLifecycle: Sendable {
    /// How the adapter behaves; see ``Configuration``.
    public var configuration: Configuration

    /// Creates the adapter.
    ///
    /// - Parameter configuration: Initial activation, SIGHUP handling, the acknowledgement
    ///   timeout and what termination does. The default suits a command-line app.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// A new client backed by a new signal session.
    ///
    /// Each access creates a session; keep the client you got and call its `events()` once.
    public var client: LifecycleClient {
        let session = SignalLifecycleSession(configuration: configuration)
        return LifecycleClient(
            events: { session.events() },
            acknowledge: { session.acknowledge($0) }
        )
    }
}
