import Aqueduct
import Reachability
import Testing

@MainActor
@Suite struct ReachabilityMiddlewareTests {
    static let recorder = Reducer<ReachabilityEvent, [ReachabilityEvent]>.reduce { event, seen in
        seen.append(event)
    }

    static let wired = NetworkPath(status: .connected, interfaceKind: .wired, interfaceName: "eth0")
    static let wifi = NetworkPath(status: .connected, interfaceKind: .wifi, interfaceName: "wlan0")
    static let cellular = NetworkPath(
        status: .connected,
        interfaceKind: .cellular,
        interfaceName: "wwan0",
        isExpensive: true
    )

    static func store(_ client: PathMonitorClient) -> Store<ReachabilityEvent, [ReachabilityEvent]> {
        Store(
            initialState: [],
            reducer: recorder,
            middleware: ReachabilityMiddleware(client: client).lift(
                inputAction: { $0 },
                outputAction: { $0 },
                state: { _ in () }
            )
        )
    }

    /// Polls the main actor until `condition` holds, bounded so a stuck monitor fails instead of hanging.
    func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
        for _ in 0..<5_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }

    @Test func emitsTransitionsOnlyAndStopsTheMonitor() async {
        let monitor = ManualPathMonitor(initial: .disconnected)
        let store = Self.store(monitor.client)
        store.dispatch(.startMonitoring)
        #expect(await eventually { store.state == [.startMonitoring, .disconnected] })

        monitor.send(Self.wired)
        #expect(await eventually { store.state.last == .connectedToWired })
        monitor.send(Self.wired)
        monitor.send(Self.cellular)
        #expect(await eventually { store.state.count == 5 })
        #expect(store.state.suffix(3) == [.connectedToWired, .connectedToCellular, .becameExpensive])

        store.dispatch(.stopMonitoring)
        #expect(await eventually { monitor.activeStreamCount == 0 })
        let countWhenStopped = store.state.count
        monitor.send(Self.wifi)
        // Restarting reports only what changed since the last report: cellular → Wi-Fi.
        store.dispatch(.startMonitoring)
        #expect(await eventually { store.state.last == .becameCheap })
        #expect(Array(store.state.dropFirst(countWhenStopped)) == [.startMonitoring, .connectedToWifi, .becameCheap])
    }

    @Test func restartingCancelsThePreviousMonitor() async {
        let monitor = ManualPathMonitor(initial: Self.wired)
        let store = Self.store(monitor.client)
        store.dispatch(.startMonitoring)
        #expect(await eventually { store.state.last == .connectedToWired })
        store.dispatch(.startMonitoring)
        #expect(await eventually { monitor.activeStreamCount == 1 })
        monitor.send(Self.wifi)
        #expect(await eventually { store.state.last == .connectedToWifi })
        #expect(store.state.filter { $0 == .connectedToWifi }.count == 1)
    }

    @Test func aMonitorThatCannotStartIsReported() async {
        let failing = PathMonitorClient { () throws(PathMonitorError) -> AsyncStream<NetworkPath> in
            throw .systemCallFailed(operation: "socket", code: 97)
        }
        let store = Self.store(failing)
        store.dispatch(.startMonitoring)
        #expect(
            await eventually {
                store.state == [.startMonitoring, .monitoringFailed(.systemCallFailed(operation: "socket", code: 97))]
            }
        )
    }
}
