/// What the test drivers (`TestStore`, `MiddlewareTester`) need from the engine: a hook on each
/// processed action, and waiting that is an `await` on the runtime's own events — never a
/// poll, never a wall-clock condition. Not on the dispatch path.
extension StoreRuntime {
    /// Calls `hook` after every processed action (its effect interpreted), from now on.
    ///
    /// - Parameter hook: Receives the action and its source; reads the new state through the
    ///   runtime.
    package func observeProcessing(_ hook: @escaping (Action, ActionSource) -> Void) {
        fields.pointee.didProcess = hook
        fields.pointee.hasObservers = true
    }

    /// How a wait ended.
    package enum WaitOutcome: Sendable, Equatable {
        /// The condition holds.
        case satisfied
        /// The condition does not hold and no effect is running that could make it: nothing
        /// can arrive (a store's inbox still takes actions from threads the runtime does not
        /// know, so this is only returned when asked for).
        case nothingRunning
        /// The deadline passed with effects still running, none of them runnable: suspended
        /// on a `TestClock` nobody advances, a stream, a continuation.
        case timedOut
        /// A job on the executor made no progress for the no-progress bound.
        case stalled
    }

    /// Settles (see ``RuntimeStorage/settle(noProgressFor:)``), then, while `condition` does not
    /// hold, waits for the runtime's next event and settles again.
    ///
    /// - Parameters:
    ///   - deadline: The failure bound: when to stop waiting for an event.
    ///   - bound: How long the executor may make no progress while settling.
    ///   - givingUpWhenNoEffectRuns: Whether to stop at once when no effect is running (for
    ///     `receive`: nothing could send the action) rather than wait for an action from
    ///     elsewhere (a start hook's own task) until the deadline.
    ///   - condition: What the caller waits for; checked on the main actor after each settle.
    /// - Returns: How the wait ended.
    package func wait(
        until deadline: ContinuousClock.Instant,
        noProgressFor bound: Duration,
        givingUpWhenNoEffectRuns: Bool,
        for condition: () -> Bool
    ) async -> WaitOutcome {
        while true {
            guard await storage.settle(noProgressFor: bound) else { return condition() ? .satisfied : .stalled }
            if condition() { return .satisfied }
            let activity = storage.activity
            if activity.inboxCount > 0 || activity.activeJobs > 0 { continue }
            if givingUpWhenNoEffectRuns, activity.runningEffects == 0 { return .nothingRunning }
            guard await storage.wait(since: activity.generation, until: deadline) else { return .timedOut }
        }
    }
}
