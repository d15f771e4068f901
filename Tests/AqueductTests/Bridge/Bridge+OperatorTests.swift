import Aqueduct
import Testing

/// A case path in a global constant: case key paths are `Sendable`.
let playbackStarted: CaseKeyPath<Player.AppAction, Void> = \.playback.didStart

@Suite struct BridgeOperatorTests {
    typealias AppAction = Player.AppAction

    @Test func aCaseBridgeSendsItsActionForTheMatchingCaseOnly() {
        let bridge = \.playback.didStart --> AppAction.downloads(.startDownloads)
        #expect(bridge.derive(from: .playback(.didStart)) == .downloads(.startDownloads))
        #expect(bridge.derive(from: .playback(.didPause)) == nil)
        #expect(bridge.derive(from: .downloads(.startDownloads)) == nil)
    }

    @Test func aFixedActionMayFollowACaseWithAPayload() {
        let bridge = \.downloads.downloaded --> AppAction.library(.refresh)
        #expect(bridge.derive(from: .downloads(.downloaded(.low))) == .library(.refresh))
        #expect(bridge.derive(from: .downloads(.interrupted)) == nil)
    }

    @Test func aPayloadBridgePassesThePayload() {
        let bridge = \AppAction.Cases.downloads.downloaded --> { .library(.add($0)) }
        #expect(bridge.derive(from: .downloads(.downloaded(.high))) == .library(.add(.high)))
        #expect(bridge.derive(from: .downloads(.interrupted)) == nil)
    }

    @Test func aPayloadBridgeMayMapToNil() {
        let bridge = \AppAction.Cases.downloads.downloaded --> { $0 == .low ? nil : .library(.add($0)) }
        #expect(bridge.derive(from: .downloads(.downloaded(.low))) == nil)
        #expect(bridge.derive(from: .downloads(.downloaded(.standard))) == .library(.add(.standard)))
    }

    @Test func aPayloadBridgeTakesAFunction() {
        let sync: @Sendable (Quality) -> AppAction = { .library(.add($0)) }
        let bridge = \.downloads.downloaded --> sync
        #expect(bridge.derive(from: .downloads(.downloaded(.standard))) == .library(.add(.standard)))
    }

    @Test func caseKeyPathsHeldInVariablesBridgeLikeLiterals() {
        // The same operator: a case path is resolved when the bridge is built, either way.
        let active: CaseKeyPath<AppAction, Void> = \.playback.didStart
        let downloaded: CaseKeyPath<AppAction, Quality> = \.downloads.downloaded
        let fixed = active --> AppAction.downloads(.startDownloads)
        let payload = downloaded --> { .library(.add($0)) }
        #expect(fixed.derive(from: .playback(.didStart)) == .downloads(.startDownloads))
        #expect(fixed.derive(from: .playback(.didPause)) == nil)
        #expect(payload.derive(from: .downloads(.downloaded(.high))) == .library(.add(.high)))
        #expect(payload.derive(from: .downloads(.interrupted)) == nil)
    }

    @Test func aCaseKeyPathCrossesIsolationAndIsResolvedWhereItIsUsed() async {
        let bridge = await Task.detached { playbackStarted --> AppAction.library(.refresh) }.value
        #expect(bridge.derive(from: .playback(.didStart)) == .library(.refresh))
        #expect(bridge.derive(from: .playback(.didStop)) == nil)
    }

    @Test func caseKeyPathsChosenFromAListBridgeTheirOwnCase() {
        let triggers: [CaseKeyPath<AppAction, Void>] = [\.playback.didStart, \.playback.didPause, \.playback.didStop]
        let bridges = triggers.map { $0 --> AppAction.library(.refresh) }
        #expect(bridges.map { $0.derive(from: .playback(.didPause)) } == [nil, .library(.refresh), nil])
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
            \.playback.didStart
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
            .bridge(\.playback.didStart --> .downloads(.startDownloads))
            .bridge(\.downloads.downloaded --> { .library(.add($0)) }, when: \.isPlaying)
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
