/// Waits for a condition that work outside any test runtime makes true, for this package's own
/// tests: a production store's effects on the global executor and its scheduled inbox drain, a
/// task that is not an effect sleeping on a ``TestClock``, an observation stream's consumer.
///
/// The one polling helper of the package, `package` so that every test target shares it.
/// ``TestStore`` and ``MiddlewareTester`` never poll: they await their runtime's events.
///
/// The first checks only yield, which is enough when the work is already queued; after that
/// each check sleeps a millisecond so that a wait does not spin a core.
///
/// - Parameters:
///   - timeout: The failure bound, in wall time.
///   - condition: What to wait for, checked in the caller's isolation.
/// - Returns: Whether the condition held before the timeout.
package func eventually(
    timeout: Duration = .seconds(10),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
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
