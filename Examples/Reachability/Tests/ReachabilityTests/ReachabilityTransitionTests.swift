import Reachability
import ReachabilityClient
import Testing

@Suite struct ReachabilityTransitionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var previous: NetworkPath?
        var current: NetworkPath
        var events: [ReachabilityEvent]
        var testDescription: String { name }
    }

    static let wired = NetworkPath(status: .connected, interfaceKind: .wired, interfaceName: "eth0")
    static let wifi = NetworkPath(status: .connected, interfaceKind: .wifi, interfaceName: "wlan0")
    static let cellular = NetworkPath(
        status: .connected,
        interfaceKind: .cellular,
        interfaceName: "wwan0",
        isExpensive: true
    )
    static let constrainedWifi = NetworkPath(
        status: .connected,
        interfaceKind: .wifi,
        interfaceName: "wlan0",
        isConstrained: true
    )
    static let hotspot = NetworkPath(
        status: .connected,
        interfaceKind: .wifi,
        interfaceName: "wlan0",
        isExpensive: true,
        isConstrained: true
    )

    static let cases: [Case] = [
        Case(name: "first disconnected", previous: nil, current: .disconnected, events: [.disconnected]),
        Case(name: "first wired", previous: nil, current: wired, events: [.connectedToWired]),
        Case(
            name: "first cellular",
            previous: nil,
            current: cellular,
            events: [.connectedToCellular, .becameExpensive]
        ),
        Case(
            name: "first hotspot",
            previous: nil,
            current: hotspot,
            events: [.connectedToWifi, .becameExpensive, .becameConstrained]
        ),
        Case(name: "equal", previous: wired, current: wired, events: []),
        Case(name: "equal disconnected", previous: .disconnected, current: .disconnected, events: []),
        Case(name: "connects", previous: .disconnected, current: wifi, events: [.connectedToWifi]),
        Case(name: "disconnects", previous: wired, current: .disconnected, events: [.disconnected]),
        Case(name: "wifi to wired", previous: wifi, current: wired, events: [.connectedToWired]),
        Case(
            name: "wifi to cellular",
            previous: wifi,
            current: cellular,
            events: [.connectedToCellular, .becameExpensive]
        ),
        Case(name: "cellular to wifi", previous: cellular, current: wifi, events: [.connectedToWifi, .becameCheap]),
        Case(
            name: "cellular drops",
            previous: cellular,
            current: .disconnected,
            events: [.disconnected, .becameCheap]
        ),
        Case(
            name: "renamed within a kind",
            previous: wifi,
            current: NetworkPath(status: .connected, interfaceKind: .wifi, interfaceName: "wlan1"),
            events: []
        ),
        Case(name: "becomes constrained", previous: wifi, current: constrainedWifi, events: [.becameConstrained]),
        Case(name: "leaves constrained", previous: constrainedWifi, current: wifi, events: [.becameUnconstrained]),
        Case(name: "both flags", previous: wifi, current: hotspot, events: [.becameExpensive, .becameConstrained]),
        Case(
            name: "loopback counts as other",
            previous: .disconnected,
            current: NetworkPath(status: .connected, interfaceKind: .loopback),
            events: [.connectedToOther]
        ),
        Case(
            name: "other to unknown kind",
            previous: NetworkPath(status: .connected, interfaceKind: .other),
            current: NetworkPath(status: .connected),
            events: []
        ),
    ]

    @Test(arguments: cases)
    func transition(_ testCase: Case) {
        #expect(ReachabilityTransition.events(from: testCase.previous, to: testCase.current) == testCase.events)
    }

    @Test func foldingTheEventsReproducesTheFlagsOfTheLatestPath() {
        let paths: [NetworkPath] = [.disconnected, Self.wifi, Self.hotspot, Self.cellular, .disconnected, Self.wired]
        var previous: NetworkPath?
        var isExpensive = false
        var isConstrained = false
        for path in paths {
            for event in ReachabilityTransition.events(from: previous, to: path) {
                switch event {
                case .becameExpensive: isExpensive = true
                case .becameCheap: isExpensive = false
                case .becameConstrained: isConstrained = true
                case .becameUnconstrained: isConstrained = false
                default: break
                }
            }
            #expect(isExpensive == path.isExpensive && isConstrained == path.isConstrained, "after \(path)")
            previous = path
        }
    }

    @Test func describesPathsOnOneLine() {
        #expect(NetworkPath.disconnected.description == "disconnected")
        #expect(Self.cellular.description == "connected cellular wwan0 expensive=true constrained=false")
    }
}
