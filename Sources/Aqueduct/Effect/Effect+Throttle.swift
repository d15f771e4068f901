extension Effect {
    /// Runs at most one effect throttled with `id` per `interval` of `clock`: the first at
    /// once, and of those that come within the interval after it, one when the interval ends —
    /// the newest (`latest: true`) or the first (`latest: false`). The others are dropped.
    ///
    /// A sync that a flood of requests triggers at most once per `syncInterval`, with the last
    /// request of each interval served at its end (the CheckIn example's middleware):
    ///
    /// ```swift
    /// case .sync:
    ///     guard syncCapability != nil else { return .send(.synced(0)) }
    ///     return syncNow(as: .sync)
    ///         .throttle(id: SyncThrottle(), for: syncInterval, clock: clock, latest: true)
    /// ```
    ///
    /// The store keeps, for each id, when it last let an effect through, read on `clock`, and
    /// the effect waiting for the end of the interval, if any. An effect that arrives:
    ///
    /// - after the interval since the last one let through, with none waiting: runs now;
    /// - within the interval, with none waiting: waits for the end of the interval;
    /// - while one waits: replaces it with `latest: true`, is dropped with `latest: false`.
    ///
    /// The effect let through runs, and the one waiting waits, under `id`: ``cancel(id:)``
    /// cancels both (the time of the last one let through is kept, so the next one still
    /// waits for the end of its interval). The throttle's state belongs to the store, like its
    /// running effects. With a `TestClock`, time moves only when the test advances it: the
    /// waiting effect runs when `advance` reaches the end of the interval, and what it sends
    /// is processed by the time `advance` returns.
    ///
    /// Throttling ``none`` gives ``none``: nothing to let through, and it does not count.
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; the effects throttled together share it. In a
    ///     middleware lifted into a collection, each element has its own. Use one clock per id.
    ///   - interval: The shortest time between two effects let through.
    ///   - clock: The clock the interval is measured on: the one the middleware was given (a
    ///     `ContinuousClock`, an `any Clock<Duration>`), a `TestClock` in tests.
    ///   - latest: Whether the effect let through at the end of an interval is the newest that
    ///     arrived within it (`true`) or the first (`false`).
    /// - Returns: The throttled effect.
    /// - Complexity: Running it takes O(*n*) in the number of ids the store throttles with an
    ///   interval not yet over.
    public func throttle(
        id: some Hashable & Sendable,
        for interval: Duration,
        clock: any Clock<Duration>,
        latest: Bool
    ) -> Effect {
        if isNone { return self }
        return Effect(
            .throttle(EffectThrottle(id: EffectID(id), latest: latest, timing: ThrottleTiming(clock, interval)), self)
        )
    }
}

/// What the store needs to throttle an effect: the id, which effect to keep while one waits,
/// and the clock with its type erased.
@usableFromInline
internal struct EffectThrottle: Sendable {
    let id: EffectID
    let latest: Bool
    let timing: ThrottleTiming

    /// The same throttle under another id (a collection element's).
    func withID(_ id: EffectID) -> EffectThrottle {
        EffectThrottle(id: id, latest: latest, timing: timing)
    }
}

/// A throttle's clock and interval, its instant type erased so that the engine can keep the
/// time of the last effect let through for ids of any clock. Instants are the clock's own,
/// boxed; an instant of another clock type compares as unknown (`nil`).
@usableFromInline
internal struct ThrottleTiming: Sendable {
    /// Reads the clock.
    let now: @Sendable () -> any Sendable
    /// Whether `now` is before the end of the interval that started at `start`; `nil` when
    /// either is not an instant of this clock.
    let isWithinInterval: @Sendable (_ start: any Sendable, _ now: any Sendable) -> Bool?
    /// Sleeps on the clock until the end of the interval that started at `start`; returns at
    /// once when cancelled.
    let sleepUntilEndOfInterval: @Sendable (_ start: any Sendable) async -> Void

    init<C: Clock<Duration>>(_ clock: C, _ interval: Duration) {
        now = { clock.now }
        isWithinInterval = { start, now in
            guard let start = start as? C.Instant, let now = now as? C.Instant else { return nil }
            return now < start.advanced(by: interval)
        }
        sleepUntilEndOfInterval = { start in
            guard let start = start as? C.Instant else { return }
            try? await clock.sleep(until: start.advanced(by: interval), tolerance: nil)
        }
    }
}
