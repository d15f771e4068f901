/// One way of doing a scenario's work: through Aqueduct, or by hand as a baseline.
///
/// `run(actions)` builds everything it needs fresh (a new store, new state), then processes
/// `actions` actions inside ``measure(_:)`` and returns what it measured. Only the processing
/// is timed and counted.
struct Workload: Sendable {
    /// Shown in the table: `Aqueduct`, `class store`, `plain loop`.
    let label: String
    /// Names the JSON fields of a reference workload: `class_store` gives
    /// `class_store_ns_per_action_median`.
    let key: String
    /// The key of the reference workload this one is compared with in the table's `×` column
    /// and its JSON `_ratio` field — a scaling row's own plain loop; `nil` for the baseline.
    let comparedWith: String?
    /// Whose allocations are counted: the main actor's (the default), or every thread's
    /// for work that other threads do by design.
    let allocationThreads: AllocationThreads
    /// Builds a fresh subject, processes the given number of actions and measures that.
    let run: @MainActor @Sendable (_ actions: Int) async -> Sample

    /// Creates a workload.
    init(
        _ label: String,
        key: String,
        comparedWith: String? = nil,
        allocationThreads: AllocationThreads = .mainActor,
        run: @escaping @MainActor @Sendable (_ actions: Int) async -> Sample
    ) {
        self.label = label
        self.key = key
        self.comparedWith = comparedWith
        self.allocationThreads = allocationThreads
        self.run = run
    }
}
