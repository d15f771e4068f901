import Aqueduct
import Testing

/// Every processed action's number and cause, as the store stamps them on its source.
@MainActor
@Suite(.timeLimit(.minutes(3))) struct ActionCauseTests {
    typealias PlayerAction = Player.AppAction
    typealias PlayerState = Player.AppState

    /// `(seq, cause)` of each recorded entry, in order.
    static func trace<A, S>(_ recorder: Recorder<A, S>) -> [Trace] {
        recorder.entries.map { Trace(seq: $0.source.seq, cause: $0.source.cause) }
    }

    struct Trace: Equatable, CustomStringConvertible {
        let seq: Int?
        let cause: ActionCause?

        var description: String {
            "#\(seq.map(String.init) ?? "nil") ← \(cause.map { "#\($0.seq) \($0.kind.rawValue)" } ?? "outside")"
        }
    }

    static func outside(_ seq: Int) -> Trace { Trace(seq: seq, cause: nil) }
    static func caused(_ seq: Int, by cause: Int, _ kind: ActionCause.Kind) -> Trace {
        Trace(seq: seq, cause: ActionCause(seq: cause, kind: kind))
    }

    @Test func outsideActionsAreNumberedInOrderWithNoCause() {
        let recorder = Recorder<CounterAction, Int>()
        let store = Store(initialState: 0, reducer: counterReducer, middleware: recorder.middleware)
        store.dispatch(.increment)
        store.dispatch(.increment)
        store.dispatch(.set(5))
        #expect(Self.trace(recorder) == [Self.outside(0), Self.outside(1), Self.outside(2)])
    }

    @Test func eachStoreNumbersItsOwnActions() {
        let first = Recorder<CounterAction, Int>()
        let second = Recorder<CounterAction, Int>()
        let one = Store(initialState: 0, reducer: counterReducer, middleware: first.middleware)
        let other = Store(initialState: 0, reducer: counterReducer, middleware: second.middleware)
        one.dispatch(.increment)
        one.dispatch(.increment)
        other.dispatch(.increment)
        #expect(Self.trace(second) == [Self.outside(0)])
    }

    @Test func aBridgedActionNamesTheActionItWasDerivedFrom() {
        let recorder = ActionRecorder()
        let store = Store(
            initialState: PlayerState(),
            reducer: Player.reducer,
            middleware: recorder.middleware <> Player.unfilteredBridges
        )
        store.dispatch(.library(.refresh))
        store.dispatch(.playback(.didStart))
        store.dispatch(.playback(.didPause))
        #expect(
            Self.trace(recorder) == [
                Self.outside(0),
                Self.outside(1), Self.caused(2, by: 1, .bridgedFrom),
                Self.outside(3), Self.caused(4, by: 3, .bridgedFrom),
            ]
        )
    }

    @Test func immediateEffectsSendWithTheirActionAsCause() {
        let recorder = Recorder<CounterAction, Int>()
        let effects = TestMiddleware<CounterAction, Int> { action, _, _ in
            switch action {
            case .increment: .send(.set(10))
            case .decrement: .immediate { send in send(.set(-1)) }
            case .set: .none
            }
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: recorder.middleware <> effects)
        store.dispatch(.increment)
        store.dispatch(.decrement)
        #expect(
            Self.trace(recorder) == [
                Self.outside(0), Self.caused(1, by: 0, .sentByEffect),
                Self.outside(2), Self.caused(3, by: 2, .sentByEffect),
            ]
        )
    }

    @Test func anAsynchronousEffectsActionsNameTheActionThatStartedIt() async {
        let (stream, continuation) = AsyncStream.makeStream(of: Trace.self)
        let effects = TestMiddleware<CounterAction, Int> { action, source, _ in
            if case .set = action {
                continuation.yield(Trace(seq: source.seq, cause: source.cause))
                return .none
            }
            return .run { send in send(.set(1)) }
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: effects)
        store.dispatch(.increment)
        store.dispatch(.decrement)
        var traces: [Trace] = []
        for await trace in stream {
            traces.append(trace)
            if traces.count == 2 { break }
        }
        // The two effects race; each names its own cause, and both come after 0 and 1.
        #expect(Set(traces.map(\.seq)) == [2, 3])
        #expect(
            Set(traces.compactMap(\.cause)) == [.init(seq: 0, kind: .sentByEffect), .init(seq: 1, kind: .sentByEffect)]
        )
        withExtendedLifetime(store) {}
    }

    @Test func anActionDispatchedByAnObserverIsDispatchedDuringItsCause() {
        let recorder = Recorder<CounterAction, Int>()
        let store = Store(initialState: 0, reducer: counterReducer, middleware: recorder.middleware)
        let subscription = store.subscribe(\.self, .removingDuplicates) { [weak store] count in
            if count == 1 { store?.dispatch(.set(50)) }
        }
        store.dispatch(.set(7))
        store.dispatch(.set(1))
        #expect(Self.trace(recorder) == [Self.outside(0), Self.outside(1), Self.caused(2, by: 1, .dispatchedDuring)])
        withExtendedLifetime(subscription) {}
    }

    @Test func aLiftedMiddlewareSeesTheNumbersAndItsEffectsKeepTheirCause() {
        let recorder = Recorder<AppAction, AppState>()
        let feature = TestMiddleware<CounterAction, Int> { action, _, _ in
            action == .increment ? .immediate { send in send(.set(100)) } : .none
        }
        let lifted = feature.lift(
            action: \AppAction.Cases.counter,
            state: \AppState.count
        )
        let inner = Recorder<CounterAction, Int>()
        let liftedRecorder = inner.middleware.lift(
            action: \AppAction.Cases.counter,
            state: \AppState.count
        )
        let store = Store(
            initialState: AppState(),
            reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
            middleware: recorder.middleware <> liftedRecorder <> lifted
        )
        store.dispatch(.text(.append("a")))
        store.dispatch(.counter(.increment))
        #expect(Self.trace(recorder) == [Self.outside(0), Self.outside(1), Self.caused(2, by: 1, .sentByEffect)])
        #expect(Self.trace(inner) == [Self.outside(1), Self.caused(2, by: 1, .sentByEffect)])
    }

    @Test func aProjectionsDispatchIsNumberedByTheRootStore() {
        let recorder = Recorder<AppAction, AppState>()
        let store = Store(
            initialState: AppState(),
            reducer: counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count),
            middleware: recorder.middleware
        )
        let counter = store.projection(action: \.counter, state: \.count)
        store.dispatch(.text(.append("a")))
        let line: UInt = #line + 1
        counter.dispatch(.increment)
        #expect(Self.trace(recorder) == [Self.outside(0), Self.outside(1)])
        #expect(recorder.entries.last?.source.line == line)
    }

    @Test func aForwardedSourceFromAnEarlierActionDoesNotBringItsCause() async {
        let recorder = Recorder<CounterAction, Int>()
        let effects = TestMiddleware<CounterAction, Int> { action, _, _ in
            action == .increment ? .send(.set(3)) : .none
        }
        let store = Store(initialState: 0, reducer: counterReducer, middleware: recorder.middleware <> effects)
        store.dispatch(.increment)
        let stamped = try? #require(recorder.entries.last?.source)
        #expect(stamped?.cause == ActionCause(seq: 0, kind: .sentByEffect))
        // Dispatched again from outside, on the main actor and through the dispatcher.
        store.dispatch(.decrement, from: stamped ?? ActionSource())
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let subscription = store.subscribe(\.self, .removingDuplicates) { count in
            if count == 10 { continuation.yield() }
        }
        store.dispatcher.dispatch(.set(10), from: stamped ?? ActionSource())
        for await _ in stream { break }
        #expect(
            Self.trace(recorder) == [
                Self.outside(0), Self.caused(1, by: 0, .sentByEffect), Self.outside(2), Self.outside(3),
            ]
        )
        withExtendedLifetime(subscription) {}
    }

    @Test func theNumbersAreNotPartOfTheSourcesIdentity() {
        let recorder = Recorder<CounterAction, Int>()
        let store = Store(initialState: 0, reducer: counterReducer, middleware: recorder.middleware)
        let source = ActionSource(file: "App/App.swift", function: "run()", line: 3)
        store.dispatch(.increment, from: source)
        let stamped = recorder.entries[0].source
        #expect(stamped.seq == 0)
        #expect(source.seq == nil)
        #expect(stamped == source)
        #expect(stamped.hashValue == source.hashValue)
    }
}
