/// A pure function that applies an action to a state: `(Action, inout State) -> Void`.
///
/// Reducers are the only place state changes. They are values: build them with
/// ``reduce(_:)``, compose them with `<>` (left first), and lift a feature's reducer into
/// the app's action and state with `lift(action:state:)`.
///
/// ```swift
/// let counterReducer = Reducer<CounterAction, Int>.reduce { action, count in
///     switch action {
///     case .increment: count += 1
///     case .decrement: count -= 1
///     case .set(let value): count = value
///     }
/// }
/// ```
///
/// A reducer is `Sendable` and has no isolation: it runs wherever the store that owns it runs
/// (the main actor for ``Store``).
public struct Reducer<Action, State>: Sendable {
    @usableFromInline
    internal let _reduce: @Sendable (Action, inout State) -> Void

    /// `true` for ``identity``, so that composition can drop it instead of calling it.
    @usableFromInline
    internal let _isIdentity: Bool

    @usableFromInline
    internal init(_reduce: @escaping @Sendable (Action, inout State) -> Void, isIdentity: Bool) {
        self._reduce = _reduce
        self._isIdentity = isIdentity
    }

    /// Creates a reducer from a function that mutates the state for an action.
    ///
    /// ```swift
    /// let textReducer = Reducer<TextAction, String>.reduce { action, text in
    ///     switch action {
    ///     case .append(let suffix): text += suffix
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter reduce: The function. It must be pure: no side effects, no reading of
    ///   anything but its arguments. Side effects belong in a ``Middleware``.
    /// - Returns: The reducer.
    public static func reduce(_ reduce: @escaping @Sendable (Action, inout State) -> Void) -> Reducer {
        Reducer(_reduce: reduce, isIdentity: false)
    }

    /// The reducer that changes nothing. `identity <> r` and `r <> identity` behave as `r`.
    public static var identity: Reducer {
        Reducer(_reduce: { _, _ in }, isIdentity: true)
    }

    /// Applies the reducer to a state.
    ///
    /// ```swift
    /// var count = 0
    /// counterReducer(.increment, &count)
    /// #expect(count == 1)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - state: The state to mutate in place.
    @inlinable
    public func callAsFunction(_ action: Action, _ state: inout State) {
        _reduce(action, &state)
    }

    /// Composes two reducers into one that runs `lhs`, then `rhs`, on the same action and state.
    ///
    /// Composition is associative and ``identity`` is its neutral element.
    ///
    /// ```swift
    /// counterReducer.lift(action: \AppAction.Cases.counter, state: \AppState.count)
    ///     <> textReducer.lift(action: \AppAction.Cases.text, state: \AppState.text)
    /// ```
    ///
    /// - Returns: The composed reducer.
    public static func <> (lhs: Reducer, rhs: Reducer) -> Reducer {
        if lhs._isIdentity { return rhs }
        if rhs._isIdentity { return lhs }
        let first = lhs._reduce
        let second = rhs._reduce
        return Reducer(
            _reduce: { action, state in
                first(action, &state)
                second(action, &state)
            },
            isIdentity: false
        )
    }

    /// Composes any number of reducers, in order. An empty list gives ``identity``.
    ///
    /// - Parameter reducers: The reducers, applied first to last.
    /// - Returns: The composed reducer.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        reducers.reduce(.identity, <>)
    }
}
