import LifecycleClient

extension POSIXSignalLifecycle {
    /// How a ``POSIXSignalLifecycle`` session behaves. A `Sendable` value.
    ///
    /// ```swift
    /// let configuration = POSIXSignalLifecycle.Configuration(
    ///     emitsInitialActivation: true,
    ///     hangUp: .emit([.willBecomeInactive, .didBecomeActive]),
    ///     acknowledgementTimeout: .seconds(2),
    ///     termination: .exitProcess(status: 0)
    /// )
    /// ```
    public struct Configuration: Sendable {
        /// Whether `events()` starts with ``LifecycleEvent/didBecomeActive``.
        ///
        /// A process is active as soon as it runs, and bridges such as
        /// `didBecomeActive --> startMonitoring` rely on seeing it, so the default is `true`.
        public var emitsInitialActivation: Bool

        /// What SIGHUP (the terminal went away, or "reload") does. Default: ``HangUpBehavior/terminate``.
        public var hangUp: HangUpBehavior

        /// How long the adapter waits for an acknowledgement before it suspends or exits anyway;
        /// `nil` waits forever. Default: 5 seconds.
        public var acknowledgementTimeout: Duration?

        /// What happens once ``LifecycleEvent/willTerminate`` was acknowledged (or timed out).
        /// Default: ``Termination/exitProcess(status:)`` with status 0.
        public var termination: Termination

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - emitsInitialActivation: Emit ``LifecycleEvent/didBecomeActive`` on start.
        ///   - hangUp: What SIGHUP does.
        ///   - acknowledgementTimeout: The bound on waiting for an acknowledgement, or `nil`.
        ///   - termination: What happens after ``LifecycleEvent/willTerminate``.
        public init(
            emitsInitialActivation: Bool = true,
            hangUp: HangUpBehavior = .terminate,
            acknowledgementTimeout: Duration? = .seconds(5),
            termination: Termination = .exitProcess(status: 0)
        ) {
            self.emitsInitialActivation = emitsInitialActivation
            self.hangUp = hangUp
            self.acknowledgementTimeout = acknowledgementTimeout
            self.termination = termination
        }
    }
}
