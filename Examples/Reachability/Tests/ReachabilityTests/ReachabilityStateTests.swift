import Aqueduct
import AqueductTesting
import Reachability
import ReachabilityAdapters
import ReachabilityClient
import Testing

@MainActor
@Suite struct ReachabilityStateTests {
    static let wired = NetworkPath(status: .connected, interfaceKind: .wired, interfaceName: "eth0")
    static let cellular = NetworkPath(
        status: .connected,
        interfaceKind: .cellular,
        interfaceName: "wwan0",
        isExpensive: true
    )

    /// Folds `events` through the reducer, from `state`.
    static func reduce(
        _ events: [ReachabilityEvent],
        from state: ReachabilityState = ReachabilityState()
    )
        -> ReachabilityState
    {
        var state = state
        for event in events { ReachabilityState.reducer(event, &state) }
        return state
    }

    @Test func theCommandsAndAFailureSetWhetherTheNetworkIsMonitored() {
        #expect(Self.reduce([.startMonitoring]).isMonitoring)
        #expect(!Self.reduce([.startMonitoring, .stopMonitoring]).isMonitoring)
        let failure = ReachabilityEvent.monitoringFailed(.systemCallFailed(operation: "socket", code: 97))
        #expect(!Self.reduce([.startMonitoring, failure]).isMonitoring)
    }

    @Test func theLastConnectionEventIsKept() {
        let connections: [ReachabilityEvent] = [
            .connectedToWired, .connectedToWifi, .connectedToCellular, .connectedToOther, .disconnected,
        ]
        for connection in connections {
            #expect(Self.reduce([.connectedToWifi, connection]).connection == connection)
        }
        // Stopping keeps the last connection: it is what the app last knew.
        #expect(Self.reduce([.startMonitoring, .connectedToWired, .stopMonitoring]).connection == .connectedToWired)
    }

    @Test func costAndConstraintChangeNothing() {
        let state = ReachabilityState(isMonitoring: true, connection: .connectedToCellular)
        let flags: [ReachabilityEvent] = [.becameExpensive, .becameCheap, .becameConstrained, .becameUnconstrained]
        #expect(Self.reduce(flags, from: state) == state)
    }

    @Test func theFeatureMonitorsAndKeepsWhatTheMonitorReports() async {
        let monitor = ManualPathMonitor(initial: .disconnected)
        let store = TestStore(
            initialState: ReachabilityState(),
            feature: ReachabilityState.feature(client: monitor.client)
        )
        await store.dispatch(.startMonitoring) { $0.isMonitoring = true }
        await store.receive(.disconnected) { $0.connection = .disconnected }

        monitor.send(Self.wired)
        await store.receive(.connectedToWired) { $0.connection = .connectedToWired }
        monitor.send(Self.cellular)
        await store.receive(.connectedToCellular) { $0.connection = .connectedToCellular }
        await store.receive(.becameExpensive)

        await store.dispatch(.stopMonitoring) { $0.isMonitoring = false }
        #expect(monitor.activeStreamCount == 0)
        await store.finish()
    }
}
