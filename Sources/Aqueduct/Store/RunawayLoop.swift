/// The diagnostic a ``Store`` reports when one dispatch sets off more actions than its
/// ``Store/cascadeLimit`` — almost always an action that, directly or through middleware,
/// bridges or observers, keeps dispatching itself.
///
/// When it happens the store stops the cascade: the action named here and everything still
/// queued behind it are dropped, the report goes to ``Store/onRunawayLoop``, and the store
/// stays usable.
///
/// ```text
/// Aqueduct: runaway action loop: more than 100000 actions processed in one dispatch.
/// Last action: ping
/// Sent from: App/PingMiddleware.swift:12 in handle(action:from:state:)
/// ```
public struct RunawayLoop: Sendable, Hashable, CustomStringConvertible {
    /// The action that went over the limit, described as logs show it.
    public let action: String
    /// Where that action came from.
    public let source: ActionSource
    /// The limit that was exceeded.
    public let limit: Int
    /// How many queued actions were dropped, including ``action``.
    public let droppedCount: Int

    /// Creates a report. Only the store makes one; to see your ``Store/onRunawayLoop`` handler
    /// at work, give a store a small ``Store/cascadeLimit`` and an action that loops.
    @usableFromInline
    internal init(action: String, source: ActionSource, limit: Int, droppedCount: Int) {
        self.action = action
        self.source = source
        self.limit = limit
        self.droppedCount = droppedCount
    }

    /// The report as text, several lines.
    public var description: String {
        """
        Aqueduct: runaway action loop: more than \(limit) actions processed in one dispatch; \
        stopped and dropped \(droppedCount) queued action(s).
        Last action: \(action)
        Sent from: \(source)
        """
    }
}
