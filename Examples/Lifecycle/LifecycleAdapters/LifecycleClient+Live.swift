import LifecycleClient

extension LifecycleClient {
    /// The live set: POSIX signals (``POSIXSignalLifecycle``) with the default configuration —
    /// the lifecycle of a command-line process on Linux or any POSIX system, which exits after
    /// `willTerminate` is acknowledged.
    ///
    /// Each access starts a new signal session: keep the client and call its `events()` once. An
    /// app that needs another configuration, or UIKit/AppKit notifications
    /// (``NotificationLifecycle``), names that adapter in its composition root instead.
    ///
    /// ```swift
    /// let client = LifecycleClient.live
    /// for await event in client.events() { client.acknowledge(event) }
    /// ```
    public static var live: LifecycleClient {
        POSIXSignalLifecycle().client
    }

    /// The preview set: the app becomes active, and stays so; acknowledgements are taken and
    /// ignored. Each access is a new ``ScriptedLifecycle``.
    public static var preview: LifecycleClient {
        ScriptedLifecycle([.didBecomeActive], finishesAfterScript: false).client
    }
}
