/// Failure messages list actions and effects one bullet a line; a run of identical lines is one
/// line with its count, and a long list ends with how many more there were — a thousand ticks
/// an effect sent read as `• tick — from Clock.swift:12 (×1000)`, not a thousand lines.
enum BulletList {
    /// The most lines a list shows before summing up the rest.
    static let limit = 20

    /// `items` as indented bullets, runs of equal items collapsed, at most ``limit`` lines.
    static func render(_ items: [String]) -> String {
        var runs: [(item: String, count: Int)] = []
        for item in items {
            if runs.last?.item == item {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((item, 1))
            }
        }
        var lines = runs.prefix(limit).map { run in
            run.count == 1 ? "    • \(run.item)" : "    • \(run.item) (×\(run.count))"
        }
        if runs.count > limit {
            let hidden = runs.dropFirst(limit).reduce(0) { $0 + $1.count }
            lines.append("    … and \(hidden) more")
        }
        return lines.joined(separator: "\n")
    }
}
