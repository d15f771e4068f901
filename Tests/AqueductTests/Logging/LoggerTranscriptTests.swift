import Aqueduct
import Testing

/// The design's lifecycle → reachability example through a real store, logged.
@MainActor
@Suite struct LoggerTranscriptTests {
    typealias AppAction = LifeSignal.AppAction
    typealias AppState = LifeSignal.AppState

    /// What the lifecycle middleware's `start(_:)` would record as the source of its actions.
    static let lifecycle = ActionSource(
        file: "Lifecycle/AppLifecycleMiddleware.swift",
        function: "start(_:)",
        line: 118
    )

    @Test func lifecycleToReachabilityTranscript() {
        let transcript = Transcript()
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: LoggerMiddleware(printer: transcript.printer) <> LifeSignal.appBridges
        )
        store.dispatch(.lifecycle(.didBecomeActive), from: Self.lifecycle)
        store.dispatch(.settings(.setShouldUseReachability(false)), from: Self.lifecycle)
        store.dispatch(.lifecycle(.didEnterBackground), from: Self.lifecycle)  // filtered out: no bridge
        store.dispatch(.settings(.setShouldUseReachability(true)), from: Self.lifecycle)
        store.dispatch(.lifecycle(.didEnterBackground), from: Self.lifecycle)

        #expect(
            transcript.text == """
                ┌─▶ lifecycle(AppLifecycleAction.didBecomeActive)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ reachability(ReachabilityEvent.startMonitoring)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7
                └────────────────────

                ┌─▶ settings(SettingsAction.setShouldUseReachability(false))
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ lifecycle(AppLifecycleAction.didEnterBackground)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ settings(SettingsAction.setShouldUseReachability(true))
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ lifecycle(AppLifecycleAction.didEnterBackground)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: <nil>
                └────────────────────

                ┌─▶ reachability(ReachabilityEvent.stopMonitoring)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: Bridged from lifecycle(AppLifecycleAction.didEnterBackground) at AppBridges.swift, appBridges:9
                └────────────────────


                """
        )
        #expect(!store.state.isMonitoring)
    }

    @Test func chainedTranscriptWithStateChanges() {
        let transcript = Transcript()
        let chainLine = #line + 2
        let chain = BridgeMiddleware<AppAction, AppState>()
            .bridge(\AppAction.reachability?.startMonitoring --> AppAction.checkIn(.sync(via: .wired)))
        let store = Store(
            initialState: AppState(),
            reducer: LifeSignal.reducer,
            middleware: LoggerMiddleware(showsStateChanges: true, printer: transcript.printer)
                <> LifeSignal.appBridges <> chain
        )
        store.dispatch(.lifecycle(.didBecomeActive), from: Self.lifecycle.appendingInfo("scripted\nlaunch"))

        #expect(
            transcript.text == """
                ┌─▶ lifecycle(AppLifecycleAction.didBecomeActive)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: scripted
                │       launch
                │ state: isActive: false → true
                └────────────────────

                ┌─▶ reachability(ReachabilityEvent.startMonitoring)
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: scripted
                │       launch
                │       Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7
                │ state: isMonitoring: false → true
                └────────────────────

                ┌─▶ checkIn(CheckInAction.sync(via: ConnectionKind.wired))
                │ source: Lifecycle/AppLifecycleMiddleware.swift:118
                │ function: start(_:)
                │ info: scripted
                │       launch
                │       Bridged from lifecycle(AppLifecycleAction.didBecomeActive) at AppBridges.swift, appBridges:7
                │       Bridged from reachability(ReachabilityEvent.startMonitoring) at LoggerTranscriptTests.swift, \
                chainedTranscriptWithStateChanges():\(chainLine)
                │ state: syncs.count: 0 → 1
                │        syncs[0]: (none) → ConnectionKind.wired
                └────────────────────


                """
        )
    }
}
