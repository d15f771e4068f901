/// Several middlewares acting as one: each sees every action, in order, and their effects run
/// together.
///
/// Built by `<>`. Nested compositions are flattened into one list and
/// ``IdentityMiddleware``s are dropped, so `(a <> b) <> c`, `a <> (b <> c)` and
/// `a <> identity <> b <> c` are the same list `[a, b, c]`.
///
/// ```swift
/// let middleware = logger <> bridges <> lifecycle.lift(/* … */)
/// ```
public struct ComposedMiddleware<InputAction, OutputAction, State>: Middleware {
    /// The composed middlewares, in the order they see actions.
    public let parts: [AnyMiddleware<InputAction, OutputAction, State>]
    /// The parts' handlers alone, lent to the loop in ``handle(action:from:state:)`` without a
    /// retain and a release per part (see ``UnretainedArray``; benchmark scenario b's budget).
    @usableFromInline
    internal let _handlers: UnretainedArray<MiddlewareHandler<InputAction, OutputAction, State>>

    /// Composes a list of middlewares, flattening nested compositions and dropping identities.
    ///
    /// - Parameter middlewares: The middlewares, in the order they see actions.
    @inlinable
    public init(_ middlewares: [AnyMiddleware<InputAction, OutputAction, State>]) {
        var parts: [AnyMiddleware<InputAction, OutputAction, State>] = []
        for middleware in middlewares {
            if let composed = middleware.base as? ComposedMiddleware {
                parts.append(contentsOf: composed.parts)
            } else if !middleware.isIdentity {
                parts.append(middleware)
            }
        }
        self.parts = parts
        self._handlers = UnretainedArray(parts.map { MiddlewareHandler($0._handle) })
    }

    /// Starts every part, in order.
    @MainActor
    public func start(_ context: MiddlewareContext<OutputAction, State>) {
        for part in parts { part.start(context) }
    }

    /// Lets every part handle the action, in order, and merges their effects.
    // Inlinable so the loop is specialised for the app's types: unspecialised, it looked up
    // generic metadata for every part on every action (benchmark scenario b).
    @MainActor
    @inlinable
    public func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction> {
        let handlers = _handlers
        var first = Effect<OutputAction>.none
        var others: [Effect<OutputAction>] = []
        var index = 0
        while index < handlers.count {
            let effect = handlers.withElement(at: index) { $0.handle(action, source, state) }
            index += 1
            if effect.isNone { continue }
            if first.isNone { first = effect } else { others.append(effect) }
        }
        if others.isEmpty { return first }
        return .merge([first] + others)
    }
}

/// A composed part's handler, as an object so that the composition's loop can use it without
/// retaining it.
@usableFromInline
internal final class MiddlewareHandler<InputAction, OutputAction, State>: Sendable {
    @usableFromInline
    let handle: @MainActor @Sendable (InputAction, ActionSource, GetState<State>) -> Effect<OutputAction>

    @usableFromInline
    init(_ handle: @escaping @MainActor @Sendable (InputAction, ActionSource, GetState<State>) -> Effect<OutputAction>)
    {
        self.handle = handle
    }
}

/// Composes two middlewares of the same types: `lhs` sees each action first.
///
/// The result is flat (nested compositions are spliced in) and has no identities.
///
/// ```swift
/// let middleware = logger <> bridges
/// ```
///
/// - Returns: The composition.
@inlinable
public func <> <Lhs: Middleware, Rhs: Middleware>(
    lhs: Lhs,
    rhs: Rhs
) -> ComposedMiddleware<Lhs.InputAction, Lhs.OutputAction, Lhs.State>
where Lhs.InputAction == Rhs.InputAction, Lhs.OutputAction == Rhs.OutputAction, Lhs.State == Rhs.State {
    ComposedMiddleware([AnyMiddleware(lhs), AnyMiddleware(rhs)])
}
