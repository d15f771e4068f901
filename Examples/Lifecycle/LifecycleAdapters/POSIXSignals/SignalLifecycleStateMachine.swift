import LifecycleClient

/// The pure decision logic of ``POSIXSignalLifecycle``: inputs in, effects out, no side effects.
///
/// `SignalLifecycleSession` owns the stream and the signal session, and feeds every
/// input here on its serial queue; the effects it gets back are executed in order. Keeping the
/// logic in a value makes every coalescing and acknowledgement case testable without signals.
struct SignalLifecycleStateMachine: Sendable {
    /// Something that happened to the session.
    enum Input: Sendable, Equatable {
        /// The signal sources are armed.
        case start
        /// A handled signal arrived (after the coalescing the kernel does).
        case signal(Signal)
        /// The consumer acknowledged an event.
        case acknowledged(LifecycleEvent)
        /// `raise(SIGSTOP)` returned: the process was stopped and has been continued.
        case resumedFromSuspension
        /// A bounded wait for an acknowledgement ran out; `generation` identifies the wait.
        case timeout(generation: UInt64)
        /// The consumer stopped listening.
        case stop
    }

    /// A signal as the lifecycle sees it.
    enum Signal: Sendable, Equatable {
        /// SIGTSTP (Ctrl-Z): go to the background and suspend.
        case terminalStop
        /// SIGCONT: continue.
        case resume
        /// SIGTERM or SIGINT (or SIGHUP configured as termination).
        case terminate
        /// SIGHUP configured to emit events.
        case hangUp([LifecycleEvent])
    }

    /// Something the session must do, in order.
    enum Effect: Sendable, Equatable {
        /// Yield the event to the consumer.
        case emit(LifecycleEvent)
        /// `raise(SIGSTOP)`, then feed ``Input/resumedFromSuspension``.
        case suspendProcess
        /// Feed ``Input/timeout(generation:)`` after the acknowledgement timeout, if any.
        case scheduleTimeout(generation: UInt64)
        /// Finish the stream, disarm, restore dispositions; then exit if `exitProcess`.
        case finish(exitProcess: Bool)
    }

    private enum Phase: Sendable, Equatable {
        case idle, active, suspending, terminating, finished
    }

    private let emitsInitialActivation: Bool
    private var phase = Phase.idle
    /// `didEnterBackground` events emitted and not yet acknowledged; the store processes them in
    /// order, so a suspension waits until all of them are acknowledged.
    private var unacknowledgedBackgrounds = 0
    /// Identifies the current bounded wait; bumping it invalidates a scheduled timeout.
    private var generation: UInt64 = 0

    init(emitsInitialActivation: Bool) {
        self.emitsInitialActivation = emitsInitialActivation
    }

    mutating func receive(_ input: Input) -> [Effect] {
        switch (phase, input) {
        case (.finished, _):
            return []

        case (.idle, .start):
            phase = .active
            return emitsInitialActivation ? [.emit(.didBecomeActive)] : []
        case (.idle, .stop):
            phase = .finished
            return [.finish(exitProcess: false)]
        case (.idle, _):
            return []

        case (_, .stop):
            phase = .finished
            return [.finish(exitProcess: false)]

        case (.active, .signal(.terminalStop)):
            phase = .suspending
            unacknowledgedBackgrounds += 1
            generation += 1
            return [.emit(.willBecomeInactive), .emit(.didEnterBackground), .scheduleTimeout(generation: generation)]

        case (_, .acknowledged(.didEnterBackground)):
            unacknowledgedBackgrounds = max(0, unacknowledgedBackgrounds - 1)
            guard phase == .suspending, unacknowledgedBackgrounds == 0 else { return [] }
            return suspend()

        case (.suspending, .timeout(let expired)) where expired == generation:
            return suspend()

        case (.suspending, .resumedFromSuspension):
            phase = .active
            return [.emit(.willEnterForeground), .emit(.didBecomeActive)]

        case (.suspending, .signal(.resume)):
            // Continued before we stopped (e.g. `kill -CONT` while the store was still busy):
            // do not stop any more, just come back.
            phase = .active
            generation += 1
            return [.emit(.willEnterForeground), .emit(.didBecomeActive)]

        case (.active, .signal(.terminate)), (.suspending, .signal(.terminate)):
            phase = .terminating
            generation += 1
            return [.emit(.willTerminate), .scheduleTimeout(generation: generation)]

        case (.terminating, .signal(.terminate)):
            // A second SIGINT/SIGTERM while waiting: the user insists.
            phase = .finished
            return [.finish(exitProcess: true)]

        case (.terminating, .acknowledged(.willTerminate)):
            phase = .finished
            return [.finish(exitProcess: true)]

        case (.terminating, .timeout(let expired)) where expired == generation:
            phase = .finished
            return [.finish(exitProcess: true)]

        case (.active, .signal(.hangUp(let events))), (.suspending, .signal(.hangUp(let events))):
            return events.map { .emit($0) }

        default:
            // SIGCONT while active (it already resumed us, or a stray `kill -CONT`), SIGTSTP while
            // suspending or terminating, stale timeouts, other acknowledgements: nothing to do.
            return []
        }
    }

    /// The suspension is decided: stop now; ``Input/resumedFromSuspension`` follows.
    private mutating func suspend() -> [Effect] {
        generation += 1
        return [.suspendProcess]
    }
}
