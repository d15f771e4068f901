import Aqueduct

extension ActionRecord {
    /// What set an action off: the `seq` of the earlier action and how it led to this one — the
    /// `ActionCause` the store stamped on the action's source.
    ///
    /// ```swift
    /// let cause = ActionRecord.Cause(seq: 3, kind: .bridgedFrom)
    /// ```
    ///
    /// Recorded as two fields of the line, `"cause": 3` and `"cause_kind": "bridged-from"`.
    public typealias Cause = ActionCause

    /// How an action was set off by its cause (`ActionCause.Kind`).
    ///
    /// ```swift
    /// let name = ActionRecord.CauseKind.bridgedFrom.rawValue  // "bridged-from"
    /// ```
    public typealias CauseKind = ActionCause.Kind
}
