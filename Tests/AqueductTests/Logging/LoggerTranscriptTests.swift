import Aqueduct
import Testing

/// The design's playback → downloads example through a real store, logged.
@MainActor
@Suite struct LoggerTranscriptTests {
    typealias AppAction = Player.AppAction
    typealias AppState = Player.AppState

    /// What the playback middleware's `start(_:)` would record as the source of its actions.
    static let playback = ActionSource(
        file: "Player/PlaybackMiddleware.swift",
        function: "start(_:)",
        line: 118
    )

    @Test func playbackToDownloadsTranscript() {
        let transcript = Transcript()
        let store = Store(
            initialState: AppState(),
            reducer: Player.reducer,
            middleware: LoggerMiddleware(printer: transcript.printer) <> Player.appBridges
        )
        store.dispatch(.playback(.didStart), from: Self.playback)
        store.dispatch(.settings(.setAutoDownload(false)), from: Self.playback)
        store.dispatch(.playback(.didPause), from: Self.playback)  // filtered out: no bridge
        store.dispatch(.settings(.setAutoDownload(true)), from: Self.playback)
        store.dispatch(.playback(.didPause), from: Self.playback)

        #expect(
            transcript.text == """
                ┌─▶ playback(PlaybackEvent.didStart)
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ downloads(DownloadEvent.startDownloads)
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: Bridged from playback(PlaybackEvent.didStart) at AppBridges.swift, appBridges:7
                └────────────────────

                ┌─▶ settings(SettingsAction.setAutoDownload(false))
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ playback(PlaybackEvent.didPause)
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ settings(SettingsAction.setAutoDownload(true))
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ playback(PlaybackEvent.didPause)
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ downloads(DownloadEvent.stopDownloads)
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: Bridged from playback(PlaybackEvent.didPause) at AppBridges.swift, appBridges:9
                └────────────────────


                """
        )
        #expect(!store.state.isDownloading)
    }

    @Test func chainedTranscriptWithStateChanges() {
        let transcript = Transcript()
        let chainLine = #line + 2
        let chain = BridgeMiddleware<AppAction, AppState>()
            .bridge(\.downloads.startDownloads --> AppAction.library(.add(.standard)))
        let store = Store(
            initialState: AppState(),
            reducer: Player.reducer,
            middleware: LoggerMiddleware(showsStateChanges: true, printer: transcript.printer)
                <> Player.appBridges <> chain
        )
        store.dispatch(.playback(.didStart), from: Self.playback.appendingInfo("scripted\nlaunch"))

        #expect(
            transcript.text == """
                ┌─▶ playback(PlaybackEvent.didStart)
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: scripted
                │       launch
                │ state: isPlaying: false → true
                └────────────────────

                ┌─▶ downloads(DownloadEvent.startDownloads)
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: scripted
                │       launch
                │       Bridged from playback(PlaybackEvent.didStart) at AppBridges.swift, appBridges:7
                │ state: isDownloading: false → true
                └────────────────────

                ┌─▶ library(LibraryAction.add(Quality.standard))
                │ source: Player/PlaybackMiddleware.swift:118
                │ function: start(_:)
                │ info: scripted
                │       launch
                │       Bridged from playback(PlaybackEvent.didStart) at AppBridges.swift, appBridges:7
                │       Bridged from downloads(DownloadEvent.startDownloads) at LoggerTranscriptTests.swift, \
                chainedTranscriptWithStateChanges():\(chainLine)
                │ state: added.count: 0 → 1
                │        added[0]: (none) → Quality.standard
                └────────────────────


                """
        )
    }
}
