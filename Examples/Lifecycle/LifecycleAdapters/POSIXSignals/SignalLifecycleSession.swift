import Dispatch
import LifecycleClient
import POSIXSignals

import class Aqueduct.LockedValue

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One live ``POSIXSignalLifecycle`` session: the state machine, the event stream, and the
/// ``SignalSession`` (the platform client) that delivers the signals and stops or ends the
/// process.
///
/// Isolation: every input is handled on `queue`, a private serial queue that is also where the
/// signal session delivers signals and where timers and acknowledgements land, so inputs are
/// processed one at a time in arrival order and effects run in order. The mutable state sits in
/// a `LockedValue` only so the class is `Sendable`; the queue already serialises
/// every access.
final class SignalLifecycleSession: Sendable {
    private struct Storage {
        var machine: SignalLifecycleStateMachine
        var continuation: AsyncStream<LifecycleEvent>.Continuation?
        var started = false
    }

    private let configuration: POSIXSignalLifecycle.Configuration
    private let queue = DispatchQueue(label: "Aqueduct.Lifecycle.SignalLifecycleSession")
    private let signals: SignalSession
    private let storage: LockedValue<Storage>

    init(configuration: POSIXSignalLifecycle.Configuration) {
        self.configuration = configuration
        self.signals = SignalSession(queue: queue)
        self.storage = LockedValue(
            Storage(machine: SignalLifecycleStateMachine(emitsInitialActivation: configuration.emitsInitialActivation))
        )
    }

    /// Arms the signal sources (they are registered when this returns), then emits the initial
    /// activation if configured.
    func events() -> AsyncStream<LifecycleEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: LifecycleEvent.self)
        let isFirst = storage.withLock { storage in
            guard !storage.started else { return false }
            storage.started = true
            storage.continuation = continuation
            return true
        }
        guard isFirst else {
            continuation.finish()
            return stream
        }
        var meanings: [Int32: SignalLifecycleStateMachine.Signal] = [
            SIGTSTP: .terminalStop, SIGCONT: .resume, SIGTERM: .terminate, SIGINT: .terminate,
        ]
        switch configuration.hangUp {
        case .systemDefault: break
        case .ignore: SignalSession.ignore(SIGHUP)
        case .terminate: meanings[SIGHUP] = .terminate
        case .emit(let events): meanings[SIGHUP] = .hangUp(events)
        }
        let handled = meanings
        signals.arm(Array(handled.keys)) { [weak self] number in
            guard let meaning = handled[number] else { return }
            self?.handle(.signal(meaning))
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.queue.async { self.handle(.stop) }
        }
        queue.async { self.handle(.start) }
        return stream
    }

    func acknowledge(_ event: LifecycleEvent) {
        queue.async { self.handle(.acknowledged(event)) }
    }

    /// On `queue`: feeds the state machine and runs its effects in order.
    private func handle(_ input: SignalLifecycleStateMachine.Input) {
        dispatchPrecondition(condition: .onQueue(queue))
        let effects = storage.withLock { $0.machine.receive(input) }
        for effect in effects {
            perform(effect)
        }
    }

    private func perform(_ effect: SignalLifecycleStateMachine.Effect) {
        switch effect {
        case .emit(let event):
            _ = storage.withLock { $0.continuation }?.yield(event)
        case .suspendProcess:
            // This thread (and the process) stops here; the call returns once the process has
            // been continued.
            SignalSession.suspendProcess()
            handle(.resumedFromSuspension)
        case .scheduleTimeout(let generation):
            guard let timeout = configuration.acknowledgementTimeout else { return }
            queue.asyncAfter(deadline: .now() + timeout.dispatchInterval) { [weak self] in
                self?.handle(.timeout(generation: generation))
            }
        case .finish(let exitProcess):
            if exitProcess, case .exitProcess(let status) = configuration.termination {
                // The stream is deliberately left open: finishing it would let the consumer's
                // loop end and race its own code (after the loop) against `exit`.
                disarm(finishingStream: false)
                SignalSession.exitProcess(status: status)
            }
            disarm(finishingStream: true)
        }
    }

    /// On `queue`: gives the signals back to their default actions, and finishes the stream.
    private func disarm(finishingStream: Bool) {
        let continuation = storage.withLock { storage in
            defer { storage.continuation = nil }
            return storage.continuation
        }
        signals.disarm()
        if configuration.hangUp == .ignore {
            SignalSession.restoreDefault(SIGHUP)
        }
        if finishingStream {
            continuation?.finish()
        }
    }
}

extension Duration {
    /// This duration for `DispatchQueue.asyncAfter`, to the nanosecond (saturating).
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow, nanoseconds < Int64(Int.max) else { return .never }
        return .nanoseconds(Int(nanoseconds + attoseconds / 1_000_000_000))
    }
}
