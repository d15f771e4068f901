extension Bridge {
    /// A bridge from an action case without payload to a fixed action, matched by a key path
    /// *value* — one held in a variable, built at run time, or chosen from a list.
    ///
    /// Write a key path literal with `-->` instead: it becomes a direct read of the properties
    /// it names (about 1 ns), where this bridge applies the key path through the run time on
    /// every action (250–350 ns).
    ///
    /// ```swift
    /// let trigger: KeyPath<AppAction, Void?> & Sendable = settings.syncOnLaunch
    ///     ? \AppAction.lifecycle?.didBecomeActive
    ///     : \AppAction.lifecycle?.willEnterForeground
    /// BridgeMiddleware<AppAction, AppState>()
    ///     .bridge(.on(trigger, send: .checkIn(.refresh)))
    /// ```
    ///
    /// - Parameters:
    ///   - match: A key path that reads `()` from a matching action and `nil` from any other.
    ///   - action: The action to send when it matches.
    /// - Returns: The bridge.
    /// - Complexity: One key-path application per action the bridge middleware sees.
    public static func on(_ match: KeyPath<Action, Void?> & Sendable, send action: Action) -> Bridge {
        Bridge(
            matches: { $0[keyPath: match] != nil },
            derive: { _ in action }
        )
    }

    /// A bridge from an action case with a payload to an action made from the payload, matched
    /// by a key path *value* — one held in a variable, built at run time, or chosen from a list.
    ///
    /// Write a key path literal with `-->` instead, which reads the payload directly; this
    /// bridge applies the key path through the run time on every action.
    ///
    /// ```swift
    /// let connected: KeyPath<AppAction, ConnectionKind?> & Sendable = \AppAction.reachability?.connected
    /// BridgeMiddleware<AppAction, AppState>()
    ///     .bridge(.on(connected, send: { .checkIn(.sync(via: $0)) }))
    /// ```
    ///
    /// - Parameters:
    ///   - match: A key path that reads the payload from a matching action and `nil` from any other.
    ///   - transform: Makes the action to send from the payload, or returns `nil` to send nothing.
    ///     It runs after the reducer, and only when the bridge's filter passes.
    /// - Returns: The bridge.
    /// - Complexity: One key-path application per action the bridge middleware sees.
    public static func on<Payload>(
        _ match: KeyPath<Action, Payload?> & Sendable,
        send transform: @escaping @Sendable (Payload) -> Action?
    ) -> Bridge {
        Bridge(
            matches: { $0[keyPath: match] != nil },
            derive: { $0[keyPath: match].flatMap(transform) }
        )
    }
}
