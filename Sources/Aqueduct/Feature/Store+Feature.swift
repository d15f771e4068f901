extension Store {
    /// Creates a store that runs a feature: its reducers and functions, its middleware and its
    /// bridges.
    ///
    /// ```swift
    /// let store = Store(initialState: CounterState(), feature: counter)
    /// store.dispatch(.increment)
    /// ```
    ///
    /// The store processes each action as ``init(initialState:reducer:middleware:)`` describes:
    /// the feature's middleware before its reducers, the effects after them. The effects its
    /// functions (``Feature/reduce(_:)``) return run after the middleware's, owned by the store
    /// in the same way. The middleware's start hook runs before `init` returns.
    ///
    /// - Parameters:
    ///   - initialState: The state to start from.
    ///   - feature: The feature, usually a composition of lifted features (`a <> b`).
    // Inlinable for the reason the other initialisers are: the engine's dispatcher closure and
    // inbox drain are then specialised for the app's action type.
    @inlinable
    public convenience init(initialState: State, feature: Feature<Action, State>) {
        let middleware = feature.erasedMiddleware
        let steps = feature.reducerSteps
        self.init(
            runtime: Engine(
                initialState: initialState,
                reducer: steps.reducer,
                middleware: middleware,
                reduceWithEffects: steps.effects
            ),
            middleware: middleware
        )
    }
}
