import Aqueduct
import AqueductTesting
import Reachability
import ReachabilityAdapters
import ReachabilityClient
import Testing

@MainActor
@Suite struct ReachabilityMiddlewareTests {
    static let wired = NetworkPath(status: .connected, interfaceKind: .wired, interfaceName: "eth0")
    static let wifi = NetworkPath(status: .connected, interfaceKind: .wifi, interfaceName: "wlan0")
    static let cellular = NetworkPath(
        status: .connected,
        interfaceKind: .cellular,
        interfaceName: "wwan0",
        isExpensive: true
    )

    /// The middleware in a test store whose state is every event it processed, in order.
    static func store(_ client: PathMonitorClient) -> TestStore<ReachabilityEvent, [ReachabilityEvent]> {
        TestStore(
            initialState: [],
            reducer: Reducer<ReachabilityEvent, [ReachabilityEvent]>.reduce { event, seen in seen.append(event) },
            middleware: ReachabilityMiddleware(client: client).lift(action: \.self)
        )
    }

    @Test func emitsTransitionsOnlyAndStopsTheMonitor() async {
        let monitor = ManualPathMonitor(initial: .disconnected)
        let store = Self.store(monitor.client)
        await store.dispatch(.startMonitoring) { $0 = [.startMonitoring] }
        await store.receive(.disconnected) { $0.append(.disconnected) }

        monitor.send(Self.wired)
        await store.receive(.connectedToWired) { $0.append(.connectedToWired) }
        monitor.send(Self.wired)  // no change: no event (an exhaustive store would see one)
        monitor.send(Self.cellular)
        await store.receive(.connectedToCellular) { $0.append(.connectedToCellular) }
        await store.receive(.becameExpensive) { $0.append(.becameExpensive) }

        await store.dispatch(.stopMonitoring) { $0.append(.stopMonitoring) }
        #expect(monitor.activeStreamCount == 0)
        monitor.send(Self.wifi)
        // Restarting reports only what changed since the last report: cellular → Wi-Fi.
        await store.dispatch(.startMonitoring) { $0.append(.startMonitoring) }
        await store.receive(.connectedToWifi) { $0.append(.connectedToWifi) }
        await store.receive(.becameCheap) { $0.append(.becameCheap) }
        await store.dispatch(.stopMonitoring) { $0.append(.stopMonitoring) }
        await store.finish()
    }

    @Test func restartingCancelsThePreviousMonitor() async {
        let monitor = ManualPathMonitor(initial: Self.wired)
        let store = Self.store(monitor.client)
        await store.dispatch(.startMonitoring) { $0 = [.startMonitoring] }
        await store.receive(.connectedToWired) { $0.append(.connectedToWired) }
        await store.dispatch(.startMonitoring) { $0.append(.startMonitoring) }
        #expect(monitor.activeStreamCount == 1)
        monitor.send(Self.wifi)
        await store.receive(.connectedToWifi) { $0.append(.connectedToWifi) }
        await store.dispatch(.stopMonitoring) { $0.append(.stopMonitoring) }
        await store.finish()
    }

    @Test func aMonitorThatCannotStartIsReported() async {
        let failing = PathMonitorClient { () throws(PathMonitorError) -> AsyncStream<NetworkPath> in
            throw .systemCallFailed(operation: "socket", code: 97)
        }
        let store = Self.store(failing)
        await store.dispatch(.startMonitoring) { $0 = [.startMonitoring] }
        let failure = ReachabilityEvent.monitoringFailed(.systemCallFailed(operation: "socket", code: 97))
        await store.receive(failure) { $0.append(failure) }
        await store.finish()
    }
}
