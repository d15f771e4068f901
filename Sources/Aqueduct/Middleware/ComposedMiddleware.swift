/// Several middlewares acting as one: each sees every action, in order, and their effects run
/// together. What `<>` returns, behind `some Middleware`.
///
/// Nested compositions are flattened into one list and identities are dropped, so
/// `(a <> b) <> c`, `a <> (b <> c)` and `a <> identity <> b <> c` are the same list `[a, b, c]`.
@usableFromInline
internal struct ComposedMiddleware<InputAction, OutputAction, State>: Middleware {
    /// The composed middlewares, in the order they see actions.
    @usableFromInline
    internal let parts: [AnyMiddleware<InputAction, OutputAction, State>]
    /// The parts' handlers alone, as the chain ``handle(action:from:state:)`` walks (see
    /// ``MiddlewareChain``); `nil` for no part.
    @usableFromInline
    internal let _chain: MiddlewareChain<InputAction, OutputAction, State>?

    /// Composes a list of middlewares, flattening nested compositions and dropping identities.
    ///
    /// - Parameter middlewares: The middlewares, in the order they see actions.
    @inlinable
    internal init(_ middlewares: [AnyMiddleware<InputAction, OutputAction, State>]) {
        var parts: [AnyMiddleware<InputAction, OutputAction, State>] = []
        for middleware in middlewares {
            if let composed = middleware.base as? ComposedMiddleware {
                parts.append(contentsOf: composed.parts)
            } else if !middleware.isIdentity {
                parts.append(middleware)
            }
        }
        self.parts = parts
        var chain: MiddlewareChain<InputAction, OutputAction, State>?
        for part in parts.reversed() { chain = MiddlewareChain(part._handle, next: chain) }
        self._chain = chain
    }

    /// Starts every part, in order.
    @MainActor
    @usableFromInline
    internal func start(_ context: MiddlewareContext<OutputAction, State>) {
        for part in parts {
            let before = context.defaultStarts?.count
            part.start(context)
            if let before, context.defaultStarts?.count == before { context.defaultStarts?.sawOwnHook = true }
        }
    }

    /// The parts' start effects, together.
    @MainActor
    @usableFromInline
    internal func start(state: GetState<State>) -> Effect<OutputAction> {
        .merge(parts.map { $0.start(state: state) })
    }

    /// Lets every part handle the action, in order, and merges their effects.
    // Inlinable so the loop is specialised for the app's types: unspecialised, it looks up
    // generic metadata for every part on every action.
    @MainActor
    @inlinable
    internal func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction>
    {
        var first = Effect<OutputAction>.none
        var others: [Effect<OutputAction>] = []
        _chain?.handle(action, source, state, first: &first, others: &others)
        if others.isEmpty { return first }
        return .merge([first] + others)
    }
}

extension ComposedMiddleware: StartForwarding {}

// Kept for the instruction gate's b/aqueduct and j: a `while` loop gave b +104%, an array +49%.
/// The handlers of a composition's parts, in order, as a chain of objects.
///
/// Walked by each part calling the next through `next?.` as its last act: a tail call, which the
/// compiler turns into a loop that calls each handler in place. A loop over an array of handlers
/// retains and releases each handler's context around its call (the compiler cannot prove that
/// the call leaves the array alone), and a `while` loop that holds each part in a variable
/// retains and releases every part: two atomic operations per part per action either way.
@usableFromInline
internal final class MiddlewareChain<InputAction, OutputAction, State>: Sendable {
    @usableFromInline
    let handle: @MainActor @Sendable (InputAction, ActionSource, GetState<State>) -> Effect<OutputAction>
    @usableFromInline
    let next: MiddlewareChain?

    @usableFromInline
    init(
        _ handle: @escaping @MainActor @Sendable (InputAction, ActionSource, GetState<State>) -> Effect<OutputAction>,
        next: MiddlewareChain?
    ) {
        self.handle = handle
        self.next = next
    }

    /// Lets this part and the ones after it handle the action; keeps the first effect that does
    /// something in `first` and appends the others to `others`.
    @MainActor
    @inlinable
    func handle(
        _ action: InputAction,
        _ source: ActionSource,
        _ state: GetState<State>,
        first: inout Effect<OutputAction>,
        others: inout [Effect<OutputAction>]
    ) {
        // In its own scope, so that the effect is released before the next part is called and
        // that call is the last thing done here: a tail call, which the compiler turns into a
        // loop.
        do {
            let effect = handle(action, source, state)
            if !effect.isNone {
                if first.isNone { first = effect } else { others.append(effect) }
            }
        }
        next?.handle(action, source, state, first: &first, others: &others)
    }
}

/// Composes two middlewares of the same types: `lhs` sees each action first, and their effects
/// run together.
///
/// Composition is associative and flat: `(a <> b) <> c` and `a <> (b <> c)` are one list of
/// three parts, each called in turn, however the expression was grouped. To keep a composition
/// whose type you do not want to spell, use `some Middleware<AppAction, AppAction, AppState>`,
/// or `any Middleware<…>` to choose one at run time.
///
/// ```swift
/// middleware: LoggerMiddleware(printer: transcript.printer) <> Player.appBridges
/// ```
///
/// - Returns: The composition.
@inlinable
public func <> <Lhs: Middleware, Rhs: Middleware>(
    lhs: Lhs,
    rhs: Rhs
) -> some Middleware<Lhs.InputAction, Lhs.OutputAction, Lhs.State>
where Lhs.InputAction == Rhs.InputAction, Lhs.OutputAction == Rhs.OutputAction, Lhs.State == Rhs.State {
    ComposedMiddleware([AnyMiddleware(lhs), AnyMiddleware(rhs)])
}
