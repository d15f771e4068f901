import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SIGINT and SIGTERM, caught so that `serve` stops cleanly: its loop asks ``isRaised`` at
/// least every 100 ms, closes its connections and its file, and exits with status 0.
///
/// The handler only stores to an atomic (async-signal-safe); it is installed without
/// `SA_RESTART`, so the loop's `poll(2)` also returns at once with `EINTR`.
enum StopSignal {
    private static let raised = Atomic<Int32>(0)

    /// The signal that asked to stop, or 0.
    static var signal: Int32 { raised.load(ordering: .relaxed) }
    static var isRaised: Bool { signal != 0 }

    static func install() {
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { StopSignal.raised.store($0, ordering: .relaxed) }
            #else
            action.__sigaction_handler.sa_handler = { StopSignal.raised.store($0, ordering: .relaxed) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
    }
}
