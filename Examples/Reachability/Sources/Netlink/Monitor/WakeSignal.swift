#if os(Linux)
import CNetlink
import Foundation
import Glibc

/// An `eventfd` that wakes the reader thread's `poll` when the stream's consumer stops.
///
/// `signal()` may run on any thread (from `onTermination`) while the reader thread closes the descriptor on its way
/// out; the lock makes "write only while open" and "close once" atomic, so a late signal never writes to a closed
/// (or reused) descriptor.
///
/// `NSLock`, not `Synchronization.Mutex`: ThreadSanitizer on Linux cannot see the futex-based `Mutex` and reported
/// a race between `signal()` and `close()`; it understands the pthread mutex behind `NSLock`.
final class WakeSignal: Sendable {
    /// The descriptor to poll; valid until ``close()``.
    let descriptor: Int32
    private let lock = NSLock()
    nonisolated(unsafe) private var isOpen = true

    init() throws(PathMonitorError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC))
        guard descriptor >= 0 else { throw .systemCallFailed(operation: "eventfd", code: errno) }
        self.descriptor = descriptor
    }

    func signal() {
        lock.withLock {
            guard isOpen else { return }
            var one: UInt64 = 1
            _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
        }
    }

    func close() {
        lock.withLock {
            guard isOpen else { return }
            isOpen = false
            _ = Glibc.close(descriptor)
        }
    }
}
#endif
