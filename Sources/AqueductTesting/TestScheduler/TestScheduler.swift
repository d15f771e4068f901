import Aqueduct

/// Runs a store's effects for a test, deterministically: it owns every job of their tasks and
/// the time they sleep on, and the store processes what they send only when the test awaits
/// the scheduler.
///
/// `TestStore` and `MiddlewareTester` each run on a scheduler of their own. Give one to a
/// ``/Aqueduct/Store`` (with ``Aqueduct/Store/init(initialState:reducer:middleware:scheduler:)``) to test a composed
/// app — a production store with its real middleware, client doubles and the scheduler's
/// ``clock`` — as deterministically:
///
/// ```swift
/// let scheduler = TestScheduler()
/// let store = Store(
///     initialState: SearchState(),
///     reducer: searchReducer,
///     middleware: SearchMiddleware(client: .groceries, clock: scheduler.clock),
///     scheduler: scheduler
/// )
/// store.dispatch(.queryChanged("mil"))
/// await scheduler.clock.advance(by: .milliseconds(300))  // the debounce ends; the search runs
/// #expect(store.state.results == ["Milk", "Mild cheese"])
/// ```
///
/// ## What it guarantees
/// The scheduler runs its tasks' jobs one at a time on a serial queue of its own, and only
/// while a test step awaits it — ``run()``, an `advance` of its ``clock``, a `TestStore`'s
/// `dispatch`, `receive` or `finish`. Between two steps nothing an effect does happens: the test
/// reads the state, and calls its client doubles, with no effect running beside it. A step
/// returns when the scheduler has *settled*: no job queued or running, no action waiting to be
/// processed — the effects have run as far as they can, up to a sleep on a `TestClock`, a
/// stream, a continuation.
///
/// That is decided by counting, not by waiting: every job is counted as it is queued and as it
/// returns. An effect that hops to the main actor (`await MainActor.run { … }`, a `@MainActor`
/// client) is seen too, however many times it hops: the main actor runs its jobs first in,
/// first out, and the scheduler decides only after a hop through its own queue and back to the
/// main actor, which lands behind every main-actor step its jobs queued.
///
/// ## Its limits
/// - Main-actor work that itself waits for later main-actor work — a main-actor task it
///   starts, a yield of the main actor — is not seen.
/// - Unstructured tasks an effect starts (`Task { }`, `Task.detached { }`) and actors with an
///   executor of their own run elsewhere. Structured work (`async let`, task groups) and calls
///   into default actors run on the scheduler. To have a task of the test run on it (one that
///   consumes a stream of the store, or sleeps on the clock), start it with ``task(priority:_:)``.
/// - Work on other threads (a client that answers from its own thread) is not the
///   scheduler's: a step does not wait for it. `TestStore.receive` waits for what such work
///   sends, up to its timeout.
///
/// `Sendable`: effects on any thread reach it.
public final class TestScheduler: Sendable {
    /// The executor and state, kept alive by the tasks running on it.
    let core = TestSchedulerCore()

    /// The scheduler's clock: time moves only when the test advances it, and advancing it first
    /// lets the scheduler settle, then wakes each sleeper due and settles again, so that what
    /// the time advanced did has happened when `advance` returns.
    ///
    /// Inject it where the middleware takes a clock.
    public let clock: TestClock

    /// Creates a scheduler, with its clock at zero.
    public init() {
        clock = TestClock(owner: core)
    }

    deinit {
        // Effects cancelled with their store must still unwind.
        core.release()
    }

    /// Runs every job of the scheduler's tasks, and lets its stores process what the effects
    /// sent, until nothing more can happen without time moving or something outside the
    /// scheduler (another thread, a client that answers on its own) acting. Here the search
    /// client logs each query it is asked in `calls`:
    ///
    /// ```swift
    /// store.dispatch(.queryChanged("milk"))
    /// // However long the test takes here, the effect has not run: its jobs wait for a step.
    /// #expect(calls.all.isEmpty)
    /// #expect(store.runningEffects == ["queryChanged(\"milk\")"])
    /// await scheduler.run()
    /// #expect(calls.all == ["milk"])
    /// #expect(store.state.isLoading == false)
    /// #expect(store.runningEffects.isEmpty)
    /// ```
    ///
    /// It waits as long as its jobs take: an effect blocked in a call that never returns keeps
    /// it waiting; give the test a time limit (`.timeLimit`).
    @MainActor
    public func run() async {
        _ = await core.settle(noProgressFor: nil)
    }

    /// Starts a task whose jobs run on the scheduler, like an effect's: ``run()``, the clock's
    /// `advance` and a test store's steps wait for it as far as it can run.
    ///
    /// For the tasks of a test that are not effects — one that consumes a store's
    /// `values(of:)`, one that sleeps on the ``clock`` — so that the test awaits them rather
    /// than hopes they have run:
    ///
    /// ```swift
    /// let counts = store.values(of: \.count, .removingDuplicates)
    /// let seen = scheduler.task { await counts.prefix(3).reduce(into: []) { $0.append($1) } }
    /// await scheduler.run()  // it takes the current count and waits for the next
    /// store.dispatch(.increment)
    /// await scheduler.run()
    /// store.dispatch(.increment)
    /// await scheduler.run()
    /// #expect(await seen.value == [0, 1, 2])
    /// ```
    ///
    /// Await its `value` only once it can finish: its jobs run while a step awaits the
    /// scheduler, and awaiting the task is not one.
    ///
    /// - Parameters:
    ///   - priority: The task's priority.
    ///   - operation: The work.
    /// - Returns: The task.
    @discardableResult
    public func task<Success: Sendable>(
        priority: TaskPriority? = nil,
        _ operation: @escaping @Sendable () async -> Success
    ) -> Task<Success, Never> {
        core.makeTask(priority: priority, operation)
    }
}
