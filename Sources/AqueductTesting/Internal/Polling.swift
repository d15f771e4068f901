/// Waits for a condition that work outside any test runtime makes true, for this package's own
/// tests: a production store's effects on the global executor, a task that is not an effect
/// sleeping on a `TestClock`, an observation stream's consumer.
///
/// The one polling helper of the package. `TestStore` and `MiddlewareTester` never poll: they
/// await their runtime's events (see `StoreRuntime.wait(until:noProgressFor:givingUpWhenNoEffectRuns:for:)`).
package enum Polling {
    /// Checks `condition` until it holds or `timeout` (wall time, the failure bound) passes,
    /// yielding between checks so that other tasks and main-actor jobs run.
    ///
    /// The first checks only yield, which is enough when the work is already queued; after
    /// that each check sleeps briefly so that a wait does not spin a core.
    ///
    /// - Parameters:
    ///   - timeout: When to give up.
    ///   - condition: What to wait for.
    /// - Returns: Whether the condition held.
    package static func wait(
        timeout: Duration = .seconds(10),
        isolation: isolated (any Actor)? = #isolation,
        until condition: () -> Bool
    ) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var checks = 0
        while !condition() {
            if clock.now >= deadline || Task.isCancelled { return condition() }
            checks += 1
            if checks <= 50 {
                await Task.yield()
            } else {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        return true
    }
}
