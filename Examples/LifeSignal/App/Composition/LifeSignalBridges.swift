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
        .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
        .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.checkIn(.refresh))
        .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.checkIn(.sync),
                when: \.checkIn.hasSyncQueue)
        .bridge(\AppAction.lifecycle?.didEnterBackground --> AppAction.reachability(.stopMonitoring))
        .bridge(\AppAction.reachability?.connected --> AppAction.checkIn(.sync),
                when: { state in state().checkIn.hasPending })
        .bridge(\AppAction.checkIn?.checkedIn --> { _ in AppAction.checkIn(.sync) },
                when: \.checkIn.hasSyncQueue)
        .bridge(\AppAction.lifecycle?.willTerminate --> AppAction.checkIn(.flush))
}
