import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a child process has exited, and how: asked of the kernel, not only of `Process`.
///
/// `Process` learns of a child's exit from SIGCHLD, on a thread of its own. Under
/// ThreadSanitizer a signal that reaches a thread blocked outside the sanitizer's interceptors
/// waits until that thread next enters one — possibly never — and `isRunning` stays `true` for
/// a child long gone (seen: a backend's tear-down waiting for ever on a zombie). So every wait
/// for a child's exit in the example tests asks here: `waitid` with `WNOWAIT` reads the status
/// of an exited child without reaping it, and `Process` still reaps it when it hears.
package enum ChildExit {
    /// How the child ended, or `nil` while it runs.
    ///
    /// - Parameter process: A process that was started.
    /// - Returns: Its exit status (or the signal that ended it) and why it ended.
    package static func status(of process: Process) -> (status: Int32, reason: Process.TerminationReason)? {
        if !process.isRunning {
            return (process.terminationStatus, process.terminationReason)
        }
        switch state(ofProcessID: process.processIdentifier) {
        case .running:
            return nil
        case .exited(let status, let reason):
            return (status, reason)
        case .reaped:
            // `Process` reaped it and is about to say so (it sets `isRunning` after `waitpid`).
            guard Wait.blocking(timeout: .seconds(10), { !process.isRunning }) else { return nil }
            return (process.terminationStatus, process.terminationReason)
        }
    }

    /// How the child with this process id ended, or `nil` while it runs (or once it was
    /// reaped): from `waitid(…, WNOWAIT)`, which leaves it to be reaped.
    ///
    /// - Parameter pid: A child of this process.
    package static func status(ofProcessID pid: pid_t) -> (status: Int32, reason: Process.TerminationReason)? {
        guard case .exited(let status, let reason) = state(ofProcessID: pid) else { return nil }
        return (status, reason)
    }

    private enum KernelState {
        case running
        case exited(Int32, Process.TerminationReason)
        /// No child of this process has that id any more: it was reaped.
        case reaped
    }

    private static func state(ofProcessID pid: pid_t) -> KernelState {
        #if os(Linux)
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else {
            return errno == ECHILD ? .reaped : .running
        }
        guard info._sifields._sigchld.si_pid == pid else { return .running }  // no state change yet
        let status = info._sifields._sigchld.si_status
        return .exited(status, info.si_code == Int32(CLD_EXITED) ? .exit : .uncaughtSignal)
        #else
        return .running
        #endif
    }

    /// Whether the child has exited: said by `Process`, or by the kernel (an exited child, or
    /// one `Process` has just reaped). Never blocks, unlike ``status(of:)`` in that last case.
    ///
    /// - Parameter process: A process that was started.
    package static func hasExited(_ process: Process) -> Bool {
        guard process.isRunning else { return true }
        if case .running = state(ofProcessID: process.processIdentifier) { return false }
        return true
    }
}
