import Foundation

/// The checked-in allocation counts of every workload, one file per toolchain
/// (`Benchmarks/Thresholds/swift-6.3.json`), and the check that fails a run on a regression.
///
/// Heap allocations per action are deterministic for a given toolchain and run plan (the
/// counter counts every `malloc`, not bytes or time), so CI compares them exactly: an
/// allocation added to a hot path fails the run, and one removed fails it too until the file
/// is recorded again — a threshold never lags behind what the code does. The few workloads
/// whose count depends on thread scheduling (another thread allocates while the main actor is
/// measured) say so with a `noisy` reason and are held to an upper bound instead, or printed
/// without a bound when the figure means nothing to the framework (a baseline's own threads).
///
/// ```json
/// {
///   "plan": "quick",
///   "toolchain": "Swift 6.3",
///   "workloads": {
///     "a/aqueduct": { "allocations_per_action": 0 },
///     "g/aqueduct": { "allocations_per_action": 0.05, "noisy": "the dispatching tasks' batches vary" }
///   }
/// }
/// ```
struct AllocationThresholds: Codable, Sendable {
    /// One workload's threshold.
    struct Entry: Codable, Sendable, Equatable {
        /// The allocations per action the workload makes (exact), or at most makes (`noisy`);
        /// `nil` for a noisy workload that is printed but not gated.
        var allocationsPerAction: Double?
        /// Why the count depends on scheduling; `nil` for an exact count.
        var noisy: String?

        enum CodingKeys: String, CodingKey {
            case allocationsPerAction = "allocations_per_action"
            case noisy
        }
    }

    /// The run plan the counts were taken with: `quick` or `full` (counts per action differ
    /// between plans, because one-time allocations are spread over fewer actions).
    var plan: String
    /// The compiler the counts were taken with, as the report's header names it.
    var toolchain: String
    /// The thresholds by `scenario/workload key`, e.g. `e/aqueduct_key_path_values`.
    var workloads: [String: Entry]

    /// The file for this build's toolchain in `directory`: `swift-6.3.json`.
    static func file(in directory: String) -> String {
        let version = Machine.compilerVersion.replacingOccurrences(of: "Swift ", with: "")
            .replacingOccurrences(of: "≥ ", with: "")
            .replacingOccurrences(of: "< ", with: "before-")
        return (directory as NSString).appendingPathComponent("swift-\(version).json")
    }

    /// Reads a thresholds file.
    ///
    /// - Throws: ``ThresholdError`` when the file is missing or malformed.
    static func load(from path: String) throws(ThresholdError) -> AllocationThresholds {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ThresholdError(
                message: "no allocation thresholds at \(path) for \(Machine.compilerVersion): record them with "
                    + "--record-thresholds \((path as NSString).deletingLastPathComponent) and check them in"
            )
        }
        do {
            return try JSONDecoder().decode(AllocationThresholds.self, from: data)
        } catch {
            throw ThresholdError(message: "\(path) is not a thresholds file: \(error)")
        }
    }

    /// Writes the file: keys sorted, one workload a line, so that a diff shows what moved.
    func write(to path: String) throws(ThresholdError) {
        let entries = workloads.sorted { $0.key < $1.key }.map { key, entry in
            var fields: [String] = []
            if let count = entry.allocationsPerAction {
                let shown = count == count.rounded() ? String(Int(count)) : Format.number(count, digits: 6)
                fields.append("\"allocations_per_action\": \(shown)")
            }
            if let noisy = entry.noisy { fields.append("\"noisy\": \(Format.json(noisy))") }
            return "    \(Format.json(key)): { \(fields.joined(separator: ", ")) }"
        }
        let text = """
            {
              "plan": \(Format.json(plan)),
              "toolchain": \(Format.json(toolchain)),
              "workloads": {
            \(entries.joined(separator: ",\n"))
              }
            }

            """
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true
            )
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ThresholdError(message: "could not write \(path): \(error)")
        }
    }

    /// The key of a workload in the file.
    static func key(_ result: ScenarioResult, _ workload: WorkloadResult) -> String {
        "\(result.scenario.id)/\(workload.key)"
    }

    /// Every workload of the results, subject first.
    static func workloads(of result: ScenarioResult) -> [WorkloadResult] {
        [result.subject, result.baseline] + result.references
    }

    /// The thresholds the results measured: exact counts, keeping the noisy entries (and
    /// their bounds) of `previous`.
    static func recorded(
        from results: [ScenarioResult],
        plan: RunPlan,
        keeping previous: AllocationThresholds?
    ) -> AllocationThresholds {
        var workloads = previous?.workloads ?? [:]
        for result in results {
            for workload in Self.workloads(of: result) {
                let key = Self.key(result, workload)
                if workloads[key]?.noisy != nil { continue }
                workloads[key] = Entry(allocationsPerAction: rounded(workload.allocationsPerAction), noisy: nil)
            }
        }
        return AllocationThresholds(plan: plan.name, toolchain: Machine.compilerVersion, workloads: workloads)
    }

    /// Compares the results with the thresholds.
    func check(_ results: [ScenarioResult], plan: RunPlan) -> ThresholdReport {
        var report = ThresholdReport()
        if plan.name != self.plan {
            report.failures.append(
                "the thresholds were recorded with the \(self.plan) plan and this run is \(plan.name): "
                    + "per-action counts differ between plans (run with\(self.plan == "quick" ? "" : "out") --quick)"
            )
            return report
        }
        for result in results {
            for workload in Self.workloads(of: result) {
                let key = Self.key(result, workload)
                let measured = Self.rounded(workload.allocationsPerAction)
                let shown = Format.number(measured, digits: 6)
                guard let entry = workloads[key] else {
                    report.failures.append("\(key): \(shown) allocations per action, but no threshold: record one")
                    continue
                }
                switch (entry.allocationsPerAction, entry.noisy) {
                case (nil, _):
                    report.lines.append("\(key): \(shown) (noisy, not gated: \(entry.noisy ?? ""))")
                case (let bound?, _?):
                    if measured > bound {
                        report.failures.append("\(key): \(shown) allocations per action, above its bound \(bound)")
                    } else {
                        report.lines.append("\(key): \(shown) ≤ \(bound) (noisy: \(entry.noisy ?? ""))")
                    }
                case (let exact?, nil):
                    if measured > exact {
                        report.failures.append(
                            "\(key): \(shown) allocations per action, was \(exact): an allocation was added"
                        )
                    } else if measured < exact {
                        report.failures.append(
                            "\(key): \(shown) allocations per action, was \(exact): fewer — record the thresholds "
                                + "again so the gate keeps the gain"
                        )
                    } else {
                        report.lines.append("\(key): \(shown)")
                    }
                }
            }
        }
        return report
    }

    /// Six decimals, as the JSON report prints them: enough for one allocation in a million
    /// actions, and stable against the last bits of a division.
    private static func rounded(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }
}

/// What the allocation check found.
struct ThresholdReport: Sendable {
    /// A line per workload within its threshold.
    var lines: [String] = []
    /// A line per workload that regressed, improved past an exact count, or has no threshold.
    var failures: [String] = []
}

/// A thresholds file that cannot be read or written.
struct ThresholdError: Error, Sendable {
    /// What went wrong and what to do.
    let message: String
}
