import Aqueduct

extension StateDiff {
    /// Whether a test store counts two states as the same: `==` says so, or no part differs — a
    /// field that is NaN on both sides is the same field, though `==` says NaN differs from
    /// itself. A custom `==` that says two states differ when no part does is still obeyed.
    ///
    /// - Parameters:
    ///   - expected: The state the test expected.
    ///   - actual: The state the store has.
    /// - Returns: Whether they match.
    static func statesMatch<State: Equatable>(_ expected: State, _ actual: State) -> Bool {
        if expected == actual { return true }
        let diff = StateDiff(from: expected, to: actual)
        return diff.isEmpty && diff.leftOutCount == 0 && !diff.hasUnexplainedDifference
    }

    /// The difference between the state a test expected and the actual one, for a failure
    /// message: one indented line per changed part, `path: expected → actual` (`state: …` when
    /// the whole state is the part), or both full descriptions when no part differs (values
    /// with a custom `==`, for example).
    ///
    /// - Parameters:
    ///   - expected: The state the test expected.
    ///   - actual: The state the store has.
    /// - Returns: The lines, joined with newlines.
    static func text(expected: Any, actual: Any) -> String {
        let diff = StateDiff(from: expected, to: actual)
        if diff.changes.isEmpty {
            return "    expected: \(describe(expected))\n    actual:   \(describe(actual))"
        }
        var lines = diff.changes.map { change in
            change.path.isEmpty ? "    state: \(change)" : "    \(change)"
        }
        if diff.isTruncated { lines.append("    … and more (the first \(diff.changes.count) differences are shown)") }
        return lines.joined(separator: "\n")
    }
}
