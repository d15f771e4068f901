import Aqueduct
import Testing

@Suite struct BridgeOperatorTests {
    typealias AppAction = Player.AppAction

    @Test func voidKeyPathBridgeSendsItsActionForTheMatchingCaseOnly() {
        let bridge = \AppAction.playback?.didStart --> AppAction.downloads(.startDownloads)
        #expect(bridge.derive(from: .playback(.didStart)) == .downloads(.startDownloads))
        #expect(bridge.derive(from: .playback(.didPause)) == nil)
        #expect(bridge.derive(from: .downloads(.startDownloads)) == nil)
    }

    @Test func payloadKeyPathBridgePassesThePayload() {
        let bridge = \AppAction.downloads?.downloaded --> { .library(.add($0)) }
        #expect(bridge.derive(from: .downloads(.downloaded(.high))) == .library(.add(.high)))
        #expect(bridge.derive(from: .downloads(.interrupted)) == nil)
    }

    @Test func payloadKeyPathBridgeMayMapToNil() {
        let bridge = \AppAction.downloads?.downloaded --> { $0 == .low ? nil : .library(.add($0)) }
        #expect(bridge.derive(from: .downloads(.downloaded(.low))) == nil)
        #expect(bridge.derive(from: .downloads(.downloaded(.standard))) == .library(.add(.standard)))
    }

    @Test func payloadKeyPathBridgeTakesAFunction() {
        let sync: @Sendable (Quality) -> AppAction = { .library(.add($0)) }
        let bridge = \AppAction.downloads?.downloaded --> sync
        #expect(bridge.derive(from: .downloads(.downloaded(.standard))) == .library(.add(.standard)))
    }

    @Test func keyPathValuesBridgeLikeLiterals() {
        // Stored key paths are not literals: they are spelled `Bridge.on(_:send:)`.
        let active: KeyPath<AppAction, Void?> & Sendable = \AppAction.playback?.didStart
        let downloaded: KeyPath<AppAction, Quality?> & Sendable = \AppAction.downloads?.downloaded
        let fixed = Bridge.on(active, send: AppAction.downloads(.startDownloads))
        let payload = Bridge.on(downloaded, send: { .library(.add($0)) })
        #expect(fixed.derive(from: .playback(.didStart)) == .downloads(.startDownloads))
        #expect(fixed.derive(from: .playback(.didPause)) == nil)
        #expect(payload.derive(from: .downloads(.downloaded(.high))) == .library(.add(.high)))
        #expect(payload.derive(from: .downloads(.interrupted)) == nil)
    }

    @Test func aKeyPathValueBridgeMayMapToNilAndTakesAVoidPayloadClosure() {
        let downloaded: KeyPath<AppAction, Quality?> & Sendable = \AppAction.downloads?.downloaded
        let active: KeyPath<AppAction, Void?> & Sendable = \AppAction.playback?.didStart
        let wiredOnly = Bridge.on(downloaded, send: { $0 == .standard ? .library(.refresh) : nil })
        let fromVoid = Bridge.on(active, send: { AppAction.library(.refresh) })
        #expect(wiredOnly.derive(from: .downloads(.downloaded(.high))) == nil)
        #expect(wiredOnly.derive(from: .downloads(.downloaded(.standard))) == .library(.refresh))
        #expect(fromVoid.derive(from: .playback(.didStart)) == .library(.refresh))
        #expect(fromVoid.derive(from: .playback(.didStop)) == nil)
    }

    @Test func equatableValueBridgeMatchesByEquality() {
        let bridge = AppAction.playback(.didStop) --> AppAction.downloads(.stopDownloads)
        #expect(bridge.derive(from: .playback(.didStop)) == .downloads(.stopDownloads))
        #expect(bridge.derive(from: .playback(.didStart)) == nil)
    }

    @Test func bridgeFromAFunctionDerivesForEveryAction() {
        let bridge = Bridge<AppAction> { action in
            if case .library(.refresh) = action { return .downloads(.startDownloads) }
            return nil
        }
        #expect(bridge.derive(from: .library(.refresh)) == .downloads(.startDownloads))
        #expect(bridge.derive(from: .library(.add(.high))) == nil)
    }

    @Test(arguments: [true, false])
    func arrowBindsLooserThanTheOperatorsOfItsOperands(preferHigh: Bool) {
        // Parses as `keyPath --> (preferHigh ? … : …)`.
        let bridge =
            \AppAction.playback?.didStart
                --> preferHigh ? AppAction.library(.add(.high)) : AppAction.library(.refresh)
        let expected = preferHigh ? AppAction.library(.add(.high)) : .library(.refresh)
        #expect(bridge.derive(from: .playback(.didStart)) == expected)
    }
}

@MainActor
@Suite struct BridgeOperatorInferenceTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    @Test func rootAndActionTypesAreInferredFromTheMiddleware() {
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback?.didStart --> .downloads(.startDownloads))
            .bridge(\.downloads?.downloaded --> { .library(.add($0)) }, when: \.isPlaying)
            .bridge(.playback(.didStop) --> .downloads(.stopDownloads))
        #expect(bridges.count == 3)
        let recorder = ActionRecorder()
        let store = Store(
            initialState: AppState(),
            reducer: Player.reducer,
            middleware: recorder.middleware <> bridges
        )
        store.dispatch(.downloads(.downloaded(.high)))  // not active yet: filtered out
        store.dispatch(.playback(.didStart))
        store.dispatch(.downloads(.downloaded(.high)))
        store.dispatch(.playback(.didStop))
        #expect(
            recorder.actions == [
                .downloads(.downloaded(.high)),
                .playback(.didStart), .downloads(.startDownloads),
                .downloads(.downloaded(.high)), .library(.add(.high)),
                .playback(.didStop), .downloads(.stopDownloads),
            ]
        )
    }
}
