/// A feature as one value: how its state changes and the effects it runs, composed with `<>`,
/// lifted into its parent once, and given to a ``Store`` whole.
///
/// A feature is written in one of two forms, which compose with each other:
///
/// - **One function**, ``reduce(_:)``: it changes the state for an action and returns the
///   ``Effect`` to run after it. A simple feature is one `switch`.
/// - **A reducer and a middleware**, ``init(reducer:middleware:)``: the ``Reducer`` changes the
///   state, the ``Middleware`` sees the action before it and returns the effect. This is the
///   form for features whose effects go through middleware clients, and for cross-cutting
///   middleware — a logger, a recorder. Bridges are middleware too: a ``BridgeMiddleware`` is
///   the `middleware` of a feature, or composed into one with `<>`.
///
/// ```swift
/// let counter = Feature<CounterAction, CounterState>.reduce { action, state in
///     switch action {
///     case .increment:
///         state.count += 1
///         return .none
///     case .incrementLater:
///         return .run { send in
///             try? await clock.sleep(for: .seconds(1))
///             send(.increment)
///         }
///         .cancellable(id: "later", cancelInFlight: true)
///     case .cancel:
///         return .cancel(id: "later")
///     }
/// }
/// let store = Store(initialState: CounterState(), feature: counter)
/// ```
///
/// A feature lifts all its parts — reducer, middleware, bridges, functions — with one case path
/// and one state path: into a plain child, a presented child, a collection's elements by id
/// and a ``ChildStack``'s entries (`lift(action:state:)` and `lift(action:elements:)`, the verbs
/// and labels of ``Reducer`` and ``Middleware``). A lifted child's effects end with the child,
/// whichever form it is written in.
///
/// ## The effects of the one-function form
/// The effect a ``reduce(_:)`` function returns runs as a middleware's does: after every
/// reducer of the store has run (it reads the new state), owned by the store — cancellable by
/// id, cancelled with the store, with the action that caused it as its cause and source. When
/// a feature has both forms, all its middleware sees the action first, then its reducers and
/// functions change the state in the order they were composed, then the effects run: the
/// middleware's first, then the functions', in order.
///
/// A feature is `Sendable` and has no isolation; its middleware and effects run on the main
/// actor of the store that holds it.
public struct Feature<Action, State>: Sendable {
    /// How the feature changes the state: a reducer, or — when a part is written as one
    /// function — a step that also returns an effect.
    @usableFromInline
    internal enum Reduction: Sendable {
        case reducer(Reducer<Action, State>)
        case effects(@Sendable (Action, inout State) -> Effect<Action>)
    }

    @usableFromInline
    internal let _reduction: Reduction
    /// The middleware, bridges included; `nil` for none.
    @usableFromInline
    internal let _middleware: AnyMiddleware<Action, Action, State>?

    @usableFromInline
    internal init(_reduction: Reduction, middleware: AnyMiddleware<Action, Action, State>?) {
        self._reduction = _reduction
        if let middleware, !middleware.isIdentity {
            self._middleware = middleware
        } else {
            self._middleware = nil
        }
    }

    /// Creates a feature from a reducer, with no middleware.
    ///
    /// ```swift
    /// let feature = Feature(reducer: counterReducer)
    /// ```
    ///
    /// - Parameter reducer: The reducer.
    public init(reducer: Reducer<Action, State>) {
        self.init(_reduction: .reducer(reducer), middleware: nil)
    }

    /// Creates a feature from a reducer and a middleware.
    ///
    /// Pass the feature's middleware with its clients, composed with its bridges if it has
    /// any; a feature of bridges alone leaves out the reducer:
    ///
    /// ```swift
    /// let search = Feature(reducer: Search.reducer, middleware: Search.Middleware(client: client, clock: clock))
    /// let bridges = Feature(middleware: appBridges)
    /// ```
    ///
    /// - Parameters:
    ///   - reducer: The reducer; none by default.
    ///   - middleware: The middleware, usually a composition (`a <> b`).
    public init<M: Middleware>(reducer: Reducer<Action, State> = .identity, middleware: M)
    where M.InputAction == Action, M.OutputAction == Action, M.State == State {
        self.init(_reduction: .reducer(reducer), middleware: AnyMiddleware(middleware))
    }

    /// Creates a feature from one function that changes the state for an action and returns
    /// the effect to run after it.
    ///
    /// ```swift
    /// let feature = Feature<CounterAction, CounterState>.reduce { action, state in
    ///     switch action {
    ///     case .increment:
    ///         state.count += 1
    ///         return .none
    ///     case .incrementLater:
    ///         return .send(.increment)
    ///     case .cancel:
    ///         return .cancel(id: "later")
    ///     }
    /// }
    /// ```
    ///
    /// The function runs where a reducer runs, with the reducers; the effect runs after every
    /// reducer of the store, as a middleware's effect does, reading the new state. Capture what
    /// the effect needs from `state` after changing it.
    ///
    /// - Parameter reduce: The function. Like a reducer, it must be pure: its side effects
    ///   belong in the effect it returns.
    /// - Returns: The feature.
    public static func reduce(_ reduce: @escaping @Sendable (Action, inout State) -> Effect<Action>) -> Feature {
        Feature(_reduction: .effects(reduce), middleware: nil)
    }

    /// The feature that does nothing. `identity <> f` and `f <> identity` behave as `f`.
    public static var identity: Feature {
        Feature(_reduction: .reducer(.identity), middleware: nil)
    }

    /// Whether this is ``identity`` or a composition of identities.
    internal var isIdentity: Bool {
        guard _middleware == nil, case .reducer(let reducer) = _reduction else { return false }
        return reducer._isIdentity
    }

    /// The reducer an engine is built with, and its reducer step that returns an effect, if a
    /// part is written as one function (then the reducer is ``Reducer/identity``).
    @usableFromInline
    package var reducerSteps:
        (reducer: Reducer<Action, State>, effects: (@Sendable (Action, inout State) -> Effect<Action>)?)
    {
        switch _reduction {
        case .reducer(let reducer): (reducer, nil)
        case .effects(let reduce): (.identity, reduce)
        }
    }

    /// The middleware an engine is built with; `nil` for none.
    @usableFromInline
    package var erasedMiddleware: AnyMiddleware<Action, Action, State>? { _middleware }
}

extension Feature.Reduction {
    /// The reduction as a step that returns an effect.
    internal var effects: @Sendable (Action, inout State) -> Effect<Action> {
        switch self {
        case .effects(let reduce):
            return reduce
        case .reducer(let reducer):
            let reduce = reducer._reduce
            return { action, state in
                reduce(action, &state)
                return .none
            }
        }
    }

    /// `self`, then `next`, on the same action and state; their effects merged, in order.
    internal func then(_ next: Feature.Reduction) -> Feature.Reduction {
        switch (self, next) {
        case (.reducer(let first), .reducer(let second)):
            return .reducer(first <> second)
        case (.reducer(let first), .effects) where first._isIdentity:
            return next
        case (.effects, .reducer(let second)) where second._isIdentity:
            return self
        default:
            let first = effects
            let second = next.effects
            return .effects { action, state in
                let before = first(action, &state)
                let after = second(action, &state)
                if after.isNone { return before }
                if before.isNone { return after }
                return .merge(before, after)
            }
        }
    }
}
