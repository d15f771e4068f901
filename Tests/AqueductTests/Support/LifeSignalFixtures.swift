import Aqueduct

// The lifecycle → reachability → check-in example of the design, small enough for tests.
// The feature types live at module level so that their descriptions read exactly like the
// documentation (`lifecycle(AppLifecycleAction.didBecomeActive)`); the app types are in the
// `LifeSignal` namespace because `AppAction` and `AppState` are taken by Fixtures.swift.
// Suites use them through `typealias AppAction = LifeSignal.AppAction`.

enum AppLifecycleAction: Sendable, Equatable {
    case didBecomeActive
    case willBecomeInactive
    case didEnterBackground
    case willEnterForeground
    case willTerminate

    var didBecomeActive: Void? {
        if case .didBecomeActive = self { return () }
        return nil
    }

    var didEnterBackground: Void? {
        if case .didEnterBackground = self { return () }
        return nil
    }

    var willTerminate: Void? {
        if case .willTerminate = self { return () }
        return nil
    }
}

enum ConnectionKind: Sendable, Equatable {
    case wired
    case wifi
    case cellular
}

enum ReachabilityEvent: Sendable, Equatable {
    case startMonitoring
    case stopMonitoring
    case connected(ConnectionKind)
    case disconnected

    var startMonitoring: Void? {
        if case .startMonitoring = self { return () }
        return nil
    }

    var connected: ConnectionKind? {
        if case .connected(let kind) = self { return kind }
        return nil
    }
}

enum ReachabilityOptions: Sendable, Equatable {
    case always
    case onWifiOnly
    case never
}

enum SettingsAction: Sendable, Equatable {
    case setReachabilityOptions(ReachabilityOptions)
    case setShouldUseReachability(Bool)
}

enum CheckInAction: Sendable, Equatable {
    case refresh
    case sync(via: ConnectionKind)

    var refresh: Void? {
        if case .refresh = self { return () }
        return nil
    }
}

struct AppSettings: Sendable, Equatable {
    var reachabilityOptions = ReachabilityOptions.always
    var shouldUseReachability = true
}

enum LifeSignal {
    enum AppAction: Sendable, Equatable {
        case lifecycle(AppLifecycleAction)
        case reachability(ReachabilityEvent)
        case settings(SettingsAction)
        case checkIn(CheckInAction)

        var lifecycle: AppLifecycleAction? {
            if case .lifecycle(let action) = self { return action }
            return nil
        }

        var reachability: ReachabilityEvent? {
            if case .reachability(let event) = self { return event }
            return nil
        }

        var checkIn: CheckInAction? {
            if case .checkIn(let action) = self { return action }
            return nil
        }
    }

    struct AppState: Sendable, Equatable {
        var settings = AppSettings()
        var isActive = false
        var isMonitoring = false
        var syncs: [ConnectionKind] = []
    }

    static let reducer = Reducer<AppAction, AppState>.reduce { action, state in
        switch action {
        case .lifecycle(.didBecomeActive): state.isActive = true
        case .lifecycle(.didEnterBackground): state.isActive = false
        case .lifecycle: break
        case .reachability(.startMonitoring): state.isMonitoring = true
        case .reachability(.stopMonitoring): state.isMonitoring = false
        case .reachability: break
        case .settings(.setReachabilityOptions(let options)): state.settings.reachabilityOptions = options
        case .settings(.setShouldUseReachability(let flag)): state.settings.shouldUseReachability = flag
        case .checkIn(.sync(let kind)): state.syncs.append(kind)
        case .checkIn(.refresh): break
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

/// The recorder of the LifeSignal fixtures' store.
typealias ActionRecorder = Recorder<LifeSignal.AppAction, LifeSignal.AppState>
