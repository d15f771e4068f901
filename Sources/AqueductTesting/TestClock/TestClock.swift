import Aqueduct

/// A clock whose time moves only when the test says so.
///
/// Inject it where production code takes a `Clock` (`any Clock<Duration>` or a generic
/// `C: Clock<Duration>`): sleeps, debounces and timeouts then wait until the test calls
/// ``advance(by:)``, ``advance(to:)`` or ``run(limit:)``, and a test of a one-minute timeout
/// takes no time at all.
///
/// ```swift
/// let clock = TestClock()
/// // …
/// let store = TestStore(
///     initialState: SearchState(),
///     reducer: searchReducer,
///     middleware: SearchMiddleware(client: client, clock: clock)
/// )
/// // …
/// await store.dispatch(.queryChanged("mil")) { $0.query = "mil" }
/// await clock.advance(by: .milliseconds(299))  // not yet
/// #expect(queries.all.isEmpty)
/// await clock.advance(by: .milliseconds(1))  // the debounce fires
/// await store.receive(\.loaded) {
///     $0.results = ["MIL"]
///     $0.isLoading = false
/// }
/// ```
///
/// Sleeping is cancellation-aware: cancelling a sleeping task ends its sleep at once with
/// `CancellationError`, as `Task.sleep` does. Sleepers whose deadline has passed wake in
/// deadline order, and `now` at each wake is that sleeper's deadline.
///
/// A sleeper that runs on a ``TestScheduler`` — an effect of a ``TestStore``, a
/// ``MiddlewareTester`` or a store made with a scheduler, or a task started with
/// ``TestScheduler/task(priority:_:)`` — is awaited: after waking it, advancing waits until its
/// scheduler has settled (the woken task has run as far as it can and what it sent is
/// processed) before it looks at the sleepers again. So after `advance`, the state shows what
/// happened in the time advanced, and a timer that sleeps again within it is woken again. The
/// clock of a scheduler (``TestScheduler/clock``) also lets that scheduler settle *before* it
/// moves, so that tasks started since the last step are asleep when time moves.
///
/// A sleeper that runs on no test scheduler (a plain `Task`) is woken, and not awaited: its
/// next step runs when its executor gets to it. Start such tasks with
/// ``TestScheduler/task(priority:_:)`` to await them.
///
/// ## A clock whose sleeps complete at once
/// ``immediate(now:)`` makes a clock that nobody needs to advance: each sleep moves ``now`` to
/// its deadline and returns. Give it to the middleware of an ``ActionReplay`` (a recorded
/// timer then replays at once instead of in real time) or of a preview, where the order of
/// what effects send matters and the waiting does not.
///
/// `Sendable`: sleep from any task, advance from the test.
public final class TestClock: Clock, Sendable {
    /// A point in a ``TestClock``'s time: an offset from its start.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock's start.
        public let offset: Duration

        /// Creates an instant at an offset from the clock's start.
        ///
        /// - Parameter offset: The time since the start; zero by default.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` after this one.
        ///
        /// - Parameter duration: The time to add.
        /// - Returns: The later (or, for a negative duration, earlier) instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: `other` minus this instant.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Orders instants by their offsets.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
        /// The test scheduler the sleeping task runs on, if any.
        let scheduler: TestSchedulerCore?
    }

    private struct Timeline: Sendable {
        var now: Instant
        var sleepers = WaiterList<Sleeper>()
    }

    private let timeline: LockedValue<Timeline>
    /// The scheduler whose clock this is (``TestScheduler/clock``), which settles before time
    /// moves; `nil` for a clock made on its own.
    private let owner: TestSchedulerCore?
    /// Whether a sleep moves the clock to its deadline and returns (``immediate(now:)``)
    /// instead of waiting to be advanced.
    private let sleepsComplete: Bool

    /// Creates a clock that starts at `now` and stands still until it is advanced.
    ///
    /// - Parameter now: The starting time; the clock's zero by default.
    public init(now: Instant = Instant()) {
        self.timeline = LockedValue(Timeline(now: now))
        self.owner = nil
        self.sleepsComplete = false
    }

    private init(now: Instant, sleepsComplete: Bool) {
        self.timeline = LockedValue(Timeline(now: now))
        self.owner = nil
        self.sleepsComplete = sleepsComplete
    }

    /// Creates the clock of a test scheduler.
    init(owner: TestSchedulerCore) {
        self.timeline = LockedValue(Timeline(now: Instant()))
        self.owner = owner
        self.sleepsComplete = false
    }

    /// A clock whose sleeps complete at once: a sleep moves ``now`` to its deadline (never
    /// back) and returns, so that a timer, a debounce or a timeout runs its course without
    /// anyone advancing the clock, and without waiting.
    ///
    /// For replaying a recording whose effects sleep (an hour-long timer replays in no time)
    /// and for previews; a test that checks *when* something happens advances a `TestClock()`
    /// instead.
    ///
    /// ```swift
    /// let clock = TestClock.immediate()
    /// try await clock.sleep(for: .seconds(3_600))
    /// #expect(clock.now == TestClock.Instant(offset: .seconds(3_600)))
    /// ```
    ///
    /// A sleep in a task already cancelled throws `CancellationError`, so that an effect
    /// cancelled before it ran (a debounce restarted) still ends; otherwise the sleep returns at
    /// once, without giving other tasks a turn. ``advance(by:)`` and ``run(limit:)`` move the
    /// clock as on any test clock (no task is ever asleep on it).
    ///
    /// - Parameter now: The starting time; the clock's zero by default.
    /// - Returns: The clock.
    public static func immediate(now: Instant = Instant()) -> TestClock {
        TestClock(now: now, sleepsComplete: true)
    }

    /// The current time. It changes only when the clock is advanced.
    public var now: Instant {
        timeline.withLock { $0.now }
    }

    /// The smallest step: zero, since time moves only in the steps the test asks for.
    public var minimumResolution: Duration {
        .zero
    }

    /// The number of tasks sleeping on this clock now.
    public var sleeperCount: Int {
        timeline.withLock { $0.sleepers.count }
    }

    /// Suspends until the clock is advanced to `deadline` or past it; on a clock made with
    /// ``immediate(now:)``, moves it there and returns.
    ///
    /// Returns at once when `deadline` is not later than ``now``.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored: the clock wakes sleepers exactly at their deadlines.
    /// - Throws: `CancellationError` when the task is cancelled before or while it sleeps.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        if sleepsComplete {
            timeline.withLock { $0.now = max($0.now, deadline) }
            return
        }
        let scheduler = TestSchedulerCore.current
        let id = timeline.withLock { $0.sleepers.makeID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let sleeper = Sleeper(deadline: deadline, continuation: continuation, scheduler: scheduler)
                switch timeline.withLock({ $0.sleepers.register(id, isDue: deadline <= $0.now, sleeper) }) {
                case .waiting: break
                case .due: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = timeline.withLock { $0.sleepers.remove(id, becauseOfCancellation: true) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches, in
    /// deadline order.
    ///
    /// After each wake the clock waits until the schedulers of the woken tasks have settled, so
    /// that a task that sleeps again within the advanced span (a repeating timer) is woken
    /// again in the same call.
    ///
    /// - Parameter duration: How far to move; zero wakes only sleepers already due.
    public func advance(by duration: Duration = .zero) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline`, waking every sleeper due by then, in deadline order.
    /// A deadline before ``now`` changes nothing.
    ///
    /// - Parameter deadline: The instant to move to.
    public func advance(to deadline: Instant) async {
        await settleOwner()
        while let due = wakeNext(notAfter: deadline) {
            await wake(due)
        }
    }

    /// Moves time forward until no task sleeps on the clock any more, waking sleepers one
    /// deadline at a time.
    ///
    /// - Parameter limit: The most deadlines to advance through, so that a task that always
    ///   sleeps again cannot keep `run` going forever.
    public func run(limit: Int = 10_000) async {
        await settleOwner()
        for _ in 0..<limit {
            guard let next = timeline.withLock({ $0.sleepers.map(\.deadline).min() }) else { return }
            guard let due = wakeNext(notAfter: next) else { return }
            await wake(due)
        }
    }

    /// Moves `now` to the earliest deadline not after `limit` and removes the sleepers due
    /// then; when none is due, moves `now` to `limit` and returns `nil`.
    private func wakeNext(notAfter limit: Instant) -> [Sleeper]? {
        timeline.withLock { timeline in
            guard let earliest = timeline.sleepers.map(\.deadline).min(), earliest <= limit else {
                timeline.now = max(timeline.now, limit)
                return nil
            }
            timeline.now = max(timeline.now, earliest)
            let now = timeline.now
            return timeline.sleepers.removeAll { $0.deadline <= now }
        }
    }

    /// Resumes sleepers, then waits until their schedulers (and the clock's own) have settled
    /// before the clock looks at its sleepers again.
    private func wake(_ sleepers: [Sleeper]) async {
        var schedulers: [ObjectIdentifier: TestSchedulerCore] = [:]
        if let owner { schedulers[ObjectIdentifier(owner)] = owner }
        for sleeper in sleepers {
            sleeper.continuation.resume()
            if let scheduler = sleeper.scheduler { schedulers[ObjectIdentifier(scheduler)] = scheduler }
        }
        for scheduler in schedulers.values {
            // A scheduler whose job makes no progress is reported by its test store's next step.
            _ = await scheduler.settle(noProgressFor: scheduler.failureBound)
        }
    }

    /// Lets the clock's scheduler settle, so that its tasks have run up to their sleeps.
    private func settleOwner() async {
        guard let owner else { return }
        _ = await owner.settle(noProgressFor: owner.failureBound)
    }
}
