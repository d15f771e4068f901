/// The recorded repetitions of one workload and the figures derived from them.
struct WorkloadResult: Sendable {
    /// The workload's label, as in the table.
    let label: String
    /// The workload's JSON key (see ``Workload/key``).
    let key: String
    /// The key of the workload this one is compared with; `nil` for the baseline.
    let comparedWith: String?
    /// Whose allocations ``allocations`` counts (see ``Workload/allocationThreads``).
    let allocationThreads: AllocationThreads
    /// Nanoseconds per action of each recorded repetition.
    private(set) var nanosecondsPerAction: [Double] = []
    /// Allocations counted over every recorded repetition, on ``allocationThreads``.
    private(set) var allocations: UInt64 = 0
    /// Actions processed over every recorded repetition.
    private(set) var actions = 0

    /// Creates an empty result.
    init(label: String, key: String, comparedWith: String? = nil, allocationThreads: AllocationThreads = .mainActor) {
        self.label = label
        self.key = key
        self.comparedWith = comparedWith
        self.allocationThreads = allocationThreads
    }

    /// Adds one repetition of `actions` actions.
    mutating func record(_ sample: Sample, actions: Int) {
        nanosecondsPerAction.append(Double(sample.nanoseconds) / Double(actions))
        allocations += sample.allocations(on: allocationThreads)
        self.actions += actions
    }

    /// The number of recorded repetitions.
    var repetitions: Int { nanosecondsPerAction.count }

    /// The median of the repetitions' nanoseconds per action.
    var median: Double {
        let sorted = nanosecondsPerAction.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The fastest repetition's nanoseconds per action.
    var minimum: Double { nanosecondsPerAction.min() ?? .nan }

    /// Actions per second at the median.
    var actionsPerSecond: Double { 1_000_000_000 / median }

    /// Heap allocations per action, over every recorded repetition.
    var allocationsPerAction: Double { actions == 0 ? .nan : Double(allocations) / Double(actions) }
}
