import Aqueduct

// A small media player for the bridge and logger tests: playback events bridged to download
// commands, downloads bridged to the library, settings that filter the bridges. A neutral
// domain of the tests' own; the real features are in Examples/. The feature types live at
// module level so that their descriptions read plainly (`playback(PlaybackEvent.didStart)`);
// the app types are in the `Player` namespace because `AppAction` and `AppState` are taken by
// Fixtures.swift. Suites use them through `typealias AppAction = Player.AppAction`.

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
}

/// Records every action a store processes, with its source, in order.
@MainActor
final class Recorder<Action: Sendable, State> {
    private(set) var entries: [(action: Action, source: ActionSource)] = []

    var actions: [Action] { entries.map(\.action) }

    /// A middleware that records each action before anything else sees it.
    var middleware: TestMiddleware<Action, State> {
        TestMiddleware { action, source, _ in
            self.entries.append((action, source))
            return .none
        }
    }
}

/// The recorder of the player fixtures' store.
typealias ActionRecorder = Recorder<Player.AppAction, Player.AppState>
