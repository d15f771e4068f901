/// Waits for conditions that other tasks make true, without hanging.
enum Polling {
    /// Checks `condition` until it holds or `timeout` (wall time) passes, yielding between
    /// checks so that other tasks and main-actor jobs run.
    ///
    /// The first checks only yield, which is enough when the work is already queued; after
    /// that each check sleeps briefly so that a wait does not spin a core.
    ///
    /// - Returns: Whether the condition held.
    static func wait(
        timeout: Duration,
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
                try? await Task.sleep(for: .microseconds(200))
            }
        }
        return true
    }
}
