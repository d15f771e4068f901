import LifecycleClient

extension POSIXSignalLifecycle {
    /// What a ``POSIXSignalLifecycle`` session does once ``LifecycleEvent/willTerminate``
    /// was acknowledged (or its wait timed out). A `Sendable` value.
    ///
    /// In both cases the signal sources are cancelled and the default dispositions restored first.
    ///
    /// ```swift
    /// // The app returns from `main` itself when the stream ends:
    /// let configuration = POSIXSignalLifecycle.Configuration(termination: .finishStream)
    /// ```
    public enum Termination: Sendable, Hashable {
        /// Flush standard I/O and `exit(status)`: the process ends even if `main` is awaiting
        /// something else (a store, a server). The default, with status 0.
        ///
        /// The event stream is left open, so no code after the consumer's loop races the exit;
        /// code that must run before exit belongs in the handling of
        /// ``LifecycleEvent/willTerminate``, before its acknowledgement.
        case exitProcess(status: Int32)
        /// Only finish the stream; the app decides when to return from `main`.
        case finishStream
    }
}
