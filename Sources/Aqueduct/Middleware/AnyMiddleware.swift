/// A middleware with its concrete type erased, once, where a store or a composition keeps it.
///
/// Erasing an `AnyMiddleware` again returns it unchanged, and the store sees through it to skip
/// a middleware that does nothing (``isIdentity``). Not API (`package`: the testing library's stores
/// erase with it too): an app erases with `any Middleware<Input, Output, State>`, which a store
/// opens.
@usableFromInline
package struct AnyMiddleware<InputAction, OutputAction, State>: Middleware {
    @usableFromInline
    internal let _handle: @MainActor @Sendable (InputAction, ActionSource, GetState<State>) -> Effect<OutputAction>
    @usableFromInline
    internal let _start: @MainActor @Sendable (MiddlewareContext<OutputAction, State>) -> Void
    @usableFromInline
    internal let _startEffect: @MainActor @Sendable (GetState<State>) -> Effect<OutputAction>
    /// The erased middleware, kept so that ``isIdentity`` can see what it is.
    @usableFromInline
    internal let base: any Sendable

    /// Erases a middleware's type.
    ///
    /// - Parameter middleware: The middleware.
    @inlinable
    package init<M: Middleware>(_ middleware: M)
    where M.InputAction == InputAction, M.OutputAction == OutputAction, M.State == State {
        if let erased = middleware as? AnyMiddleware {
            self = erased
            return
        }
        self.init(
            handle: { action, source, state in middleware.handle(action: action, from: source, state: state) },
            start: { context in middleware._legacyStart(context) },
            startEffect: { state in middleware._startEffect(state: state) },
            base: middleware
        )
    }

    /// Creates a middleware from functions: the tests' small middlewares.
    ///
    /// - Parameters:
    ///   - handle: Called for each action before the reducer, as in ``Middleware/handle(action:from:state:)``.
    ///   - start: Called once when the store starts, as in ``Middleware/start(_:)``.
    package init(
        handle: @escaping @MainActor @Sendable (InputAction, ActionSource, GetState<State>) -> Effect<OutputAction>,
        start: @escaping @MainActor @Sendable (MiddlewareContext<OutputAction, State>) -> Void = { _ in },
        startEffect: @escaping @MainActor @Sendable (GetState<State>) -> Effect<OutputAction> = { _ in .none }
    ) {
        self.init(handle: handle, start: start, startEffect: startEffect, base: ())
    }

    @usableFromInline
    internal init(
        handle: @escaping @MainActor @Sendable (InputAction, ActionSource, GetState<State>) -> Effect<OutputAction>,
        start: @escaping @MainActor @Sendable (MiddlewareContext<OutputAction, State>) -> Void,
        startEffect: @escaping @MainActor @Sendable (GetState<State>) -> Effect<OutputAction>,
        base: any Sendable
    ) {
        self._handle = handle
        self._start = start
        self._startEffect = startEffect
        self.base = base
    }

    /// `true` when the erased middleware is an ``IdentityMiddleware`` or a composition of
    /// identities: a store given it skips middleware altogether.
    @usableFromInline
    internal var isIdentity: Bool {
        if base is IdentityMiddleware<InputAction, OutputAction, State> { return true }
        if let pair = base as? any PairOfMiddlewares { return pair.bothAreIdentities }
        return false
    }

    /// Calls the erased middleware's start hook.
    @MainActor
    @usableFromInline
    package func start(_ context: MiddlewareContext<OutputAction, State>) {
        _start(context)
    }

    @MainActor
    @usableFromInline
    package func start(state: GetState<State>) -> Effect<OutputAction> {
        _startEffect(state)
    }

    /// Calls the erased middleware's handler.
    @MainActor
    @inlinable
    package func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction>
    {
        _handle(action, source, state)
    }
}

extension AnyMiddleware: StartForwarding {}
