import Dispatch

import class Aqueduct.LockedValue

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands chosen POSIX signals to a handler on a serial queue instead of letting them take their
/// default actions, and gives them back when asked: a platform client that knows signals, not
/// what an app makes of them.
///
/// ``arm(_:handler:)`` sets each signal's disposition to `SIG_IGN` first — so none can stop or
/// kill the process before its source is registered — then registers a `DispatchSource` for it
/// and returns once libdispatch reports every source registered. ``disarm()`` cancels the
/// sources and restores the default dispositions. Signals are process-wide: run one armed
/// session at a time.
///
/// ```swift
/// let queue = DispatchQueue(label: "signals")
/// let session = SignalSession(queue: queue)
/// session.arm([SIGTERM, SIGINT]) { number in print("caught \(number)") }
/// // …
/// session.disarm()
/// ```
///
/// Isolation: `Sendable`. The handler runs on the queue given to ``init(queue:)``; the sources
/// (not `Sendable` on Linux) never leave the `LockedValue` that holds them.
package final class SignalSession: Sendable {
    private struct Storage {
        var sources: [any DispatchSourceSignal] = []
        var signals: [Int32] = []
        var isArmed = false
    }

    private let queue: DispatchQueue
    private let storage = LockedValue(Storage())

    /// Creates a session whose handler runs on `queue`.
    ///
    /// - Parameter queue: A serial queue; the handler and the sources' registration run there.
    package init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Takes over `signals`: from now on each delivery calls `handler` on the queue.
    ///
    /// Call it once, and not on the session's queue: it waits for the registrations, which run
    /// there.
    ///
    /// - Parameters:
    ///   - signals: The signal numbers (`SIGTSTP`, `SIGTERM`…). `SIGSTOP` and `SIGKILL` cannot be
    ///     caught.
    ///   - handler: Receives each signal number, on the queue. Repeated signals may coalesce.
    /// - Returns: `false` if the session was armed already (nothing changes then).
    @discardableResult
    package func arm(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) -> Bool {
        let registered = DispatchGroup()
        let isFirst = storage.withLock { storage in
            guard !storage.isArmed else { return false }
            storage.isArmed = true
            for number in signals {
                // Ignore first: otherwise the default action (stop, terminate) could hit the
                // process before the source is registered.
                Self.ignore(number)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { handler(number) }
                registered.enter()
                source.setRegistrationHandler { registered.leave() }
                source.resume()
                storage.sources.append(source)
                storage.signals.append(number)
            }
            return true
        }
        if isFirst { registered.wait() }
        return isFirst
    }

    /// Cancels the sources and restores the default disposition (`SIG_DFL`) of every signal
    /// ``arm(_:handler:)`` took over. Safe to call more than once.
    package func disarm() {
        let (sources, signals) = storage.withLock { storage in
            defer {
                storage.sources = []
                storage.signals = []
            }
            return (storage.sources, storage.signals)
        }
        for source in sources {
            source.cancel()
        }
        for number in signals {
            Self.restoreDefault(number)
        }
    }

    /// Sets the disposition of signal `number` to `SIG_IGN`.
    ///
    /// - Parameter number: The signal number.
    package static func ignore(_ number: Int32) {
        _ = signal(number, SIG_IGN)
    }

    /// Sets the disposition of signal `number` back to `SIG_DFL`.
    ///
    /// - Parameter number: The signal number.
    package static func restoreDefault(_ number: Int32) {
        _ = signal(number, SIG_DFL)
    }

    /// Stops the whole process with `SIGSTOP` (which cannot be caught or ignored); returns once
    /// something — the shell's `fg`, `kill -CONT` — has continued it.
    package static func suspendProcess() {
        _ = raise(SIGSTOP)
    }

    /// Ends the process with `status`, without flushing every C stream under its lock first
    /// (`fflush(nil)`): a thread blocked reading `stdin` through the C library would hold that
    /// stream's lock. (`exit` flushes what it can without waiting.)
    ///
    /// - Parameter status: The exit status.
    package static func exitProcess(status: Int32) -> Never {
        exit(status)
    }
}
