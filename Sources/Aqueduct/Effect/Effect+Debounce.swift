extension Effect {
    /// Runs this effect after a pause on `clock`, unless a newer effect debounced with the same
    /// id comes first: the latest one wins, once things have been quiet for `duration`.
    ///
    /// A check-in deadline that each newer check-in moves: the deadline waiting is cancelled in
    /// flight, and only the last one scheduled fires (the CheckIn example's middleware):
    ///
    /// ```swift
    /// return .send(.deadlinePassed)
    ///     .debounce(id: Deadline(), for: .milliseconds(milliseconds), clock: clock)
    /// ```
    ///
    /// It is this effect concatenated after a sleep of `duration` on `clock`, cancellable by
    /// `id` with `cancelInFlight`: a newer effect debounced with `id` cancels the one waiting —
    /// and the one already running, if its pause is over. ``cancel(id:)`` with `id` cancels both
    /// too. The pause starts when the store runs the effect. With a `TestClock`, the effect
    /// runs when the test advances the clock by `duration`, and the actions it sends are
    /// processed by the time `advance` returns.
    ///
    /// Debouncing ``none`` gives ``none``: it neither waits nor cancels the effect waiting
    /// under `id` (return ``cancel(id:)`` for that).
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; the effects debounced together share it. In a
    ///     middleware lifted into a collection, each element has its own.
    ///   - duration: How long nothing newer must arrive before the effect runs.
    ///   - clock: The clock the pause is measured on: the one the middleware was given (a
    ///     `ContinuousClock`, an `any Clock<Duration>`), a `TestClock` in tests.
    /// - Returns: The debounced effect.
    public func debounce(
        id: some Hashable & Sendable,
        for duration: Duration,
        clock: any Clock<Duration>
    ) -> Effect {
        if isNone { return self }
        return Effect.concatenate(
            .run { _ in try? await clock.sleep(for: duration) },
            self
        )
        .cancellable(id: id, cancelInFlight: true)
    }
}
