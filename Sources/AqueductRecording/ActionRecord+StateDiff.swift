import Aqueduct

extension ActionRecord.Change {
    /// The recorded form of one change the state diff found.
    ///
    /// - Parameter change: The change.
    package init(_ change: StateChange) {
        self.init(path: change.pathDescription, before: change.before, after: change.after)
    }
}

extension ActionRecord {
    /// The recorded form of a state diff: its changes, and whether it stopped at its limit.
    ///
    /// - Parameter diff: The diff of the state before and after the action.
    /// - Returns: The changes and ``changesTruncated``'s value.
    package static func changes(of diff: StateDiff) -> (changes: [Change], truncated: Bool) {
        (diff.changes.map(Change.init), diff.isTruncated)
    }
}
