import Aqueduct
import Lifecycle
import Reachability

// swift-format-ignore
/// The seed's workflow between the two features, which know nothing of each other: monitor the
/// network while the app is active, stop in the background.
@MainActor
public var demoBridges: BridgeMiddleware<DemoAction, DemoState> {
    BridgeMiddleware<DemoAction, DemoState>()
        .bridge(\.lifecycle.didBecomeActive --> DemoAction.reachability(.startMonitoring))
        .bridge(\.lifecycle.didEnterBackground --> DemoAction.reachability(.stopMonitoring),
                when: \.settings.shouldUseReachability)
}
