import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One live ``POSIXSignalLifecycle`` session: the signal sources, the event stream and the
/// process calls (`raise(SIGSTOP)`, `exit`).
///
/// Isolation: every input is handled on `queue`, a private serial queue that is also the target
/// of the signal sources, timers and acknowledgements, so inputs are processed one at a time in
/// arrival order and effects run in order. The mutable state sits in a `Mutex` only so the
/// class is `Sendable` without `@unchecked`; the queue already serialises every access (the
/// `DispatchSource` values are not `Sendable` on Linux and never leave this storage).
final class SignalSession: Sendable {
    private struct Storage {
        var machine: SignalLifecycleStateMachine
        var continuation: AsyncStream<AppLifecycleAction>.Continuation?
        var sources: [any DispatchSourceSignal] = []
        var handledSignals: [Int32] = []
        var started = false
    }

    private let configuration: POSIXSignalLifecycle.Configuration
    private let queue = DispatchQueue(label: "Aqueduct.Lifecycle.SignalSession")
    private let storage: Mutex<Storage>

    init(configuration: POSIXSignalLifecycle.Configuration) {
        self.configuration = configuration
        self.storage = Mutex(
            Storage(machine: SignalLifecycleStateMachine(emitsInitialActivation: configuration.emitsInitialActivation))
        )
    }

    /// Arms the signal sources (they are registered when this returns), then emits the initial
    /// activation if configured.
    func events() -> AsyncStream<AppLifecycleAction> {
        let (stream, continuation) = AsyncStream.makeStream(of: AppLifecycleAction.self)
        let registered = DispatchGroup()
        let isFirst = queue.sync { arm(continuation, registered: registered) }
        guard isFirst else {
            continuation.finish()
            return stream
        }
        // Registration handlers run on `queue`, so wait outside it.
        registered.wait()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.queue.async { self.handle(.stop) }
        }
        queue.async { self.handle(.start) }
        return stream
    }

    func acknowledge(_ event: AppLifecycleAction) {
        queue.async { self.handle(.acknowledged(event)) }
    }

    /// On `queue`. Returns `false` if a session already started on this client.
    private func arm(_ continuation: AsyncStream<AppLifecycleAction>.Continuation, registered: DispatchGroup) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        var mapping: [(Int32, SignalLifecycleStateMachine.Signal)] = [
            (SIGTSTP, .terminalStop), (SIGCONT, .resume), (SIGTERM, .terminate), (SIGINT, .terminate),
        ]
        switch configuration.hangUp {
        case .systemDefault: break
        case .ignore: _ = signal(SIGHUP, SIG_IGN)
        case .terminate: mapping.append((SIGHUP, .terminate))
        case .emit(let events): mapping.append((SIGHUP, .hangUp(events)))
        }
        return storage.withLock { storage in
            guard !storage.started else { return false }
            storage.started = true
            storage.continuation = continuation
            for (number, meaning) in mapping {
                // Ignore first: otherwise the default action (stop, terminate) could hit the
                // process before the source is registered.
                _ = signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [weak self] in self?.handle(.signal(meaning)) }
                registered.enter()
                source.setRegistrationHandler { registered.leave() }
                source.resume()
                storage.sources.append(source)
                storage.handledSignals.append(number)
            }
            return true
        }
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
            // SIGSTOP cannot be caught or ignored: this thread (and the process) stops here and
            // `raise` returns once the process has been continued.
            _ = raise(SIGSTOP)
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
                fflush(nil)
                exit(status)
            }
            disarm(finishingStream: true)
        }
    }

    /// On `queue`: cancels the sources, restores default dispositions, and finishes the stream.
    private func disarm(finishingStream: Bool) {
        let (continuation, sources, signals) = storage.withLock { storage in
            defer {
                storage.continuation = nil
                storage.sources = []
                storage.handledSignals = []
            }
            return (storage.continuation, storage.sources, storage.handledSignals)
        }
        for source in sources {
            source.cancel()
        }
        for number in signals {
            _ = signal(number, SIG_DFL)
        }
        if configuration.hangUp == .ignore {
            _ = signal(SIGHUP, SIG_DFL)
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
