/// A figure a scenario must reach, checked against the run's measurements.
struct Budget: Sendable {
    /// What must hold, as the report prints it: `≤ 2× class store`.
    let statement: String
    /// Checks the budget against a scenario's measurements.
    let evaluate: @Sendable (ScenarioResult) -> BudgetOutcome

    /// No heap allocation at all while the subject processed its actions.
    static let zeroAllocations = Budget(statement: "0 allocations per action") { result in
        guard allocationCountingIsAvailable else {
            return BudgetOutcome(holds: false, detail: "allocations are not counted on this platform")
        }
        return BudgetOutcome(
            holds: result.subject.allocations == 0,
            detail: "\(result.subject.allocations) in \(result.subject.actions) actions"
        )
    }

    /// At most `limit` heap allocations per action while the subject processed its actions.
    static func atMostAllocations(perAction limit: Double) -> Budget {
        Budget(statement: "≤ \(Format.number(limit, digits: 0)) allocation per action") { result in
            guard allocationCountingIsAvailable else {
                return BudgetOutcome(holds: false, detail: "allocations are not counted on this platform")
            }
            return BudgetOutcome(
                holds: result.subject.allocationsPerAction <= limit,
                detail: "\(result.subject.allocations) in \(result.subject.actions) actions"
            )
        }
    }

    /// No heap allocation while a reference workload processed its actions.
    static func zeroAllocations(in key: String, named name: String) -> Budget {
        Budget(statement: "\(name): 0 allocations per action") { result in
            guard allocationCountingIsAvailable else {
                return BudgetOutcome(holds: false, detail: "allocations are not counted on this platform")
            }
            guard let reference = result.reference(key) else {
                return BudgetOutcome(holds: false, detail: "\(name) was not measured")
            }
            return BudgetOutcome(
                holds: reference.allocations == 0,
                detail: "\(reference.allocations) in \(reference.actions) actions"
            )
        }
    }

    /// A reference workload's median at most `factor` times the subject's.
    static func reference(_ key: String, named name: String, atMostTimesSubject factor: Double) -> Budget {
        Budget(statement: "\(name): median ≤ \(Format.number(factor, digits: 0))× Aqueduct") { result in
            guard let reference = result.reference(key) else {
                return BudgetOutcome(holds: false, detail: "\(name) was not measured")
            }
            let limit = factor * result.subject.median
            return BudgetOutcome(
                holds: reference.median <= limit,
                detail: "\(Format.nanoseconds(reference.median)) vs limit \(Format.nanoseconds(limit)) ns"
                    + " (\(Format.number(reference.median / result.subject.median, digits: 2))×)"
            )
        }
    }

    /// A reference workload's median at most `nanoseconds` per action.
    static func reference(_ key: String, named name: String, atMostNanoseconds limit: Double) -> Budget {
        Budget(statement: "\(name): median ≤ \(Format.grouped(limit)) ns") { result in
            guard let reference = result.reference(key) else {
                return BudgetOutcome(holds: false, detail: "\(name) was not measured")
            }
            return BudgetOutcome(
                holds: reference.median <= limit,
                detail: "\(Format.nanoseconds(reference.median)) ns"
            )
        }
    }

    /// The subject's median at most `factor` times another workload's median.
    ///
    /// - Parameters:
    ///   - factor: The allowed ratio.
    ///   - key: A reference workload's key, or `nil` for the baseline.
    ///   - name: How the report names that workload.
    static func atMost(_ factor: Double, times key: String? = nil, named name: String = "baseline") -> Budget {
        Budget(statement: "median ≤ \(Format.number(factor, digits: factor == factor.rounded() ? 0 : 1))× \(name)") {
            result in
            let other: WorkloadResult? = if let key { result.reference(key) } else { result.baseline }
            guard let other else {
                return BudgetOutcome(holds: false, detail: "\(name) was not measured")
            }
            let limit = factor * other.median
            return BudgetOutcome(
                holds: result.subject.median <= limit,
                detail: "\(Format.nanoseconds(result.subject.median)) vs limit \(Format.nanoseconds(limit)) ns"
                    + " (\(Format.number(result.subject.median / other.median, digits: 2))×)"
            )
        }
    }

    /// The subject's median at most `nanoseconds` above another workload's median.
    ///
    /// - Parameters:
    ///   - nanoseconds: The allowed difference.
    ///   - key: A reference workload's key, or `nil` for the baseline.
    ///   - name: How the report names that workload.
    static func within(nanoseconds: Double, of key: String? = nil, named name: String = "baseline") -> Budget {
        Budget(statement: "median within \(Format.number(nanoseconds, digits: 0)) ns of \(name)") { result in
            let other: WorkloadResult? = if let key { result.reference(key) } else { result.baseline }
            guard let other else {
                return BudgetOutcome(holds: false, detail: "\(name) was not measured")
            }
            let difference = result.subject.median - other.median
            return BudgetOutcome(
                holds: difference <= nanoseconds,
                detail: "\(Format.nanoseconds(result.subject.median)) vs \(Format.nanoseconds(other.median)) ns"
                    + " (\(difference >= 0 ? "+" : "")\(Format.nanoseconds(difference)) ns)"
            )
        }
    }

    /// The subject processes at least `rate` actions per second at its median.
    static func atLeast(actionsPerSecond rate: Double) -> Budget {
        Budget(statement: "≥ \(Format.grouped(rate)) actions/s") { result in
            BudgetOutcome(
                holds: result.subject.actionsPerSecond >= rate,
                detail: "\(Format.grouped(result.subject.actionsPerSecond)) actions/s"
            )
        }
    }
}

/// Whether a budget holds, and the figures that say so.
struct BudgetOutcome: Sendable {
    /// `true` when the budget holds.
    let holds: Bool
    /// The figures compared, for the report.
    let detail: String
}

/// A budget's statement with its outcome.
struct BudgetVerdict: Sendable {
    /// What must hold.
    let statement: String
    /// Whether it does.
    let outcome: BudgetOutcome
}
