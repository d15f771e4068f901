import Aqueduct
import Testing

@Suite struct BridgeOperatorTests {
    typealias AppAction = LifeSignal.AppAction

    @Test func voidKeyPathBridgeSendsItsActionForTheMatchingCaseOnly() {
        let bridge = \AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring)
        #expect(bridge.derive(from: .lifecycle(.didBecomeActive)) == .reachability(.startMonitoring))
        #expect(bridge.derive(from: .lifecycle(.didEnterBackground)) == nil)
        #expect(bridge.derive(from: .reachability(.startMonitoring)) == nil)
    }

    @Test func payloadKeyPathBridgePassesThePayload() {
        let bridge = \AppAction.reachability?.connected --> { .checkIn(.sync(via: $0)) }
        #expect(bridge.derive(from: .reachability(.connected(.wifi))) == .checkIn(.sync(via: .wifi)))
        #expect(bridge.derive(from: .reachability(.disconnected)) == nil)
    }

    @Test func payloadKeyPathBridgeMayMapToNil() {
        let bridge = \AppAction.reachability?.connected --> { $0 == .cellular ? nil : .checkIn(.sync(via: $0)) }
        #expect(bridge.derive(from: .reachability(.connected(.cellular))) == nil)
        #expect(bridge.derive(from: .reachability(.connected(.wired))) == .checkIn(.sync(via: .wired)))
    }

    @Test func payloadKeyPathBridgeTakesAFunction() {
        let sync: @Sendable (ConnectionKind) -> AppAction = { .checkIn(.sync(via: $0)) }
        let bridge = \AppAction.reachability?.connected --> sync
        #expect(bridge.derive(from: .reachability(.connected(.wired))) == .checkIn(.sync(via: .wired)))
    }

    @Test func keyPathValuesBridgeLikeLiterals() {
        // Stored key paths are not literals: they are spelled `Bridge.on(_:send:)`.
        let active: KeyPath<AppAction, Void?> & Sendable = \AppAction.lifecycle?.didBecomeActive
        let connected: KeyPath<AppAction, ConnectionKind?> & Sendable = \AppAction.reachability?.connected
        let fixed = Bridge.on(active, send: AppAction.reachability(.startMonitoring))
        let payload = Bridge.on(connected, send: { .checkIn(.sync(via: $0)) })
        #expect(fixed.derive(from: .lifecycle(.didBecomeActive)) == .reachability(.startMonitoring))
        #expect(fixed.derive(from: .lifecycle(.didEnterBackground)) == nil)
        #expect(payload.derive(from: .reachability(.connected(.wifi))) == .checkIn(.sync(via: .wifi)))
        #expect(payload.derive(from: .reachability(.disconnected)) == nil)
    }

    @Test func aKeyPathValueBridgeMayMapToNilAndTakesAVoidPayloadClosure() {
        let connected: KeyPath<AppAction, ConnectionKind?> & Sendable = \AppAction.reachability?.connected
        let active: KeyPath<AppAction, Void?> & Sendable = \AppAction.lifecycle?.didBecomeActive
        let wiredOnly = Bridge.on(connected, send: { $0 == .wired ? .checkIn(.refresh) : nil })
        let fromVoid = Bridge.on(active, send: { AppAction.checkIn(.refresh) })
        #expect(wiredOnly.derive(from: .reachability(.connected(.wifi))) == nil)
        #expect(wiredOnly.derive(from: .reachability(.connected(.wired))) == .checkIn(.refresh))
        #expect(fromVoid.derive(from: .lifecycle(.didBecomeActive)) == .checkIn(.refresh))
        #expect(fromVoid.derive(from: .lifecycle(.willTerminate)) == nil)
    }

    @Test func equatableValueBridgeMatchesByEquality() {
        let bridge = AppAction.lifecycle(.willTerminate) --> AppAction.reachability(.stopMonitoring)
        #expect(bridge.derive(from: .lifecycle(.willTerminate)) == .reachability(.stopMonitoring))
        #expect(bridge.derive(from: .lifecycle(.didBecomeActive)) == nil)
    }

    @Test func bridgeFromAFunctionDerivesForEveryAction() {
        let bridge = Bridge<AppAction> { action in
            if case .checkIn(.refresh) = action { return .reachability(.startMonitoring) }
            return nil
        }
        #expect(bridge.derive(from: .checkIn(.refresh)) == .reachability(.startMonitoring))
        #expect(bridge.derive(from: .checkIn(.sync(via: .wifi))) == nil)
    }

    @Test(arguments: [true, false])
    func arrowBindsLooserThanTheOperatorsOfItsOperands(preferWifi: Bool) {
        // Parses as `keyPath --> (preferWifi ? … : …)`.
        let bridge =
            \AppAction.lifecycle?.didBecomeActive
                --> preferWifi ? AppAction.checkIn(.sync(via: .wifi)) : AppAction.checkIn(.refresh)
        let expected = preferWifi ? AppAction.checkIn(.sync(via: .wifi)) : .checkIn(.refresh)
        #expect(bridge.derive(from: .lifecycle(.didBecomeActive)) == expected)
    }
}

@MainActor
@Suite struct BridgeOperatorInferenceTests {
    typealias AppAction = LifeSignal.AppAction
    typealias AppState = LifeSignal.AppState

    @Test func rootAndActionTypesAreInferredFromTheMiddleware() {
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.lifecycle?.didBecomeActive --> .reachability(.startMonitoring))
            .bridge(\.reachability?.connected --> { .checkIn(.sync(via: $0)) }, when: \.isActive)
            .bridge(.lifecycle(.willTerminate) --> .reachability(.stopMonitoring))
        #expect(bridges.count == 3)
        let recorder = ActionRecorder()
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: recorder.middleware <> bridges
        )
        store.dispatch(.reachability(.connected(.wifi)))  // not active yet: filtered out
        store.dispatch(.lifecycle(.didBecomeActive))
        store.dispatch(.reachability(.connected(.wifi)))
        store.dispatch(.lifecycle(.willTerminate))
        #expect(
            recorder.actions == [
                .reachability(.connected(.wifi)),
                .lifecycle(.didBecomeActive), .reachability(.startMonitoring),
                .reachability(.connected(.wifi)), .checkIn(.sync(via: .wifi)),
                .lifecycle(.willTerminate), .reachability(.stopMonitoring),
            ]
        )
    }
}
