/// The diagnostic a middleware lifted into a collection reports when an action names an
/// element that is not in the collection — usually one removed while the action was on its
/// way (an effect that finished after its row was deleted).
///
/// The lifted middleware drops the action — the element's middleware does not see it, and
/// nothing crashes — and hands this report to the `onDroppedAction` handler given to
/// `lift(action:elements:onDroppedAction:file:line:)`. Without a handler the
/// report is written to standard error, as the store writes a ``RunawayLoop``. The store, the
/// reducer and the other middlewares still process the action as usual.
///
/// ```
/// Aqueduct: dropped an action for a missing element: no element with id 42 among 3; the
/// middleware lifted at App/AppMiddleware.swift:40 did not see it.
/// Action: todo(id: 42, TodoAction.saved)
/// Sent from: App/TodoView.swift:12 in save()
/// Sent by an effect of todo(id: 42, TodoAction.save)
/// ```
///
/// An effect that keeps sending for an element that is gone is reported for each action: cancel
/// an element's effects when the element is removed.
public struct DroppedElementAction: Sendable, Hashable, CustomStringConvertible {
    /// The action that was dropped, described as logs show it.
    public let action: String
    /// Where that action came from.
    public let source: ActionSource
    /// The element it names, as `id 42` or `index 3`.
    public let element: String
    /// How many elements the collection had when the action arrived.
    public let elementCount: Int
    /// Where the middleware was lifted into the collection, as `Module/File.swift:line`.
    public let liftedAt: String

    /// Creates a report. Only a lifted middleware makes one; to see your handler at work, send
    /// an element action for an id that is not in the collection.
    internal init(action: String, source: ActionSource, element: String, elementCount: Int, liftedAt: String) {
        self.action = action
        self.source = source
        self.element = element
        self.elementCount = elementCount
        self.liftedAt = liftedAt
    }

    /// The report as text, several lines.
    public var description: String {
        """
        Aqueduct: dropped an action for a missing element: no element with \(element) among \
        \(elementCount); the middleware lifted at \(liftedAt) did not see it.
        Action: \(action)
        Sent from: \(source)
        """
    }

    /// Writes the report to standard error: what happens when no handler is given.
    static func writeToStandardError(_ report: DroppedElementAction) {
        FileOutput.standardError.write(report.description + "\n")
    }
}
