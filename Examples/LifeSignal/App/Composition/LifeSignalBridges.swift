import Aqueduct
import CheckIn
import Lifecycle
import Reachability

// swift-format-ignore
/// The app's workflow between features that know nothing of each other:
///
/// - active → start monitoring the network, refresh the check-ins, sync (with a sync queue);
/// - background → stop monitoring;
/// - connected → sync, when check-ins are pending;
/// - checked in → sync, with a sync queue (the HTTP backend), so a check-in made online
///   reaches the backend at once; offline it stays queued;
/// - willTerminate → flush.
///
/// Filters read the state after the reducer.
@MainActor
public var lifeSignalBridges: BridgeMiddleware<AppAction, AppState> {
    BridgeMiddleware<AppAction, AppState>()
        .bridge(\.lifecycle.didBecomeActive --> AppAction.reachability(.startMonitoring))
        .bridge(\.lifecycle.didBecomeActive --> AppAction.checkIn(.refresh))
        .bridge(\.lifecycle.didBecomeActive --> AppAction.checkIn(.sync),
                when: \.checkIn.hasSyncQueue)
        .bridge(\.lifecycle.didEnterBackground --> AppAction.reachability(.stopMonitoring))
        .bridge(\.reachability.connected --> AppAction.checkIn(.sync),
                when: { $0.checkIn.hasPending })
        .bridge(\.checkIn.checkedIn --> AppAction.checkIn(.sync),
                when: \.checkIn.hasSyncQueue)
        .bridge(\.lifecycle.willTerminate --> AppAction.checkIn(.flush))
}
