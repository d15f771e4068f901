import Reachability
import ReachabilityClient
import Testing

@Suite struct ReachabilityEventTests {
    static let all: [ReachabilityEvent] = [
        .startMonitoring, .stopMonitoring, .connectedToWired, .connectedToWifi, .connectedToCellular,
        .connectedToOther, .disconnected, .becameExpensive, .becameCheap, .becameConstrained, .becameUnconstrained,
    ]

    static var casePaths: [(ReachabilityEvent, KeyPath<ReachabilityEvent, Void?>)] {
        [
            (.startMonitoring, \.startMonitoring),
            (.stopMonitoring, \.stopMonitoring),
            (.connectedToWired, \.connectedToWired),
            (.connectedToWifi, \.connectedToWifi),
            (.connectedToCellular, \.connectedToCellular),
            (.connectedToOther, \.connectedToOther),
            (.disconnected, \.disconnected),
            (.becameExpensive, \.becameExpensive),
            (.becameCheap, \.becameCheap),
            (.becameConstrained, \.becameConstrained),
            (.becameUnconstrained, \.becameUnconstrained),
        ]
    }

    @Test func eachCasePathMatchesItsOwnCaseOnly() {
        #expect(Self.casePaths.count == Self.all.count)
        for (owner, path) in Self.casePaths {
            for event in Self.all {
                #expect((event[keyPath: path] != nil) == (event == owner), "\\\(owner) on \(event)")
            }
        }
    }

    @Test func connectedMatchesEveryConnectionCase() {
        let connected = Self.all.filter { $0.connected != nil }
        #expect(connected == [.connectedToWired, .connectedToWifi, .connectedToCellular, .connectedToOther])
    }

    @Test func eventsAreHashable() {
        #expect(Set(Self.all).count == Self.all.count)
    }
}
