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
        /// 2-byte values: a change can be in either byte (`nil` differs from `0` in the second).
        var wide: Int16 = 0
        var unsignedWide: UInt16 = 0
        var optionalByte: UInt8? = nil
        var optionalSigned: Int8? = nil
    }

    enum GaugeAction: Sendable {
        case count(Int, Int)
        case toggle
        case small(UInt8)
        case level(Double)
        case wide(Int16, UInt16)
        case optionals(UInt8?, Int8?)
        case counts(Int, Int)
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
                case .wide(let signed, let unsigned): (gauges.wide, gauges.unsignedWide) = (signed, unsigned)
                case .optionals(let byte, let signed): (gauges.optionalByte, gauges.optionalSigned) = (byte, signed)
                case .counts(let first, let third): (gauges.counts.0, gauges.counts.2) = (first, third)
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

    @Test func aChangeInTheSecondByteOfATwoByteValueIsHeard() {
        let store = Self.makeStore()
        var heard: [String] = []
        let subscriptions = [
            store.subscribe(\.wide, .removingDuplicates) { heard.append("wide: \($0)") },
            store.subscribe(\.unsignedWide, .removingDuplicates) { heard.append("unsigned: \($0)") },
            store.subscribe(\.optionalByte, .removingDuplicates) { heard.append("byte: \(String(describing: $0))") },
            store.subscribe(\.optionalSigned, .removingDuplicates) {
                heard.append("signed: \(String(describing: $0))")
            },
        ]
        // Each change below leaves the first byte as it was.
        store.dispatch(.wide(256, 0))
        store.dispatch(.wide(256, 512))
        store.dispatch(.optionals(0, nil))  // nil → 0: only the tag byte changes
        store.dispatch(.optionals(0, 0))
        store.dispatch(.optionals(nil, 0))
        store.dispatch(.wide(-32_768, 512))  // 0x8000: 256's first byte
        #expect(
            heard == [
                "wide: 256", "unsigned: 512", "byte: Optional(0)", "signed: Optional(0)", "byte: nil",
                "wide: -32768",
            ]
        )
        _ = subscriptions
    }

    @Test func anObserverThatCancelsAnotherWhileBeingToldLeavesTheLaterOnesHearingEveryChange() {
        let store = Self.makeStore()
        var heard: [String] = []
        var late: [StoreSubscription] = []
        var second: StoreSubscription?
        // The first observer cancels the second and starts a third path while it is told, so
        // the watched paths move under the loop that is telling them.
        let first = store.subscribe(\.counts.0, .removingDuplicates) { value in
            heard.append("0: \(value)")
            second?.cancel()
            late.append(store.subscribe(\.flag, .removingDuplicates) { heard.append("flag: \($0)") })
        }
        second = store.subscribe(\.counts.1, .removingDuplicates) { heard.append("1: \($0)") }
        let third = store.subscribe(\.counts.2, .removingDuplicates) { heard.append("2: \($0)") }
        store.dispatch(.counts(1, 1))
        store.dispatch(.counts(1, 2))
        #expect(heard == ["0: 1", "2: 1", "2: 2"])
        _ = (first, third, late)
    }
}
