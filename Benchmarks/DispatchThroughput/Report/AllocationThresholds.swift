import Foundation

/// The checked-in allocation counts of every workload, one file per toolchain
/// (`Benchmarks/Thresholds/swift-6.3.json`), and the check that fails a run on a regression.
///
/// Heap allocations per action are deterministic for a given toolchain and run plan (the
/// counter counts every `malloc`, not bytes or time), so CI compares them exactly: an
/// allocation added to a hot path fails the run, and one removed fails it too until the file
/// is recorded again — a threshold never lags behind what the code does. A workload counts the
/// main actor's allocations (it runs the store and the workload; the counter recognises it by
/// the main dispatch queue, whichever thread runs it), so effects' tasks, the recorder's writer
/// and a test scheduler's jobs on other threads do not blur its count. The few workloads whose measured work runs on other threads
/// by design count every thread (`"threads": "every"`); they, and any workload whose own count
/// depends on thread scheduling, say why with a `noisy` reason and are held to an upper bound
/// instead, or printed without a bound when the figure means nothing to the framework (a
/// baseline's own threads). `counts` says, where it is not obvious, what the count is.
///
/// ```json
/// {
///   "plan": "quick",
///   "toolchain": "Swift 6.3",
///   "workloads": {
///     "a/aqueduct": { "allocations_per_action": 0 },
///     "g/aqueduct": { "allocations_per_action": 0.05, "threads": "every", "noisy": "the dispatching tasks' batches vary" }
///   }
/// }
/// ```
struct AllocationThresholds: Codable, Sendable {
    /// One workload's threshold.
    struct Entry: Codable, Sendable, Equatable {
        /// The allocations per action the workload makes (exact), or at most makes (`noisy`);
        /// `nil` for a noisy workload that is printed but not gated.
        var allocationsPerAction: Double?
        /// `every` when every thread's allocations are counted; `nil` for the main actor's
        /// (see ``AllocationThreads``).
        var threads: String?
        /// What the count is, where it is not obvious: kept when the file is recorded again.
        var counts: String?
        /// Why the count depends on scheduling; `nil` for an exact count.
        var noisy: String?

        enum CodingKeys: String, CodingKey {
            case allocationsPerAction = "allocations_per_action"
            case threads
            case counts
            case noisy
        }

        /// Whose allocations the threshold is for.
        var allocationThreads: AllocationThreads? {
            guard let threads else { return .mainActor }
            return AllocationThreads(rawValue: threads)
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
            if let threads = entry.threads { fields.append("\"threads\": \(Format.json(threads))") }
            if let counts = entry.counts { fields.append("\"counts\": \(Format.json(counts))") }
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

    /// The thresholds the run measured: exact counts, keeping the noisy entries (and their
    /// bounds) and the `counts` notes of `previous`.
    static func recorded(
        from measured: MeasuredAllocations,
        keeping previous: AllocationThresholds?
    ) -> AllocationThresholds {
        var workloads = previous?.workloads ?? [:]
        for (key, workload) in measured.workloads {
            let threads = workload.threads == AllocationThreads.mainActor.rawValue ? nil : workload.threads
            if var entry = workloads[key], entry.noisy != nil {
                entry.threads = threads
                workloads[key] = entry
                continue
            }
            workloads[key] = Entry(
                allocationsPerAction: workload.perAction,
                threads: threads,
                counts: workloads[key]?.counts,
                noisy: nil
            )
        }
        return AllocationThresholds(plan: measured.plan, toolchain: Machine.compilerVersion, workloads: workloads)
    }

    /// Compares what a run measured with the thresholds.
    ///
    /// Fails on: a different plan; a workload with no threshold; a threshold of a scenario that
    /// ran whose workload did not (or of a scenario that does not exist); a count taken on other
    /// threads than its threshold's; an exact count above or below its threshold; a noisy count
    /// above its bound.
    ///
    /// - Parameter knownScenarios: The ids of every scenario of the benchmark.
    func check(_ measured: MeasuredAllocations, knownScenarios: Set<String>) -> ThresholdReport {
        var report = ThresholdReport()
        if measured.plan != plan {
            report.failures.append(
                "the thresholds were recorded with the \(plan) plan and this run is \(measured.plan): "
                    + "per-action counts differ between plans (run with\(plan == "quick" ? "" : "out") --quick)"
            )
            return report
        }
        let ran = Set(measured.scenarios)
        for key in workloads.keys.sorted() where measured.workloads[key] == nil {
            let scenario = String(key.prefix { $0 != "/" })
            if !knownScenarios.contains(scenario) {
                report.failures.append("\(key): has a threshold, but there is no scenario \(scenario): remove it")
            } else if ran.contains(scenario) {
                report.failures.append(
                    "\(key): has a threshold, but scenario \(scenario) ran without it: remove it or record again"
                )
            }
        }
        for key in measured.workloads.keys.sorted() {
            guard let workload = measured.workloads[key] else { continue }
            let count = workload.perAction
            let shown = Format.number(count, digits: 6)
            guard let entry = workloads[key] else {
                report.failures.append("\(key): \(shown) allocations per action, but no threshold: record one")
                continue
            }
            guard entry.allocationThreads?.rawValue == workload.threads else {
                let whose = { (threads: String?) in threads == "every" ? "every thread's" : "the main actor's" }
                report.failures.append(
                    "\(key): counts \(whose(workload.threads)) allocations, but its threshold is for "
                        + "\(whose(entry.threads ?? AllocationThreads.mainActor.rawValue)): record again"
                )
                continue
            }
            switch (entry.allocationsPerAction, entry.noisy) {
            case (nil, _):
                report.lines.append("\(key): \(shown) (noisy, not gated: \(entry.noisy ?? ""))")
            case (let bound?, _?):
                if count > bound {
                    report.failures.append("\(key): \(shown) allocations per action, above its bound \(bound)")
                } else {
                    report.lines.append("\(key): \(shown) ≤ \(bound) (noisy: \(entry.noisy ?? ""))")
                }
            case (let exact?, nil):
                if count > exact {
                    report.failures.append(
                        "\(key): \(shown) allocations per action, was \(exact): an allocation was added"
                    )
                } else if count < exact {
                    report.failures.append(
                        "\(key): \(shown) allocations per action, was \(exact): fewer — record the thresholds "
                            + "again so the gate keeps the gain"
                    )
                } else {
                    report.lines.append("\(key): \(shown)")
                }
            }
        }
        return report
    }

    /// Six decimals, as the JSON report prints them: enough for one allocation in a million
    /// actions, and stable against the last bits of a division.
    static func rounded(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }
}

/// What a run measured, as the allocation check reads it: written by `--write-allocations`,
/// checked by `--check-allocations` (which `.ci/allocation-gate --self-test` feeds known
/// regressions), and built in memory by a run with `--thresholds`.
///
/// ```json
/// {
///   "plan": "quick",
///   "scenarios": ["a"],
///   "workloads": { "a/aqueduct": { "allocations": 0, "actions": 1200, "threads": "main actor" } }
/// }
/// ```
struct MeasuredAllocations: Codable, Sendable, Equatable {
    /// One workload's allocations over every counted repetition.
    struct Workload: Codable, Sendable, Equatable {
        /// Allocations counted over every recorded repetition.
        var allocations: UInt64
        /// Actions processed over them.
        var actions: Int
        /// Whose allocations: `main actor` or `every` (see ``AllocationThreads``).
        var threads: String

        /// Per action, rounded as the thresholds are.
        var perAction: Double {
            actions == 0 ? .nan : AllocationThresholds.rounded(Double(allocations) / Double(actions))
        }
    }

    /// The run plan: `quick` or `full`.
    var plan: String
    /// The scenarios the run was asked for, pending ones included: a threshold of one of
    /// them whose workload is missing fails the check.
    var scenarios: [String]
    /// The workloads by `scenario/workload key`.
    var workloads: [String: Workload]

    /// What `results` measured, in a run of `plan` asked for `scenarios`.
    init(_ results: [ScenarioResult], plan: RunPlan, scenarios: [String]) {
        self.plan = plan.name
        self.scenarios = scenarios
        var workloads: [String: Workload] = [:]
        for result in results {
            for workload in [result.subject, result.baseline] + result.references {
                workloads["\(result.scenario.id)/\(workload.key)"] = Workload(
                    allocations: workload.allocations,
                    actions: workload.actions,
                    threads: workload.allocationThreads.rawValue
                )
            }
        }
        self.workloads = workloads
    }

    /// Reads a file that `--write-allocations` wrote.
    ///
    /// - Throws: ``ThresholdError`` when the file is missing or malformed.
    static func load(from path: String) throws(ThresholdError) -> MeasuredAllocations {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ThresholdError(message: "no measured allocations at \(path)")
        }
        do {
            return try JSONDecoder().decode(MeasuredAllocations.self, from: data)
        } catch {
            throw ThresholdError(message: "\(path) is not a measured allocations file: \(error)")
        }
    }

    /// Writes the file, keys sorted.
    func write(to path: String) throws(ThresholdError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try encoder.encode(self).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ThresholdError(message: "could not write \(path): \(error)")
        }
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
