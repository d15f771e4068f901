import Aqueduct

// swift-format-ignore
extension Player {  // Tests expect `.bridge(` on lines 7 and 9.
    static var appBridges: BridgeMiddleware<AppAction, AppState> {
        BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads),
                    when: { $0.settings.downloadPolicy == .always })
            .bridge(\.playback.didPause --> AppAction.downloads(.stopDownloads),
                    when: \.settings.autoDownload)
    }

    static var unfilteredBridges: BridgeMiddleware<AppAction, AppState> {
        BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
            .bridge(\.playback.didPause --> AppAction.downloads(.stopDownloads))
    }
}
