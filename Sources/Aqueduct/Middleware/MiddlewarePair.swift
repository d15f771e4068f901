/// Two middlewares acting as one, each kept as its own type: what `<>` returns, behind
/// `some Middleware`, and what composing two features keeps. `first` sees each action before
/// `second`, and their effects run together.
///
/// `a <> b <> c` is a pair of a pair whose parts' types are known where the store is made, so
/// the store's handler is specialised for all of them at once: a part that returns `.none`
/// costs nothing, and an ``IdentityMiddleware`` disappears. Grouping does not matter:
/// `(a <> b) <> c` and `a <> (b <> c)` call the parts in the same order, and their effects are
/// merged into one flat merge (`Effect.merge` opens the merges it is given). A composition
/// built at run time from `any Middleware` values nests the same pairs, each calling its parts
/// through their witness tables.
@usableFromInline
internal struct MiddlewarePair<First: Middleware, Second: Middleware>: Middleware
where
    First.InputAction == Second.InputAction,
    First.OutputAction == Second.OutputAction,
    First.State == Second.State
{
    @usableFromInline
    internal typealias InputAction = First.InputAction
    @usableFromInline
    internal typealias OutputAction = First.OutputAction
    @usableFromInline
    internal typealias State = First.State

    /// The part that sees each action first.
    @usableFromInline
    internal let first: First
    /// The part that sees each action second.
    @usableFromInline
    internal let second: Second

    /// Pairs two middlewares.
    ///
    /// - Parameters:
    ///   - first: The part that sees each action first.
    ///   - second: The part that sees each action second.
    @inlinable
    internal init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Lets both parts handle the action, in order, and merges their effects.
    // Inlinable so that it is specialised where the store is made, with both parts' handlers
    // inlined: the pass-through middlewares of scenario b then cost nothing.
    @MainActor
    @inlinable
    internal func handle(action: InputAction, from source: ActionSource, state: GetState<State>) -> Effect<OutputAction>
    {
        let firstEffect = first.handle(action: action, from: source, state: state)
        let secondEffect = second.handle(action: action, from: source, state: state)
        if secondEffect.isNone { return firstEffect }
        if firstEffect.isNone { return secondEffect }
        return .merge([firstEffect, secondEffect])
    }

    /// Runs both parts' deprecated start hooks, in order.
    @MainActor
    @usableFromInline
    internal func start(_ context: MiddlewareContext<OutputAction, State>) {
        context.startPart(AnyMiddleware(first))
        context.startPart(AnyMiddleware(second))
    }

    /// Both parts' start effects, together.
    @MainActor
    @usableFromInline
    internal func start(state: GetState<State>) -> Effect<OutputAction> {
        .merge([first._startEffect(state: state), second._startEffect(state: state)])
    }

    /// `true` when both parts do nothing: a store given this pair skips middleware altogether.
    // `second` first: a composition built one part at a time nests to the left, and its newest
    // part is rarely an identity, so the check seldom walks the nesting.
    @usableFromInline
    internal var bothAreIdentities: Bool {
        Self.isIdentity(second) && Self.isIdentity(first)
    }

    /// Whether `part` does nothing — an identity, or an erased one, or a pair of them — seen
    /// without erasing it.
    private static func isIdentity<Part: Middleware>(_ part: Part) -> Bool
    where Part.InputAction == InputAction, Part.OutputAction == OutputAction, Part.State == State {
        if part is IdentityMiddleware<InputAction, OutputAction, State> { return true }
        if let erased = part as? AnyMiddleware<InputAction, OutputAction, State> { return erased.isIdentity }
        if let pair = part as? any PairOfMiddlewares { return pair.bothAreIdentities }
        return false
    }
}

extension MiddlewarePair: StartForwarding, PairOfMiddlewares {}

/// A ``MiddlewarePair`` of any types, for ``AnyMiddleware/isIdentity``.
@usableFromInline
internal protocol PairOfMiddlewares {
    /// `true` when both parts do nothing.
    var bothAreIdentities: Bool { get }
}

/// Composes two middlewares of the same types: `lhs` sees each action first, and their effects
/// run together.
///
/// Composition is associative: `(a <> b) <> c` and `a <> (b <> c)` call the three parts in turn
/// and merge their effects into one flat merge, however the expression was grouped. The
/// composition keeps each part's type, so the store's handler is specialised for all the parts
/// at once: a part that returns ``Effect/none`` costs nothing, and ``IdentityMiddleware``
/// disappears. To keep a composition whose type you do not want to spell, use
/// `some Middleware<AppAction, AppAction, AppState>`, or `any Middleware<…>` to choose one at
/// run time.
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
    MiddlewarePair(lhs, rhs)
}
