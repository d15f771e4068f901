import Aqueduct
import Testing

@MainActor
@Suite struct StateBridgeTests {
    typealias AppAction = LifeSignal.AppAction
    typealias AppState = LifeSignal.AppState

    static func store(
        _ bridges: BridgeMiddleware<AppAction, AppState>,
        state: AppState = AppState(),
        recorder: ActionRecorder
    ) -> Store<AppAction, AppState> {
        Store(initialState: state, reducer: LifeSignal.reducer, middleware: recorder.middleware <> bridges)
    }

    /// Syncs over the connection that came up, but only while the app is active.
    static let syncWhileActive: StateBridge<AppAction, AppState> =
        \AppAction.reachability?.connected --> { kind, state in state().isActive ? .checkIn(.sync(via: kind)) : nil }

    @Test(arguments: [true, false])
    func theRightSideReceivesThePayloadAndTheState(isActive: Bool) {
        let state = GetState.constant(AppState(isActive: isActive))
        let derived = Self.syncWhileActive.derive(from: .reachability(.connected(.wifi)), state: state)
        #expect(derived == (isActive ? .checkIn(.sync(via: .wifi)) : nil))
        #expect(Self.syncWhileActive.derive(from: .reachability(.disconnected), state: state) == nil)
        #expect(Self.syncWhileActive.derive(from: .lifecycle(.didBecomeActive), state: state) == nil)
    }

    @Test func aCaseWithoutPayloadPassesVoid() {
        let bridge: StateBridge<AppAction, AppState> =
            \AppAction.lifecycle?.didBecomeActive --> { _, state in state().syncs.last.map { .checkIn(.sync(via: $0)) }
            }
        #expect(
            bridge.derive(from: .lifecycle(.didBecomeActive), state: .constant(AppState(syncs: [.wired])))
                == .checkIn(.sync(via: .wired))
        )
        #expect(bridge.derive(from: .lifecycle(.didBecomeActive), state: .constant(AppState())) == nil)
        #expect(bridge.derive(from: .lifecycle(.willTerminate), state: .constant(AppState(syncs: [.wired]))) == nil)
    }

    @Test func aKeyPathValueBridgesLikeALiteral() {
        let connected: KeyPath<AppAction, ConnectionKind?> & Sendable = \AppAction.reachability?.connected
        let bridge = StateBridge<AppAction, AppState>.on(connected) { kind, state in
            state().isActive ? .checkIn(.sync(via: kind)) : nil
        }
        let active = GetState.constant(AppState(isActive: true))
        #expect(
            bridge.derive(from: .reachability(.connected(.cellular)), state: active) == .checkIn(.sync(via: .cellular))
        )
        #expect(bridge.derive(from: .reachability(.connected(.cellular)), state: .constant(AppState())) == nil)
        #expect(bridge.derive(from: .reachability(.disconnected), state: active) == nil)
    }

    @Test func aBridgeFromAFunctionDerivesForEveryAction() {
        let bridge = StateBridge<AppAction, AppState> { action, state in
            guard case .checkIn(.refresh) = action, !state().isMonitoring else { return nil }
            return .reachability(.startMonitoring)
        }
        #expect(
            bridge.derive(from: .checkIn(.refresh), state: .constant(AppState())) == .reachability(.startMonitoring)
        )
        #expect(bridge.derive(from: .checkIn(.refresh), state: .constant(AppState(isMonitoring: true))) == nil)
        #expect(bridge.derive(from: .lifecycle(.didBecomeActive), state: .constant(AppState())) == nil)
    }

    @Test func typesAreInferredInsideBridgeWithEveryFormOfTheLeftSide() {
        let connected: KeyPath<AppAction, ConnectionKind?> & Sendable = \AppAction.reachability?.connected
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.lifecycle?.didBecomeActive --> { _, state in state().isMonitoring ? nil : .checkIn(.refresh) })
            .bridge(\.reachability?.connected --> { kind, _ in .checkIn(.sync(via: kind)) })
            .bridge(.on(connected, send: { kind, state in state().isActive ? .checkIn(.sync(via: kind)) : nil }))
            .bridge(\.lifecycle?.didBecomeActive --> .reachability(.startMonitoring))
            .bridge(\.lifecycle?.didBecomeActive --> { _ in .checkIn(.refresh) })  // one parameter: a Bridge
            .bridge(\.reachability?.connected --> { .checkIn(.sync(via: $0)) })
        #expect(bridges.count == 6)
    }

    @Test(arguments: [true, false])
    func theStateIsReadAfterTheReducer(wasActive: Bool) {
        // The reducer makes the app active on `didBecomeActive`; the bridge must see that.
        let recorder = ActionRecorder()
        var seen: [Bool] = []
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(
                \AppAction.lifecycle?.didBecomeActive --> { _, state in
                    seen.append(state().isActive)
                    return state().isActive ? .checkIn(.refresh) : nil
                }
            )
        let store = Self.store(bridges, state: AppState(isActive: wasActive), recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive))
        #expect(seen == [true])
        #expect(recorder.actions == [.lifecycle(.didBecomeActive), .checkIn(.refresh)])
    }

    @Test func returningNilSendsNothingAndNonMatchingActionsAreNotLookedAt() {
        let recorder = ActionRecorder()
        var calls = 0
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(
                \AppAction.reachability?.connected --> { kind, state in
                    calls += 1
                    return state().isActive ? .checkIn(.sync(via: kind)) : nil
                }
            )
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.reachability(.connected(.wifi)))  // inactive: nil
        store.dispatch(.lifecycle(.didBecomeActive))  // does not match: the closure is not called
        store.dispatch(.reachability(.connected(.wired)))
        #expect(calls == 2)
        #expect(
            recorder.actions == [
                .reachability(.connected(.wifi)),
                .lifecycle(.didBecomeActive),
                .reachability(.connected(.wired)), .checkIn(.sync(via: .wired)),
            ]
        )
        #expect(store.state.syncs == [.wired])
    }

    @Test func handleReturnsNoEffectWhenNoStateBridgeMatches() {
        let bridges = BridgeMiddleware<AppAction, AppState>().bridge(Self.syncWhileActive)
        let state = GetState.constant(AppState(isActive: true))
        #expect(bridges.handle(action: .lifecycle(.didBecomeActive), from: ActionSource(), state: state).isNone)
        #expect(!bridges.handle(action: .reachability(.connected(.wifi)), from: ActionSource(), state: state).isNone)
    }

    @Test func stateBridgesAndOtherBridgesFireInDeclarationOrder() {
        let recorder = ActionRecorder()
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.checkIn(.refresh))
            .bridge(\AppAction.lifecycle?.didBecomeActive --> { _, _ in .checkIn(.sync(via: .wifi)) })
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
            .bridge(\AppAction.lifecycle?.didBecomeActive --> { _, _ in .checkIn(.sync(via: .wired)) })
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.lifecycle(.didBecomeActive))
        #expect(
            recorder.actions == [
                .lifecycle(.didBecomeActive),
                .checkIn(.refresh), .checkIn(.sync(via: .wifi)),
                .reachability(.startMonitoring), .checkIn(.sync(via: .wired)),
            ]
        )
    }

    @Test func derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt() throws {
        let recorder = ActionRecorder()
        let bridgeLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.reachability?.connected --> { kind, _ in .checkIn(.sync(via: kind)) })
        let store = Self.store(bridges, recorder: recorder)
        let dispatchLine: UInt = #line + 1
        store.dispatch(.reachability(.connected(.wifi)), info: "scripted")

        let derived = try #require(recorder.entries.last)
        #expect(derived.action == .checkIn(.sync(via: .wifi)))
        #expect(derived.source.file == "AqueductTests/StateBridgeTests.swift")
        #expect(derived.source.function == "derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt()")
        #expect(derived.source.line == dispatchLine)
        #expect(
            derived.source.info == """
                scripted
                Bridged from reachability(ReachabilityEvent.connected(ConnectionKind.wifi)) at StateBridgeTests.swift, \
                derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt():\(bridgeLine)
                """
        )
    }

    @Test func hopsThroughStateBridgesAccumulateOneLineEachOldestFirst() throws {
        let recorder = ActionRecorder()
        typealias Derive = @MainActor @Sendable (Void, GetState<AppState>) -> AppAction?
        let startIfActive: Derive = { _, state in state().isActive ? .reachability(.startMonitoring) : nil }
        let syncIfMonitoring: Derive = { _, state in state().isMonitoring ? .checkIn(.sync(via: .wired)) : nil }
        let firstLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> startIfActive)
            .bridge(\AppAction.reachability?.startMonitoring --> AppAction.checkIn(.refresh))
            .bridge(\AppAction.checkIn?.refresh --> syncIfMonitoring)
        let store = Self.store(bridges, recorder: recorder)
        let source = ActionSource(file: "Lifecycle/AppLifecycleMiddleware.swift", function: "start(_:)", line: 118)
        store.dispatch(.lifecycle(.didBecomeActive), from: source)

        #expect(
            recorder.actions == [
                .lifecycle(.didBecomeActive), .reachability(.startMonitoring), .checkIn(.refresh),
                .checkIn(.sync(via: .wired)),
            ]
        )
        let last = try #require(recorder.entries.last)
        #expect(last.source.file == "Lifecycle/AppLifecycleMiddleware.swift")
        #expect(last.source.function == "start(_:)")
        #expect(last.source.line == 118)
        let function = "hopsThroughStateBridgesAccumulateOneLineEachOldestFirst()"
        #expect(
            last.source.info == """
                Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at StateBridgeTests.swift, \
                \(function):\(firstLine)
                Bridged from reachability(ReachabilityEvent.startMonitoring) at StateBridgeTests.swift, \
                \(function):\(firstLine + 1)
                Bridged from checkIn(CheckInAction.refresh) at StateBridgeTests.swift, \
                \(function):\(firstLine + 2)
                """
        )
    }
}
