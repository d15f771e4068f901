import Aqueduct
import Testing

@MainActor
@Suite(.timeLimit(.minutes(3))) struct BridgeMiddlewareTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    static func store(
        _ bridges: BridgeMiddleware<AppAction, AppState>,
        state: AppState = AppState(),
        reducer: Reducer<AppAction, AppState> = Player.reducer,
        recorder: ActionRecorder
    ) -> Store<AppAction, AppState> {
        Store(initialState: state, reducer: reducer, middleware: recorder.middleware <> bridges)
    }

    @Test func theDesignExampleCompilesAndBridgesBothWays() {
        let recorder = ActionRecorder()
        let store = Self.store(Player.unfilteredBridges, recorder: recorder)
        store.dispatch(.playback(.didStart))
        #expect(store.state.isDownloading)
        store.dispatch(.playback(.didPause))
        #expect(!store.state.isDownloading)
        #expect(
            recorder.actions == [
                .playback(.didStart), .downloads(.startDownloads),
                .playback(.didPause), .downloads(.stopDownloads),
            ]
        )
    }

    @Test func derivedActionIsProcessedBeforeDispatchReturns() {
        let recorder = ActionRecorder()
        let store = Self.store(Player.unfilteredBridges, recorder: recorder)
        store.dispatch(.playback(.didStart))
        // No await in between: the derived action was reduced inside `dispatch`.
        #expect(store.state.isDownloading)
        #expect(store.pendingInboxCount == 0)
        #expect(recorder.actions.last == .downloads(.startDownloads))
    }

    @Test func nonMatchingActionsPassUntouched() {
        let recorder = ActionRecorder()
        let store = Self.store(Player.unfilteredBridges, recorder: recorder)
        store.dispatch(.playback(.didStop))
        store.dispatch(.library(.refresh))
        #expect(recorder.actions == [.playback(.didStop), .library(.refresh)])
    }

    @Test func handleReturnsNoEffectWhenNothingMatches() {
        let bridges = Player.appBridges
        let effect = bridges.handle(action: .library(.refresh), from: ActionSource(), state: .constant(AppState()))
        #expect(effect.isNone)
        let matched = bridges.handle(
            action: .playback(.didStart),
            from: ActionSource(),
            state: .constant(AppState())
        )
        #expect(!matched.isNone)
    }

    @Test(arguments: [DownloadPolicy.always, .whenCharging, .never])
    func closureFilterDecidesWhetherTheBridgeFires(options: DownloadPolicy) {
        let recorder = ActionRecorder()
        var state = AppState()
        state.settings.downloadPolicy = options
        let store = Self.store(Player.appBridges, state: state, recorder: recorder)
        store.dispatch(.playback(.didStart))
        #expect(store.state.isDownloading == (options == .always))
        #expect(recorder.actions.contains(.downloads(.startDownloads)) == (options == .always))
    }

    @Test(arguments: [true, false])
    func keyPathFilterDecidesWhetherTheBridgeFires(flag: Bool) {
        let recorder = ActionRecorder()
        var state = AppState(isDownloading: true)
        state.settings.autoDownload = flag
        let store = Self.store(Player.appBridges, state: state, recorder: recorder)
        store.dispatch(.playback(.didPause))
        #expect(store.state.isDownloading == !flag)
        #expect(recorder.actions.contains(.downloads(.stopDownloads)) == flag)
    }

    /// A reducer that turns downloads on when the app enters the background, to show which
    /// state the filters read.
    static let flipsFlagOnBackground =
        Reducer<AppAction, AppState>.reduce { action, state in
            if case .playback(.didPause) = action { state.settings.autoDownload.toggle() }
        }
        <> Player.reducer

    @Test(arguments: [true, false])
    func filtersReadTheStateAfterTheReducer(flagBefore: Bool) {
        let recorder = ActionRecorder()
        var state = AppState(isDownloading: true)
        state.settings.autoDownload = flagBefore
        var seenByClosure: [Bool] = []
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(
                \.playback.didPause --> AppAction.downloads(.stopDownloads),
                when: \.settings.autoDownload
            )
            .bridge(
                \.playback.didPause --> AppAction.library(.refresh),
                when: { state in
                    seenByClosure.append(state.settings.autoDownload)
                    return state.settings.autoDownload
                }
            )
        let store = Self.store(bridges, state: state, reducer: Self.flipsFlagOnBackground, recorder: recorder)
        store.dispatch(.playback(.didPause))
        let flagAfter = !flagBefore
        #expect(seenByClosure == [flagAfter])
        #expect(recorder.actions.contains(.downloads(.stopDownloads)) == flagAfter)
        #expect(recorder.actions.contains(.library(.refresh)) == flagAfter)
    }

    @Test func bridgeMappingToNilSendsNothing() {
        let recorder = ActionRecorder()
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.downloads.downloaded --> { $0 == .low ? nil : .library(.add($0)) })
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.downloads(.downloaded(.low)))
        store.dispatch(.downloads(.downloaded(.high)))
        #expect(
            recorder.actions == [
                .downloads(.downloaded(.low)),
                .downloads(.downloaded(.high)), .library(.add(.high)),
            ]
        )
        #expect(store.state.added == [.high])
    }

    @Test func severalBridgesOnOneActionFireInDeclarationOrder() {
        let recorder = ActionRecorder()
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.library(.refresh))
            .bridge(\.playback.didPause --> AppAction.library(.add(.standard)))
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
            .bridge(AppAction.playback(.didStart) --> AppAction.library(.add(.high)))
        #expect(bridges.count == 4)
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.playback(.didStart))
        #expect(
            recorder.actions == [
                .playback(.didStart),
                .library(.refresh), .downloads(.startDownloads), .library(.add(.high)),
            ]
        )
    }

    @Test func eachOfSeveralBridgesOnOneActionNamesItsOwnLine() {
        let recorder = ActionRecorder()
        let firstLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.library(.refresh))
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
            .bridge(\.playback.didStart --> AppAction.library(.add(.high)))
        let store = Self.store(bridges, recorder: recorder)
        store.dispatch(.playback(.didStart))
        let function = "eachOfSeveralBridgesOnOneActionNamesItsOwnLine()"
        #expect(
            recorder.entries.dropFirst().map(\.source.info)
                == (0..<3).map { offset in
                    "Bridged from playback(PlaybackEvent.didStart) at BridgeMiddlewareTests.swift, "
                        + "\(function):\(firstLine + UInt(offset))"
                }
        )
    }

    @Test func severalBridgeMiddlewaresCompose() {
        let recorder = ActionRecorder()
        let playback = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
        let downloads = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.downloads.downloaded --> { .library(.add($0)) })
        let store = Store(
            initialState: AppState(),
            reducer: Player.reducer,
            middleware: recorder.middleware <> playback <> downloads
        )
        store.dispatch(.playback(.didStart))
        store.dispatch(.downloads(.downloaded(.standard)))
        #expect(
            recorder.actions == [
                .playback(.didStart), .downloads(.startDownloads),
                .downloads(.downloaded(.standard)), .library(.add(.standard)),
            ]
        )
    }

    @Test func derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt() throws {
        let recorder = ActionRecorder()
        let bridgeLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
        let store = Self.store(bridges, recorder: recorder)
        let dispatchLine: UInt = #line + 1
        store.dispatch(.playback(.didStart))

        let derived = try #require(recorder.entries.last)
        #expect(derived.action == .downloads(.startDownloads))
        #expect(derived.source.file == "AqueductTests/BridgeMiddlewareTests.swift")
        #expect(derived.source.function == "derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt()")
        #expect(derived.source.line == dispatchLine)
        #expect(
            derived.source.info
                == "Bridged from playback(PlaybackEvent.didStart) at BridgeMiddlewareTests.swift, "
                + "derivedActionKeepsTheOriginalSourceAndSaysWhichBridgeMadeIt():\(bridgeLine)"
        )
    }

    @Test func derivedActionKeepsTheOriginalInfoBeforeItsOwnLine() throws {
        let recorder = ActionRecorder()
        let store = Self.store(Player.unfilteredBridges, recorder: recorder)
        store.dispatch(.playback(.didStart), info: "scripted")
        let derived = try #require(recorder.entries.last)
        let lines = derived.source.info?.split(separator: "\n").map(String.init)
        #expect(lines?.count == 2)
        #expect(lines?.first == "scripted")
        #expect(
            lines?.last?.hasPrefix(
                "Bridged from playback(PlaybackEvent.didStart) at AppBridges.swift, unfilteredBridges:"
            ) == true
        )
    }

    @Test func chainedBridgesAccumulateOneLinePerHopOldestFirst() throws {
        let recorder = ActionRecorder()
        let firstLine: UInt = #line + 2
        let bridges = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
            .bridge(\.downloads.startDownloads --> AppAction.library(.refresh))
        let store = Self.store(bridges, recorder: recorder)
        let source = ActionSource(file: "Player/PlaybackMiddleware.swift", function: "start(_:)", line: 118)
        store.dispatch(.playback(.didStart), from: source)

        #expect(
            recorder.actions == [.playback(.didStart), .downloads(.startDownloads), .library(.refresh)]
        )
        let last = try #require(recorder.entries.last)
        #expect(last.source.file == "Player/PlaybackMiddleware.swift")
        #expect(last.source.function == "start(_:)")
        #expect(last.source.line == 118)
        let function = "chainedBridgesAccumulateOneLinePerHopOldestFirst()"
        #expect(
            last.source.info == """
                Bridged from playback(PlaybackEvent.didStart) at BridgeMiddlewareTests.swift, \
                \(function):\(firstLine)
                Bridged from downloads(DownloadEvent.startDownloads) at BridgeMiddlewareTests.swift, \
                \(function):\(firstLine + 1)
                """
        )
    }

    @Test func bridgeFunctionIsTheOneThatAddedTheBridge() throws {
        let recorder = ActionRecorder()
        let store = Self.store(Player.appBridges, recorder: recorder)
        store.dispatch(.playback(.didStart))
        let derived = try #require(recorder.entries.last)
        #expect(
            derived.source.info
                == "Bridged from playback(PlaybackEvent.didStart) at AppBridges.swift, appBridges:7"
        )
    }
}
