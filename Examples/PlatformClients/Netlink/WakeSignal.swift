#if os(Linux)
import CNetlink
import Glibc
import class Aqueduct.LockedValue

/// An `eventfd` that wakes a thread waiting in ``NetlinkSocket/waitForInput(orWake:)``: how a
/// reader thread learns that its consumer stopped.
///
/// `signal()` may run on any thread (from `onTermination`) while the reader thread closes the descriptor on its way
/// out; the mutex makes "write only while open" and "close once" atomic, so a late signal never writes to a closed
/// (or reused) descriptor.
package final class WakeSignal: Sendable {
    /// The descriptor to poll; valid until ``close()``.
    package let descriptor: Int32
    private let isOpen = LockedValue(true)

    /// Creates the `eventfd`.
    ///
    /// - Throws: ``NetlinkSystemCallError`` when `eventfd` fails.
    package init() throws(NetlinkSystemCallError) {
        let descriptor = eventfd(0, Int32(EFD_CLOEXEC))
        guard descriptor >= 0 else { throw NetlinkSystemCallError(operation: "eventfd", code: errno) }
        self.descriptor = descriptor
    }

    /// Wakes the waiting thread; from any thread, any number of times, until ``close()``.
    package func signal() {
        isOpen.withLock { isOpen in
            guard isOpen else { return }
            var one: UInt64 = 1
            _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
        }
    }

    /// Closes the descriptor, once.
    package func close() {
        isOpen.withLock { isOpen in
            guard isOpen else { return }
            isOpen = false
            _ = Glibc.close(descriptor)
        }
    }
}
#endif
