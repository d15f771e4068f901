#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one bounded wait of the example tests, for what happens on its own time — a child
/// process writing its output, a reader thread closing its socket — where there is nothing to
/// await. (Inside a store, tests await `TestStore` and `MiddlewareTester` instead.)
///
/// ```swift
/// try await Wait.until("the child to exit", timeout: .seconds(10)) { ChildExit.hasExited(process) }
/// ```
package enum Wait {
    /// Why a bounded wait gave up: what was waited for.
    package struct Timeout: Error, CustomStringConvertible {
        /// What was waited for.
        package let description: String
    }

    /// Checks `condition` every 10 ms until it holds, or throws ``Timeout`` after `timeout`.
    ///
    /// - Parameters:
    ///   - what: What is waited for, for the error.
    ///   - timeout: The bound, in wall time. It only stops a broken test from hanging: a test
    ///     never asserts how long something took.
    ///   - isolation: Where `condition` runs: the caller's actor.
    ///   - condition: The condition.
    /// - Throws: ``Timeout``, or what `condition` throws.
    package static func until(
        _ what: @autoclosure () -> String,
        timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        _ condition: () throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw Timeout(description: "timed out waiting for \(what())") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// ``until(_:timeout:isolation:_:)`` for a tear-down — a `deinit`, a `defer` — that cannot
    /// await: blocks the calling thread, checking `condition` every 10 ms, and gives up after
    /// `timeout` instead of blocking for ever (a child process whose exit `Process` never
    /// learns of must not hang the whole test run).
    ///
    /// - Returns: Whether `condition` held in time.
    @discardableResult
    package static func blocking(timeout: Duration, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }
}
