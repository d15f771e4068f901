extension Reducer {
    /// Lifts a feature's reducer into a larger action and state.
    ///
    /// The lifted reducer ignores global actions whose `action` path is `nil` and applies the
    /// feature reducer in place to the sub-state at `state`.
    ///
    /// ```swift
    /// let app: Reducer<AppAction, AppState> =
    ///     counter.lift(action: \AppAction.counter, state: \AppState.count)
    /// ```
    ///
    /// - Parameters:
    ///   - action: A path from the global action to the feature's action, `nil` when the global
    ///     action is for another feature (the case accessor generated for a ``CaseAccessible``
    ///     enum).
    ///   - state: The path from the global state to the feature's state.
    /// - Returns: The lifted reducer.
    public func lift<GlobalAction, GlobalState>(
        action: KeyPath<GlobalAction, Action?> & Sendable,
        state: WritableKeyPath<GlobalState, State> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        if _isIdentity { return .identity }
        let reduce = _reduce
        return .reduce { globalAction, globalState in
            guard let localAction = globalAction[keyPath: action] else { return }
            reduce(localAction, &globalState[keyPath: state])
        }
    }

    /// Lifts a feature's reducer with a closure that extracts the feature's action.
    ///
    /// Use this form when the extraction is not a key path, or on a hot path: a closure is
    /// cheaper to call than a key path.
    ///
    /// ```swift
    /// counter.lift(action: { if case .counter(let a) = $0 { a } else { nil } }, state: \.count)
    /// ```
    ///
    /// - Parameters:
    ///   - action: Extracts the feature's action, or returns `nil` to ignore the global action.
    ///   - state: The path from the global state to the feature's state.
    /// - Returns: The lifted reducer.
    public func lift<GlobalAction, GlobalState>(
        action: @escaping @Sendable (GlobalAction) -> Action?,
        state: WritableKeyPath<GlobalState, State> & Sendable
    ) -> Reducer<GlobalAction, GlobalState> {
        if _isIdentity { return .identity }
        let reduce = _reduce
        return .reduce { globalAction, globalState in
            guard let localAction = action(globalAction) else { return }
            reduce(localAction, &globalState[keyPath: state])
        }
    }
}
