import Aqueduct
import Testing

/// The hub's shortcut for small plain values at known offsets (its `StoredWord`): a value
/// whose bytes did not change is not compared; one whose bytes changed is compared with `==`.
@MainActor
@Suite struct PathSubscriptionWordTests {
    /// Small plain values side by side, each at its own offset.
    struct Gauges: Sendable {
        var counts: (Int, Int, Int) = (0, 0, 0)
        var flag = false
        var small: UInt8 = 0
        var level = 0.0
    }

    enum GaugeAction: Sendable {
        case count(Int, Int)
        case toggle
        case small(UInt8)
        case level(Double)
    }

    static func makeStore() -> Store<GaugeAction, Gauges> {
        Store(
            initialState: Gauges(),
            reducer: .reduce { action, gauges in
                switch action {
                case .count(0, let value): gauges.counts.0 = value
                case .count(1, let value): gauges.counts.1 = value
                case .count(_, let value): gauges.counts.2 = value
                case .toggle: gauges.flag.toggle()
                case .small(let value): gauges.small = value
                case .level(let value): gauges.level = value
                }
            }
        )
    }

    @Test func eachObserverOfAPlainValueHearsOnlyItsOwnChanges() {
        let store = Self.makeStore()
        var heard: [String] = []
        let subscriptions = [
            store.subscribe(\.counts.0, .removingDuplicates) { heard.append("0: \($0)") },
            store.subscribe(\.counts.1, .removingDuplicates) { heard.append("1: \($0)") },
            store.subscribe(\.counts.2, .removingDuplicates) { heard.append("2: \($0)") },
            store.subscribe(\.flag, .removingDuplicates) { heard.append("flag: \($0)") },
            store.subscribe(\.small, .removingDuplicates) { heard.append("small: \($0)") },
        ]
        store.dispatch(.count(1, 5))
        store.dispatch(.count(1, 5))
        store.dispatch(.toggle)
        store.dispatch(.small(200))
        store.dispatch(.count(2, -1))
        #expect(heard == ["1: 5", "flag: true", "small: 200", "2: -1"])
        _ = subscriptions
    }

    @Test func changedBytesOfAnEqualValueAreNotAChange() {
        let store = Self.makeStore()
        var levels: [Double] = []
        let subscription = store.subscribe(\.level, .removingDuplicates) { levels.append($0) }
        store.dispatch(.level(-0.0))  // other bytes, but == 0.0
        store.dispatch(.level(0.0))
        store.dispatch(.level(1.5))
        #expect(levels == [1.5])
        _ = subscription
    }

    @Test func anObserverThatSubscribesWhileBeingToldStillHearsEveryChange() {
        let store = Self.makeStore()
        var heard: [String] = []
        var late: [StoreSubscription] = []
        let first = store.subscribe(\.counts.0, .removingDuplicates) { value in
            heard.append("0: \(value)")
            late.append(store.subscribe(\.small, .removingDuplicates) { heard.append("small: \($0)") })
        }
        let second = store.subscribe(\.counts.1, .removingDuplicates) { heard.append("1: \($0)") }
        store.dispatch(.count(0, 1))
        store.dispatch(.count(1, 2))
        store.dispatch(.small(3))
        #expect(heard == ["0: 1", "1: 2", "small: 3"])
        _ = (first, second, late)
    }
}
