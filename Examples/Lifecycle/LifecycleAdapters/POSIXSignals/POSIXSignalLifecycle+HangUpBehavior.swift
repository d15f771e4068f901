import LifecycleClient

extension POSIXSignalLifecycle {
    /// What a ``POSIXSignalLifecycle`` session does with SIGHUP. A `Sendable` value.
    ///
    /// ```swift
    /// let reloadOnHangUp = POSIXSignalLifecycle.HangUpBehavior.emit([.willBecomeInactive, .didBecomeActive])
    /// ```
    public enum HangUpBehavior: Sendable, Hashable {
        /// Leave SIGHUP alone: its disposition is untouched (by default it kills the process).
        case systemDefault
        /// Ignore SIGHUP (`SIG_IGN`), emitting nothing — like `nohup`.
        case ignore
        /// Treat SIGHUP like SIGTERM: ``LifecycleEvent/willTerminate``, then exit after the
        /// acknowledgement.
        case terminate
        /// Emit these events, in order, and nothing else (no suspension, no exit).
        case emit([LifecycleEvent])
    }
}
