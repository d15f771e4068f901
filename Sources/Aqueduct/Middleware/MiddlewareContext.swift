/// What a middleware's deprecated start hook, ``Middleware/start(_:)``, receives: a
/// dispatcher for its output and a state getter.
///
/// Deprecated with the hook: a task started with this dispatcher has no owner. Return the work
/// from ``Middleware/start(state:)`` instead, as an effect the store owns.
///
/// `Sendable`; the dispatcher works from any isolation, the state getter on the main actor.
public struct MiddlewareContext<Action, State>: Sendable {
    /// Dispatches the middleware's output actions into the store, from any isolation.
    public let dispatcher: Dispatcher<Action>

    /// Reads the store's current state, on the main actor.
    public let state: GetState<State>

    /// Creates a context. Stores create these; tests can too, to start a middleware by hand.
    ///
    /// - Parameters:
    ///   - dispatcher: Where output actions go.
    ///   - state: Reads the current state.
    public init(dispatcher: Dispatcher<Action>, state: GetState<State>) {
        self.init(dispatcher: dispatcher, state: state, defaultStarts: nil)
    }

    /// Counts the default start hooks run with this context: what tells a caller whether any
    /// hook it ran may still dispatch from tasks of its own (see
    /// ``Middleware/_legacyStart(_:)``).
    internal let defaultStarts: DefaultStartCount?

    internal init(dispatcher: Dispatcher<Action>, state: GetState<State>, defaultStarts: DefaultStartCount?) {
        self.dispatcher = dispatcher
        self.state = state
        self.defaultStarts = defaultStarts
    }

    /// This context for a part of a middleware: other types, the same count.
    internal func forPart<PartAction, PartState>(
        dispatcher: Dispatcher<PartAction>,
        state: GetState<PartState>
    ) -> MiddlewareContext<PartAction, PartState> {
        MiddlewareContext<PartAction, PartState>(dispatcher: dispatcher, state: state, defaultStarts: defaultStarts)
    }

    /// Records that the default hook, which does nothing, ran.
    @MainActor
    internal func didUseDefaultStart() {
        defaultStarts?.count += 1
    }

    /// Runs one part of a composition's deprecated start hook. A part with a hook of its own
    /// is noted, so that the composition counts as having one even when other parts use the
    /// default.
    @MainActor
    internal func startPart<Input>(_ part: AnyMiddleware<Input, Action, State>) {
        let before = defaultStarts?.count
        part.start(self)
        if let before, defaultStarts?.count == before { defaultStarts?.sawOwnHook = true }
    }
}

/// The default start hooks run with one context, and whether a hook that is not the default
/// ran: set by a composition whose part left the count unchanged.
@MainActor
internal final class DefaultStartCount {
    var count = 0
    var sawOwnHook = false
}

/// Calls a middleware's deprecated start hook through a requirement that is not deprecated, so
/// that the framework's forwarding of the hook — kept until 2.0 — compiles without warnings.
@MainActor
private protocol LegacyStartCall {
    func run()
}

private struct LegacyStart<M: Middleware>: LegacyStartCall {
    let middleware: M
    let context: MiddlewareContext<M.OutputAction, M.State>

    @available(*, deprecated)
    func run() {
        middleware.start(context)
    }
}

extension Middleware {
    /// Runs the deprecated start hook ``start(_:)``.
    ///
    /// - Parameter context: The dispatcher and state getter.
    /// - Returns: Whether a hook that is not the default ran, which may dispatch later from
    ///   tasks of its own.
    @MainActor
    @usableFromInline
    @discardableResult
    package func _legacyStart(_ context: MiddlewareContext<OutputAction, State>) -> Bool {
        let count = context.defaultStarts ?? DefaultStartCount()
        let before = count.count
        (LegacyStart(middleware: self, context: context.withCount(count)) as any LegacyStartCall).run()
        return count.count == before || count.sawOwnHook
    }

    /// This middleware's start effect (``start(state:)``), marked as started by this middleware
    /// so that the actions it sends name it — unless this middleware only forwards its parts'
    /// (a lift, a composition, a type-erased middleware), which name themselves.
    @MainActor
    @usableFromInline
    package func _startEffect(state: GetState<State>) -> Effect<OutputAction> {
        let effect = start(state: state)
        if effect.isNone || self is any StartForwarding { return effect }
        return Effect(.started(by: ActionDescription.stripModules(String(reflecting: Self.self)), effect))
    }
}

extension MiddlewareContext {
    fileprivate func withCount(_ count: DefaultStartCount) -> MiddlewareContext {
        MiddlewareContext(dispatcher: dispatcher, state: state, defaultStarts: count)
    }
}

/// A middleware whose start effect is its parts': they are named as its starters, not it.
internal protocol StartForwarding {}
