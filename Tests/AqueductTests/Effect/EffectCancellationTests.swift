import Aqueduct
import AqueductTesting
import Testing

enum FloodAction: Sendable, Equatable {
    /// Starts round `round`'s flooding effect.
    case start(round: Int)
    /// Starts a throttle interval with an effect that does nothing.
    case prime
    /// Sent by the flood: reduced only while its round runs.
    case tick(round: Int)
    /// Cancels the flood.
    case stop
    /// Sent after the flood's threads have finished: once it is processed, everything they sent
    /// has been processed or dropped.
    case marker
}

struct FloodState: Equatable, Sendable {
    var round = -1
    var isStopped = true
    /// Ticks of the running round.
    var ticks = 0
    /// Ticks reduced after their round was stopped or replaced: the guarantee says none.
    var late = 0
    var markers = 0
}

let floodReducer = Reducer<FloodAction, FloodState>.reduce { action, state in
    switch action {
    case .start(let round):
        state.round = round
        state.isStopped = false
        state.ticks = 0
    case .tick(let round):
        if state.isStopped || round != state.round {
            state.late += 1
        } else {
            state.ticks += 1
        }
    case .stop:
        state.isStopped = true
    case .marker:
        state.markers += 1
    case .prime:
        break
    }
}

/// Once a `.cancel(id:)`, a `cancelInFlight` or a store's release has been processed, nothing
/// the cancelled effect sent is processed — not what waits in the inbox, not what it sends later
/// from any thread. Each test floods a store from background threads that keep sending after
/// the cancellation, many rounds, and counts the ticks reduced late: none.
///
/// These run on production stores (the global executor, the main actor's own drains): the
/// races are real. They wait for events only — a state observed, the threads' end — with the
/// suite's time limit as the failure bound.
///
/// Serialized: each test floods two cores already, and the machine runs the other suites too.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(3))) struct EffectCancellationTests {
    /// How the flooding effect is made cancellable, and how it is stopped.
    enum Shape: String, CaseIterable, Sendable {
        case run
        case cancelInFlight
        case concatenation
        case debounce
        case throttle
    }

    /// Where the stopping action is dispatched: on the main actor, while the flood's actions
    /// wait in the inbox; or through the inbox, so that a drain takes it in the same batch as
    /// the flood's actions before and after it.
    enum Stop: String, CaseIterable, Sendable {
        case mainActor
        case inbox
    }

    static let rounds = 10
    static let ticksBeforeStopping = 50

    struct FloodID: Hashable, Sendable {}

    /// The floods of each round, for the middleware to start and to tell when their
    /// cancellation has been processed.
    final class Floods: Sendable {
        private let floods = LockedValue<[Int: Flood]>([:])
        subscript(round: Int) -> Flood? {
            get { floods.withLock { $0[round] } }
            set { floods.withLock { $0[round] = newValue } }
        }
    }

    static func flooding(_ flood: Flood, round: Int) -> Effect<FloodAction> {
        .run { send in
            flood.start { send(.tick(round: round)) }
            await untilCancelled()
        }
    }

    static func middleware(
        _ shape: Shape,
        floods: Floods,
        clock: TestClock,
        notReached: EventLog
    ) -> TestMiddleware<FloodAction, FloodState> {
        TestMiddleware { action, _, state in
            switch action {
            case .start(let round):
                let flood = floods[round]!
                let work = flooding(flood, round: round)
                switch shape {
                case .run:
                    return work.cancellable(id: FloodID())
                case .cancelInFlight:
                    // Starting the next round cancels this one in flight.
                    let replaced = floods[round - 1]
                    return .merge(
                        work.cancellable(id: FloodID(), cancelInFlight: true),
                        .immediate { _ in replaced?.cancelProcessed() }
                    )
                case .concatenation:
                    return .concatenate(
                        .run { _ in },
                        work,
                        .run { _ in notReached.record("the part after the cancelled one ran") }
                    )
                    .cancellable(id: FloodID())
                case .debounce:
                    return work.debounce(id: FloodID(), for: .zero, clock: ContinuousClock())
                case .throttle:
                    return work.throttle(id: FloodID(), for: .seconds(1), clock: clock, latest: true)
                }
            case .prime:
                return Effect.run { _ in }.throttle(id: FloodID(), for: .seconds(1), clock: clock, latest: true)
            case .stop:
                let flood = floods[state().round]
                return .merge(.cancel(id: FloodID()), .immediate { _ in flood?.cancelProcessed() })
            case .tick, .marker:
                return .none
            }
        }
    }

    /// Returns once `condition` holds for the store's state: awaited, never polled.
    static func until(_ store: Store<FloodAction, FloodState>, _ condition: (FloodState) -> Bool) async {
        for await state in store.values(of: \.self, .keepingDuplicates) where condition(state) { return }
    }

    @Test(arguments: Shape.allCases, Stop.allCases)
    func nothingACancelledEffectSentIsProcessed(_ shape: Shape, stop: Stop) async {
        let floods = Floods()
        let clock = TestClock()
        let notReached = EventLog()
        let store = Store(
            initialState: FloodState(),
            reducer: floodReducer,
            middleware: Self.middleware(shape, floods: floods, clock: clock, notReached: notReached)
        )
        func dispatch(_ action: FloodAction) {
            switch stop {
            case .mainActor: store.dispatch(action)
            case .inbox: store.dispatcher.dispatch(action)
            }
        }
        var markers = 0
        for round in 0..<Self.rounds {
            let flood = Flood()
            floods[round] = flood
            if shape == .throttle { store.dispatch(.prime) }
            // A round of cancelInFlight is stopped by the next round's start: dispatched the
            // same way as a stop.
            if shape == .cancelInFlight, round > 0 {
                dispatch(.start(round: round))
            } else {
                store.dispatch(.start(round: round))
            }
            if shape == .throttle { await clock.advance(by: .seconds(1)) }  // lets it through
            await Self.until(store) { $0.round == round && $0.ticks >= Self.ticksBeforeStopping }
            if shape == .cancelInFlight {
                if round > 0 { await floods[round - 1]?.finished() }
                if round < Self.rounds - 1 { continue }
            }
            dispatch(.stop)
            await flood.finished()
            store.dispatcher.dispatch(.marker)
            markers += 1
            await Self.until(store) { [markers] in $0.markers == markers }
            #expect(store.state.late == 0)
        }
        #expect(store.state.late == 0)
        #expect(notReached.all.isEmpty)
    }

    @Test func nothingIsProcessedOnceTheStoreIsReleased() async {
        for round in 0..<Self.rounds {
            let flood = Flood()
            let floods = Floods()
            floods[round] = flood
            let isReleased = LockedValue(false)
            let reducedAfterRelease = LockedValue(0)
            let (ended, end) = AsyncStream.makeStream(of: Void.self)
            let watching = Reducer<FloodAction, FloodState>.reduce { _, _ in
                if isReleased.withLock({ $0 }) { reducedAfterRelease.withLock { $0 += 1 } }
            }
            let middleware = TestMiddleware<FloodAction, FloodState> { action, _, _ in
                guard case .start(let round) = action else { return .none }
                return .run { send in
                    flood.start { send(.tick(round: round)) }
                    await untilCancelled()
                    end.finish()
                }
            }
            var store: Store<FloodAction, FloodState>? = Store(
                initialState: FloodState(),
                reducer: floodReducer <> watching,
                middleware: middleware
            )
            store?.dispatch(.start(round: round))
            await Self.until(store!) { $0.ticks >= Self.ticksBeforeStopping }
            store = nil
            isReleased.withLock { $0 = true }
            flood.cancelProcessed()
            for await _ in ended {}  // the release cancelled the effect: its work returned
            await flood.finished()
            #expect(reducedAfterRelease.withLock { $0 } == 0)
        }
    }

    /// An `.immediate` effect's actions wait in the dispatch queue behind the action being
    /// processed: one of them cancelling the effect drops the rest. Its `ImmediateSend`,
    /// escaped and called later from tasks of background threads, sends nothing (and, the
    /// effect being cancelled, reports nothing either).
    @Test func anImmediateEffectCancelledByItsOwnActionSendsNothingMore() async {
        @MainActor final class Escaped {
            var send: ImmediateSend<FloodAction>?
            func call(_ action: FloodAction) { send?(action) }
        }
        let escaped = Escaped()
        let middleware = TestMiddleware<FloodAction, FloodState> { action, _, _ in
            switch action {
            case .start(let round):
                return Effect.immediate { send in
                    for index in 0..<1_000 { send(index == 500 ? .stop : .tick(round: round)) }
                    escaped.send = send
                }
                .cancellable(id: FloodID())
            case .stop:
                return .cancel(id: FloodID())
            default:
                return .none
            }
        }
        let reported = LockedValue(0)
        let runtime = Engine(
            initialState: FloodState(),
            reducer: floodReducer,
            middleware: AnyMiddleware(middleware),
            onLateSend: { _, _ in reported.withLock { $0 += 1 } }
        )
        for round in 0..<Self.rounds {
            runtime.dispatch(.start(round: round), from: ActionSource(file: "T/T.swift", function: "t()", line: 1))
            #expect(runtime.state.ticks == 500)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<100 { await escaped.call(.tick(round: round)) }
                    }
                }
            }
            #expect(runtime.state.late == 0)
        }
        #expect(reported.withLock { $0 } == 0)
    }

    /// "Cancel the search, then reset its results": an effect whose work has returned, with its
    /// result still waiting in the inbox, is cancelled by `.cancel(id:)` until that result is
    /// processed — and so the result is dropped.
    @Test func theResultOfAnEffectThatReturnedIsDroppedIfTheEffectIsCancelledFirst() async throws {
        let middleware = TestMiddleware<FloodAction, FloodState> { action, _, _ in
            switch action {
            case .start(let round): Effect.run { send in send(.tick(round: round)) }.cancellable(id: FloodID())
            case .stop: .cancel(id: FloodID())
            default: .none
            }
        }
        let scheduler = DrainingByHand()
        let runtime = Engine(
            initialState: FloodState(),
            reducer: floodReducer,
            middleware: AnyMiddleware(middleware),
            scheduler: scheduler
        )
        let source = ActionSource(file: "T/T.swift", function: "t()", line: 1)
        runtime.dispatch(.start(round: 0), from: source)
        let effect = try #require(scheduler.tasks.first)
        await effect.value  // its work returned: its tick waits in the inbox
        #expect(runtime.storage.inboxCount == 1)
        runtime.dispatch(.stop, from: source)
        runtime.drainInbox()
        #expect(runtime.state.late == 0)
        #expect(runtime.state.ticks == 0)
    }

    /// The race the drain must win: it takes a batch out of the inbox, and an action early in
    /// it cancels the effect whose actions come later in the same batch. Those are dropped: the
    /// drain checks each action as it comes to it, not the batch when it takes it.
    @Test func aCancelEarlyInABatchDropsTheEffectsActionsLaterInTheSameBatch() async {
        let (steps, step) = AsyncStream.makeStream(of: Void.self)
        let gate = Release()
        let middleware = TestMiddleware<FloodAction, FloodState> { action, _, _ in
            switch action {
            case .start(let round):
                return Effect.run { send in
                    for _ in 0..<3 { send(.tick(round: round)) }
                    step.yield()
                    await gate.wait()
                    for _ in 0..<3 { send(.tick(round: round)) }
                    step.yield()
                    await untilCancelled()
                }
                .cancellable(id: FloodID())
            case .stop:
                return .cancel(id: FloodID())
            default:
                return .none
            }
        }
        let runtime = Engine(
            initialState: FloodState(),
            reducer: floodReducer,
            middleware: AnyMiddleware(middleware),
            scheduler: DrainingByHand()
        )
        runtime.dispatch(.start(round: 0), from: ActionSource(file: "T/T.swift", function: "t()", line: 1))
        var sent = steps.makeAsyncIterator()
        await sent.next()
        runtime.dispatcher.dispatch(.stop)  // between the effect's third and fourth tick
        gate.open()
        await sent.next()
        #expect(runtime.storage.inboxCount == 7)
        runtime.drainInbox()  // one batch: three ticks, the stop, three ticks
        #expect(runtime.state.ticks == 3)
        #expect(runtime.state.late == 0)
    }

    /// An effect's `Send` works while its work runs: a task it started that sends after the work
    /// returned sends nothing, and a test store fails the test, saying so.
    @Test func aSendAfterTheWorkReturnedFailsATestStore() async {
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let (sent, done) = AsyncStream.makeStream(of: Void.self)
        let middleware = TestMiddleware<FloodAction, FloodState> { action, _, _ in
            guard case .start(let round) = action else { return .none }
            return .run { send in
                // Started by the work, not awaited by it: it sends once the test opens the gate,
                // after the work has returned.
                Task.detached {
                    for await _ in gate { break }
                    send(.tick(round: round))
                    done.finish()
                }
            }
        }
        let store = TestStore(initialState: FloodState(), reducer: floodReducer, middleware: middleware)
        await store.dispatch(.start(round: 0)) {
            $0.round = 0
            $0.isStopped = false
        }
        open.yield()
        for await _ in sent {}
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.isFailure
                && issue.description.contains(
                    "An effect of start(round: 0) sent tick(round: 0) after its work had returned; the action was dropped"
                )
        }
    }
}

/// A scheduler that starts effects on the global executor and drains only when the test calls
/// `drainInbox()`: the engine's seam, driven by hand.
final class DrainingByHand: EngineScheduler {
    private let started = LockedValue<[Task<Void, Never>]>([])

    /// The tasks it started, oldest first.
    var tasks: [Task<Void, Never>] { started.withLock { $0 } }

    func startTask(priority: TaskPriority?, _ work: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        let task = Task.detached(priority: priority, operation: work)
        started.withLock { $0.append(task) }
        return task
    }

    @MainActor
    func attach(_ runtime: any DrainingEngine) -> @Sendable () -> Void {
        {}
    }
}
