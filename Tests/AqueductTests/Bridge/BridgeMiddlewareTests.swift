import Aqueduct
import Testing

@MainActor
@Suite struct BridgeMiddlewareTests {
    typealias AppAction = LifeSignal.AppAction
    typealias AppState = LifeSignal.AppState

    static func store(
        _ bridges: BridgeMiddleware<AppAction, AppState>,
        state: AppState = AppState(),
        reducer: Reducer<AppAction, AppState> = LifeSignal.reducer,
        recorder: ActionRecorder
    ) -> Store<AppAction, AppState> {
        Store(initialState: state, reducer: reducer, middleware: recorder.middleware <> bridges)
    }

    @Test func theDesignExampleCompilesAndBridgesBothWays() {
        let recorder = ActionRecorder()
        let store = Self.store(LifeSignal.unfilteredBridges, recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive))
        #expect(store.state.isMonitoring)
        store.dispatch(.lifecycle(.didEnterBackground))
        #expect(!store.state.isMonitoring)
        #expect(
            recorder.actions == [
                .lifecycle(.didBecomeActive), .reachability(.startMonitoring),
                .lifecycle(.didEnterBackground), .reachability(.stopMonitoring),
            ]
        )
    }

    @Test func derivedActionIsProcessedBeforeDispatchReturns() {
        let recorder = ActionRecorder()
        let store = Self.store(LifeSignal.unfilteredBridges, recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive))
        // No await in between: the derived action was reduced inside `dispatch`.
        #expect(store.state.isMonitoring)
        #expect(store.pendingInboxCount == 0)
        #expect(recorder.actions.last == .reachability(.startMonitoring))
    }

    @Test func nonMatchingActionsPassUntouched() {
        let recorder = ActionRecorder()
        let store = Self.store(LifeSignal.unfilteredBridges, recorder: recorder)
        store.dispatch(.lifecycle(.willTerminate))
        store.dispatch(.checkIn(.refresh))
        #expect(recorder.actions == [.lifecycle(.willTerminate), .checkIn(.refresh)])
    }

    @Test func handleReturnsNoEffectWhenNothingMatches() {
        let bridges = LifeSignal.appBridges
        let effect = bridges.handle(action: .checkIn(.refresh), from: ActionSource(), state: .constant(AppState()))
        #expect(effect.isNone)
        let matched = bridges.handle(
            action: .lifecycle(.didBecomeActive),
            from: ActionSource(),
            state: .constant(AppState())
        )
        #expect(!matched.isNone)
    }

    @Test(arguments: [ReachabilityOptions.always, .onWifiOnly, .never])
    func closureFilterDecidesWhetherTheBridgeFires(options: ReachabilityOptions) {
        let recorder = ActionRecorder()
        var state = AppState()
        state.settings.reachabilityOptions = options
        let store = Self.store(LifeSignal.appBridges, state: state, recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive))
        #expect(store.state.isMonitoring == (options == .always))
        #expect(recorder.actions.contains(.reachability(.startMonitoring)) == (options == .always))
    }

    @Test(arguments: [true, false])
    func keyPathFilterDecidesWhetherTheBridgeFires(flag: Bool) {
        let recorder = ActionRecorder()
        var state = AppState(isMonitoring: true)
        state.settings.shouldUseReachability = flag
        let store = Self.store(LifeSignal.appBridges, state: state, recorder: recorder)
        store.dispatch(.lifecycle(.didEnterBackground))
        #expect(store.state.isMonitoring == !flag)
        #expect(recorder.actions.contains(.reachability(.stopMonitoring)) == flag)
    }

    /// A reducer that turns reachability on when the app enters the background, to show which
    /// state the filters read.
    static let flipsFlagOnBackground =
        Reducer<AppAction, AppState>.reduce { action, state in
            if case .lifecycle(.didEnterBackground) = action { state.settings.shouldUseReachability.toggle() }
        }
        <> LifeSignal.reducer

    @Test(arguments: [true, false])
    func filtersReadTheStateAfterTheReducer(flagBefore: Bool) {
        let recorder = ActionRecorder()
        var state = AppState(isMonitoring: true)
        state.settings.shouldUseReachability = flagBefore
        var seenByClosure: [Bool] = []
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(
                \AppAction.lifecycle?.didEnterBackground --> AppAction.reachability(.stopMonitoring),
                when: \.settings.shouldUseReachability
            )
            .bridge(
                \AppAction.lifecycle?.didEnterBackground --> AppAction.checkIn(.refresh),
                when: { getState in
                    seenByClosure.append(getState().settings.shouldUseReachability)
                    return getState().settings.shouldUseReachability
                }
            )
        let store = Self.store(bridges, state: state, reducer: Self.flipsFlagOnBackground, recorder: recorder)
        store.dispatch(.lifecycle(.didEnterBackground))
        let flagAfter = !flagBefore
        #expect(seenByClosure == [flagAfter])
        #expect(recorder.actions.contains(.reachability(.stopMonitoring)) == flagAfter)
        #expect(recorder.actions.contains(.checkIn(.refresh)) == flagAfter)
    }

    @Test func bridgeMappingToNilSendsNothing() {
        let recorder = ActionRecorder()
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.reachability?.connected --> { $0 == .cellular ? nil : .checkIn(.sync(via: $0)) })
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.reachability(.connected(.cellular)))
        store.dispatch(.reachability(.connected(.wifi)))
        #expect(
            recorder.actions == [
                .reachability(.connected(.cellular)),
                .reachability(.connected(.wifi)), .checkIn(.sync(via: .wifi)),
            ]
        )
        #expect(store.state.syncs == [.wifi])
    }

    @Test func severalBridgesOnOneActionFireInDeclarationOrder() {
        let recorder = ActionRecorder()
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.checkIn(.refresh))
            .bridge(\AppAction.lifecycle?.didEnterBackground --> AppAction.checkIn(.sync(via: .wired)))
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
            .bridge(AppAction.lifecycle(.didBecomeActive) --> AppAction.checkIn(.sync(via: .wifi)))
        #expect(bridges.count == 4)
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive))
        #expect(
            recorder.actions == [
                .lifecycle(.didBecomeActive),
                .checkIn(.refresh), .reachability(.startMonitoring), .checkIn(.sync(via: .wifi)),
            ]
        )
    }

    @Test func severalBridgeMiddlewaresCompose() {
        let recorder = ActionRecorder()
        let lifecycle = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
        let reachability = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.reachability?.connected --> { .checkIn(.sync(via: $0)) })
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: recorder.middleware <> lifecycle <> reachability
        )
        store.dispatch(.lifecycle(.didBecomeActive))
        store.dispatch(.reachability(.connected(.wired)))
        #expect(
            recorder.actions == [
                .lifecycle(.didBecomeActive), .reachability(.startMonitoring),
                .reachability(.connected(.wired)), .checkIn(.sync(via: .wired)),
            ]
        )
    }

    @Test func derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt() throws {
        let recorder = ActionRecorder()
        let bridgeLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
        let store = Self.store(bridges, recorder: recorder)
        let dispatchLine: UInt = #line + 1
        store.dispatch(.lifecycle(.didBecomeActive))

        let derived = try #require(recorder.entries.last)
        #expect(derived.action == .reachability(.startMonitoring))
        #expect(derived.source.file == "AqueductTests/BridgeMiddlewareTests.swift")
        #expect(derived.source.function == "derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt()")
        #expect(derived.source.line == dispatchLine)
        #expect(
            derived.source.info
                == "Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at BridgeMiddlewareTests.swift, "
                + "derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt():\(bridgeLine)"
        )
    }

    @Test func derivedActionKeepsTheOriginalInfoBeforeItsOwnLine() throws {
        let recorder = ActionRecorder()
        let store = Self.store(LifeSignal.unfilteredBridges, recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive), info: "scripted")
        let derived = try #require(recorder.entries.last)
        let lines = derived.source.info?.split(separator: "\n").map(String.init)
        #expect(lines?.count == 2)
        #expect(lines?.first == "scripted")
        #expect(
            lines?.last?.hasPrefix(
                "Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, unfilteredBridges:"
            ) == true
        )
    }

    @Test func chainedBridgesAccumulateOneLinePerHopOldestFirst() throws {
        let recorder = ActionRecorder()
        let firstLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
            .bridge(\AppAction.reachability?.startMonitoring --> AppAction.checkIn(.refresh))
        let store = Self.store(bridges, recorder: recorder)
        let source = ActionSource(file: "Lifecycle/AppLifecycleMiddleware.swift", function: "start(_:)", line: 118)
        store.dispatch(.lifecycle(.didBecomeActive), from: source)

        #expect(
            recorder.actions == [.lifecycle(.didBecomeActive), .reachability(.startMonitoring), .checkIn(.refresh)]
        )
        let last = try #require(recorder.entries.last)
        #expect(last.source.file == "Lifecycle/AppLifecycleMiddleware.swift")
        #expect(last.source.function == "start(_:)")
        #expect(last.source.line == 118)
        let function = "chainedBridgesAccumulateOneLinePerHopOldestFirst()"
        #expect(
            last.source.info == """
                Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at BridgeMiddlewareTests.swift, \
                \(function):\(firstLine)
                Bridged from reachability(ReachabilityEvent.startMonitoring) at BridgeMiddlewareTests.swift, \
                \(function):\(firstLine + 1)
                """
        )
    }

    @Test func bridgeFunctionIsTheOneThatAddedTheBridge() throws {
        let recorder = ActionRecorder()
        let store = Self.store(LifeSignal.appBridges, recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive))
        let derived = try #require(recorder.entries.last)
        #expect(
            derived.source.info
                == "Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7"
        )
    }
}
