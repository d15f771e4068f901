/// The diagnostic a middleware lifted into child state reports when an action names a child
/// that is not there — an element missing from a collection, usually one removed while the
/// action was on its way; an id that several elements share; an absent presented child; a stack
/// entry already popped — or asks a stack for what it cannot do (pop an empty stack, pop to an id
/// it does not hold).
///
/// The lifted middleware drops the action — the element's middleware does not see it, and
/// nothing crashes — and hands this report to the `onDroppedAction` handler given to
/// `lift(action:elements:onDroppedAction:file:line:)`. Without a handler the
/// report is written to standard error, as the store writes a ``RunawayLoop``. The store, the
/// reducer and the other middlewares still process the action as usual.
///
/// ```text
/// Aqueduct: dropped an action for a missing element: no element with id 42 among 3; the
/// middleware lifted at App/AppMiddleware.swift:40 did not see it.
/// Action: todo(id: 42, TodoAction.saved)
/// Sent from: App/TodoView.swift:12 in save()
/// Sent by an effect of todo(id: 42, TodoAction.save)
/// ```
///
/// The effects of a child that is removed are cancelled with it, so what they send is not
/// reported: a report names an action sent for a child that was never there or is gone by the
/// time it arrives from outside (a view, another feature's effect).
public struct DroppedElementAction: Sendable, Hashable, CustomStringConvertible {
    /// The action that was dropped, described as logs show it.
    public let action: String
    /// Where that action came from.
    public let source: ActionSource
    /// The child it names, as `id 42`, `index 3`, `presented child`, `stack entry #3` or
    /// `top of the stack`.
    public let element: String
    /// How many elements the collection had when the action arrived.
    public let elementCount: Int
    /// Where the middleware was lifted into the collection, as `Module/File.swift:line`.
    public let liftedAt: String

    /// Creates a report. Only a lifted middleware makes one; to see your handler at work, send
    /// an element action for an id that is not in the collection.
    internal init(
        action: String,
        source: ActionSource,
        element: String,
        elementCount: Int,
        liftedAt: String,
        problem: String? = nil
    ) {
        self.action = action
        self.source = source
        self.element = element
        self.elementCount = elementCount
        self.liftedAt = liftedAt
        self.problem = problem ?? "a missing element: no element with \(element) among \(elementCount)"
    }

    /// What was wrong, as the first line of ``description`` says it.
    internal let problem: String

    /// The report as text, several lines.
    public var description: String {
        """
        Aqueduct: dropped an action for \(problem); the middleware lifted at \(liftedAt) did not \
        see it.
        Action: \(action)
        Sent from: \(source)
        """
    }

    /// Writes the report to standard error: what happens when no handler is given.
    @usableFromInline
    static func writeToStandardError(_ report: DroppedElementAction) {
        FileOutput.standardError.write(report.description + "\n")
    }
}
