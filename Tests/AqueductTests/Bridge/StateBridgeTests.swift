import Aqueduct
import Testing

@MainActor
@Suite struct StateBridgeTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    static func store(
        _ bridges: BridgeMiddleware<AppAction, AppState>,
        state: AppState = AppState(),
        recorder: ActionRecorder
    ) -> Store<AppAction, AppState> {
        Store(initialState: state, reducer: Player.reducer, middleware: recorder.middleware <> bridges)
    }

    /// Syncs over the connection that came up, but only while the app is active.
    static let syncWhileActive: StateBridge<AppAction, AppState> =
        \.downloads.downloaded --> { kind, state in state.isPlaying ? .library(.add(kind)) : nil }

    @Test(arguments: [true, false])
    func theRightSideReceivesThePayloadAndTheState(isPlaying: Bool) {
        let state = AppState(isPlaying: isPlaying)
        let derived = Self.syncWhileActive.derive(from: .downloads(.downloaded(.high)), state: state)
        #expect(derived == (isPlaying ? .library(.add(.high)) : nil))
        #expect(Self.syncWhileActive.derive(from: .downloads(.interrupted), state: state) == nil)
        #expect(Self.syncWhileActive.derive(from: .playback(.didStart), state: state) == nil)
    }

    @Test func aCaseWithoutPayloadPassesVoid() {
        let bridge: StateBridge<AppAction, AppState> =
            \.playback.didStart --> { _, state in state.added.last.map { .library(.add($0)) }
            }
        #expect(
            bridge.derive(from: .playback(.didStart), state: (AppState(added: [.standard])))
                == .library(.add(.standard))
        )
        #expect(bridge.derive(from: .playback(.didStart), state: (AppState())) == nil)
        #expect(bridge.derive(from: .playback(.didStop), state: (AppState(added: [.standard]))) == nil)
    }

    @Test func aKeyPathValueBridgesLikeALiteral() {
        let downloaded: CaseKeyPath<AppAction, Quality> = \.downloads.downloaded
        let bridge: StateBridge<AppAction, AppState> =
            downloaded --> { kind, state in
                state.isPlaying ? .library(.add(kind)) : nil
            }
        let active = AppState(isPlaying: true)
        #expect(
            bridge.derive(from: .downloads(.downloaded(.low)), state: active) == .library(.add(.low))
        )
        #expect(bridge.derive(from: .downloads(.downloaded(.low)), state: (AppState())) == nil)
        #expect(bridge.derive(from: .downloads(.interrupted), state: active) == nil)
    }

    @Test func aBridgeFromAFunctionDerivesForEveryAction() {
        let bridge = StateBridge<AppAction, AppState> { action, state in
            guard case .library(.refresh) = action, !state.isDownloading else { return nil }
            return .downloads(.startDownloads)
        }
        #expect(
            bridge.derive(from: .library(.refresh), state: (AppState())) == .downloads(.startDownloads)
        )
        #expect(bridge.derive(from: .library(.refresh), state: (AppState(isDownloading: true))) == nil)
        #expect(bridge.derive(from: .playback(.didStart), state: (AppState())) == nil)
    }

    @Test func typesAreInferredInsideBridgeWithEveryFormOfTheLeftSide() {
        let downloaded: CaseKeyPath<AppAction, Quality> = \.downloads.downloaded
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> { _, state in state.isDownloading ? nil : .library(.refresh) })
            .bridge(\.downloads.downloaded --> { kind, _ in .library(.add(kind)) })
            .bridge(downloaded --> { kind, state in state.isPlaying ? .library(.add(kind)) : nil })
            .bridge(\.playback.didStart --> .downloads(.startDownloads))
            .bridge(\.playback.didStart --> { _ in .library(.refresh) })  // one parameter: a Bridge
            .bridge(\.downloads.downloaded --> { .library(.add($0)) })
        #expect(bridges.count == 6)
    }

    @Test(arguments: [true, false])
    func theStateIsReadAfterTheReducer(wasActive: Bool) {
        // The reducer makes the app active on `didStart`; the bridge must see that.
        let recorder = ActionRecorder()
        var seen: [Bool] = []
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(
                \.playback.didStart --> { _, state in
                    seen.append(state.isPlaying)
                    return state.isPlaying ? .library(.refresh) : nil
                }
            )
        let store = Self.store(bridges, state: AppState(isPlaying: wasActive), recorder: recorder)
        store.dispatch(.playback(.didStart))
        #expect(seen == [true])
        #expect(recorder.actions == [.playback(.didStart), .library(.refresh)])
    }

    @Test func returningNilSendsNothingAndNonMatchingActionsAreNotLookedAt() {
        let recorder = ActionRecorder()
        var calls = 0
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(
                \.downloads.downloaded --> { kind, state in
                    calls += 1
                    return state.isPlaying ? .library(.add(kind)) : nil
                }
            )
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.downloads(.downloaded(.high)))  // inactive: nil
        store.dispatch(.playback(.didStart))  // does not match: the closure is not called
        store.dispatch(.downloads(.downloaded(.standard)))
        #expect(calls == 2)
        #expect(
            recorder.actions == [
                .downloads(.downloaded(.high)),
                .playback(.didStart),
                .downloads(.downloaded(.standard)), .library(.add(.standard)),
            ]
        )
        #expect(store.state.added == [.standard])
    }

    @Test func handleReturnsNoEffectWhenNoStateBridgeMatches() {
        let bridges = BridgeMiddleware<AppAction, AppState>().bridge(Self.syncWhileActive)
        let state = GetState.constant(AppState(isPlaying: true))
        #expect(bridges.handle(action: .playback(.didStart), from: ActionSource(), state: state).isNone)
        #expect(!bridges.handle(action: .downloads(.downloaded(.high)), from: ActionSource(), state: state).isNone)
    }

    @Test func stateBridgesAndOtherBridgesFireInDeclarationOrder() {
        let recorder = ActionRecorder()
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.library(.refresh))
            .bridge(\.playback.didStart --> { _, _ in .library(.add(.high)) })
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
            .bridge(\.playback.didStart --> { _, _ in .library(.add(.standard)) })
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.playback(.didStart))
        #expect(
            recorder.actions == [
                .playback(.didStart),
                .library(.refresh), .library(.add(.high)),
                .downloads(.startDownloads), .library(.add(.standard)),
            ]
        )
    }

    @Test func derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt() throws {
        let recorder = ActionRecorder()
        let bridgeLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.downloads.downloaded --> { kind, _ in .library(.add(kind)) })
        let store = Self.store(bridges, recorder: recorder)
        let dispatchLine: UInt = #line + 1
        store.dispatch(.downloads(.downloaded(.high)), info: "scripted")

        let derived = try #require(recorder.entries.last)
        #expect(derived.action == .library(.add(.high)))
        #expect(derived.source.file == "AqueductTests/StateBridgeTests.swift")
        #expect(derived.source.function == "derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt()")
        #expect(derived.source.line == dispatchLine)
        #expect(
            derived.source.info == """
                scripted
                Bridged from downloads(DownloadEvent.downloaded(Quality.high)) at StateBridgeTests.swift, \
                derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt():\(bridgeLine)
                """
        )
    }

    @Test func hopsThroughStateBridgesAccumulateOneLineEachOldestFirst() throws {
        let recorder = ActionRecorder()
        typealias Derive = @MainActor @Sendable (Void, AppState) -> AppAction?
        let startIfActive: Derive = { _, state in state.isPlaying ? .downloads(.startDownloads) : nil }
        let syncIfMonitoring: Derive = { _, state in state.isDownloading ? .library(.add(.standard)) : nil }
        let firstLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> startIfActive)
            .bridge(\.downloads.startDownloads --> AppAction.library(.refresh))
            .bridge(\.library.refresh --> syncIfMonitoring)
        let store = Self.store(bridges, recorder: recorder)
        let source = ActionSource(file: "Player/PlaybackMiddleware.swift", function: "start(_:)", line: 118)
        store.dispatch(.playback(.didStart), from: source)

        #expect(
            recorder.actions == [
                .playback(.didStart), .downloads(.startDownloads), .library(.refresh),
                .library(.add(.standard)),
            ]
        )
        let last = try #require(recorder.entries.last)
        #expect(last.source.file == "Player/PlaybackMiddleware.swift")
        #expect(last.source.function == "start(_:)")
        #expect(last.source.line == 118)
        let function = "hopsThroughStateBridgesAccumulateOneLineEachOldestFirst()"
        #expect(
            last.source.info == """
                Bridged from playback(PlaybackEvent.didStart) at StateBridgeTests.swift, \
                \(function):\(firstLine)
                Bridged from downloads(DownloadEvent.startDownloads) at StateBridgeTests.swift, \
                \(function):\(firstLine + 1)
                Bridged from library(LibraryAction.refresh) at StateBridgeTests.swift, \
                \(function):\(firstLine + 2)
                """
        )
    }
}
