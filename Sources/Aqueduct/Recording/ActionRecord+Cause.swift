extension ActionRecord {
    /// What set an action off: the `seq` of the earlier action and how it led to this one.
    ///
    /// An action from outside — dispatched by a user, a client callback, a test — has no cause.
    /// Every other action was set off by exactly one earlier action of the same store; the
    /// causes of a recording form a forest whose roots are the outside actions, which the
    /// DevTools report draws as its causal tree.
    ///
    /// ```swift
    /// let cause = ActionRecord.Cause(seq: 3, kind: .bridgedFrom)
    /// ```
    ///
    /// Recorded as two fields of the line, `"cause": 3` and `"cause_kind": "bridged-from"`.
    public struct Cause: Hashable, Sendable {
        /// The `seq` of the action that set this one off; lower than the record's own.
        public var seq: Int
        /// How it set this one off.
        public var kind: CauseKind

        /// Creates a cause.
        ///
        /// - Parameters:
        ///   - seq: The `seq` of the action that set this one off.
        ///   - kind: How it set this one off.
        public init(seq: Int, kind: CauseKind) {
            self.seq = seq
            self.kind = kind
        }
    }

    /// How an action was set off by its cause: the label of an edge in the causal tree.
    ///
    /// When more than one applies — a bridge's derived action is also dispatched while its
    /// cause is processed — the first of this list that does is recorded: a bridge is more
    /// telling than an effect, and an effect than the bare fact of being dispatched meanwhile.
    ///
    /// ```swift
    /// ActionRecord.CauseKind.bridgedFrom.rawValue  // "bridged-from"
    /// ```
    public enum CauseKind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A ``BridgeMiddleware`` derived the action from its cause (the source's info says
        /// which bridge). Recorded as `"bridged-from"`.
        case bridgedFrom = "bridged-from"
        /// An effect that a middleware returned for the cause sent the action — an immediate
        /// one (`.send`, `.immediate`) or an asynchronous `.run`, however much later. Recorded
        /// as `"sent-by-effect"`.
        case sentByEffect = "sent-by-effect"
        /// Code that is neither a bridge nor an effect of the cause — a middleware's `handle`, an
        /// observer — dispatched the action while the cause was being processed. Recorded as
        /// `"dispatched-during"`.
        case dispatchedDuring = "dispatched-during"
    }
}
