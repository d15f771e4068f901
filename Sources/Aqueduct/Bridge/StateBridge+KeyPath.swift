extension StateBridge {
    /// A state bridge matched by a key path *value* — one held in a variable, built at run time,
    /// or chosen from a list — whose right side receives the payload and the state getter.
    ///
    /// Write a key path literal with `-->` instead: it becomes a direct read of the properties
    /// it names, where this bridge applies the key path through the run time on every action
    /// (250–350 ns).
    ///
    /// ```swift
    /// let connected: KeyPath<AppAction, ConnectionKind?> & Sendable = \AppAction.reachability?.connected
    /// BridgeMiddleware<AppAction, AppState>()
    ///     .bridge(.on(connected, send: { kind, state in state().isActive ? .checkIn(.sync(via: kind)) : nil }))
    /// ```
    ///
    /// - Parameters:
    ///   - match: A key path that reads the payload (`()` for a case without one) from a
    ///     matching action and `nil` from any other.
    ///   - transform: Makes the action to send from the payload and the state after the reducer,
    ///     or returns `nil` to send nothing. Called on the main actor.
    /// - Returns: The bridge.
    /// - Complexity: One key-path application per action the bridge middleware sees.
    public static func on<Payload>(
        _ match: KeyPath<Action, Payload?> & Sendable,
        send transform: @escaping @MainActor @Sendable (Payload, GetState<State>) -> Action?
    ) -> StateBridge {
        StateBridge(
            matches: { $0[keyPath: match] != nil },
            derive: { action, state in
                guard let payload = action[keyPath: match] else { return nil }
                return transform(payload, state)
            }
        )
    }
}
