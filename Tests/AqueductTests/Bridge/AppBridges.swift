import Aqueduct

// swift-format-ignore
extension LifeSignal {  // The design's example exactly as written. Tests expect `.bridge(` on lines 7 and 9.
    static var appBridges: BridgeMiddleware<AppAction, AppState> {
        BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring),
                    when: { $0().settings.reachabilityOptions == .always })
            .bridge(\AppAction.lifecycle?.didEnterBackground --> AppAction.reachability(.stopMonitoring),
                    when: \.settings.shouldUseReachability)
    }

    static var unfilteredBridges: BridgeMiddleware<AppAction, AppState> {
        BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
            .bridge(\AppAction.lifecycle?.didEnterBackground --> AppAction.reachability(.stopMonitoring))
    }
}
