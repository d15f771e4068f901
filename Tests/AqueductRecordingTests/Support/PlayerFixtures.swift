import Aqueduct

// The media player of the core's tests (Tests/AqueductTests/Support/PlayerFixtures.swift), as
// much of it as the recorder's tests record: a store whose actions have nested descriptions
// (`playback(PlaybackEvent.didStart)`) and a bridge, so that records carry causes. Test targets
// cannot share sources; keep the two in step when a description a test expects changes.

enum PlaybackEvent: CaseAccessible, Sendable, Equatable {
    case didStart
    case willPause
    case didPause
    case willResume
    case didStop
}

enum Quality: Sendable, Equatable {
    case standard
    case high
    case low
}

enum DownloadEvent: CaseAccessible, Sendable, Equatable {
    case startDownloads
    case stopDownloads
    case downloaded(Quality)
    case interrupted
}

enum DownloadPolicy: Sendable, Equatable {
    case always
    case whenCharging
    case never
}

enum SettingsAction: Sendable, Equatable {
    case setDownloadPolicy(DownloadPolicy)
    case setAutoDownload(Bool)
}

enum LibraryAction: CaseAccessible, Sendable, Equatable {
    case refresh
    case add(Quality)
}

struct AppSettings: Sendable, Equatable {
    var downloadPolicy = DownloadPolicy.always
    var autoDownload = true
}

enum Player {
    enum AppAction: CaseAccessible, Sendable, Equatable {
        case playback(PlaybackEvent)
        case downloads(DownloadEvent)
        case settings(SettingsAction)
        case library(LibraryAction)
    }

    struct AppState: Sendable, Equatable {
        var settings = AppSettings()
        var isPlaying = false
        var isDownloading = false
        var added: [Quality] = []
    }

    static let reducer = Reducer<AppAction, AppState>.reduce { action, state in
        switch action {
        case .playback(.didStart): state.isPlaying = true
        case .playback(.didPause): state.isPlaying = false
        case .playback: break
        case .downloads(.startDownloads): state.isDownloading = true
        case .downloads(.stopDownloads): state.isDownloading = false
        case .downloads: break
        case .settings(.setDownloadPolicy(let options)): state.settings.downloadPolicy = options
        case .settings(.setAutoDownload(let flag)): state.settings.autoDownload = flag
        case .library(.add(let quality)): state.added.append(quality)
        case .library(.refresh): break
        }
    }

    static var unfilteredBridges: BridgeMiddleware<AppAction, AppState> {
        BridgeMiddleware<AppAction, AppState>()
            .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads))
            .bridge(\.playback.didPause --> AppAction.downloads(.stopDownloads))
    }
}
