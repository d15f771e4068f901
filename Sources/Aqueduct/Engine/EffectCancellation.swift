/// One cancellation an action's effect made, as the engine tells a ``FinishingWork`` (the
/// recorder): a `.cancel(id:)`, a `cancellable(id:cancelInFlight: true)` that ended effects, or
/// the end of a removed child's effects. Kept as the engine saw it; described only when read
/// (``idDescription``), off the main actor if the reader is.
@usableFromInline
package struct EffectCancellation: Sendable {
    /// What was cancelled.
    package enum Target: Sendable {
        /// The effects marked with an id: `.cancel(id:)`, or a `cancelInFlight` restart.
        case id(any Hashable & Sendable, inFlight: Bool)
        /// The effects of a child no longer in the state: its kind (`stack entry`, `element`,
        /// `presented child`) and its key (a stack id, an element's id or index).
        case child(kind: String, key: any Hashable & Sendable)
    }

    /// What was cancelled.
    package let target: Target
    /// How many effects it ended (those whose work had not returned; a concatenation's parts
    /// count with it).
    package let effectCount: Int

    init(_ target: Target, effectCount: Int) {
        self.target = target
        self.effectCount = effectCount
    }

    /// The id or the child's key, described as the logger describes values.
    package var idDescription: String {
        switch target {
        case .id(let id, _): ActionDescription.describe(id)
        case .child(_, let key): ActionDescription.describe(key)
        }
    }
}
