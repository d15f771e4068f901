/// Precedence of `-->`, the operator that writes a ``Bridge``.
///
/// Lower than every operator an operand of a bridge is likely to use — `??`, comparisons, the
/// ternary conditional — so `\AppAction.lifecycle?.didBecomeActive --> flag ? a : b` groups as
/// `kp --> (flag ? a : b)`. Non-associative: `a --> b --> c` is an error, since a bridge is not
/// an action; chain bridges by adding one per hop to a ``BridgeMiddleware``.
precedencegroup BridgePrecedence {
    associativity: none
    lowerThan: TernaryPrecedence
    higherThan: AssignmentPrecedence
}

/// Builds a ``Bridge``: the matching rule on the left, the derived action on the right.
infix operator --> : BridgePrecedence

/// A bridge from an action case without payload to a fixed action.
///
/// The left side is a key path literal to a `Void?` property that is non-`nil` for the matched
/// case — the case accessor `var didBecomeActive: Void?` that `swift package case-accessors`
/// generates for a ``CaseAccessible`` enum — possibly through other optional properties, or any
/// function that returns `()` for a matching action. Swift turns the key path literal into that function, compiled as a direct
/// read of the properties it names: about 1 ns a bridge.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
/// ```
///
/// A key path held in a variable is not a literal and does not convert to a function: bridge it
/// with `Bridge.on(_:send:)`, whose name says that it is applied through the run time on every
/// action (250–350 ns).
///
/// - Parameters:
///   - match: Returns `()` for a matching action and `nil` for any other.
///   - action: The action to send when it matches.
/// - Returns: The bridge.
@inlinable
public func --> <Action: Sendable>(match: @escaping @Sendable (Action) -> Void?, action: Action) -> Bridge<Action> {
    Bridge(
        matches: { match($0) != nil },
        derive: { _ in action }
    )
}

/// A bridge from an action case with a payload to an action made from the payload.
///
/// The left side is a key path literal to an optional property that holds the payload of the
/// matched case, or any function that returns it (see the `Void?` form). The right side
/// receives the payload and returns the action to send, or `nil` to send nothing for this
/// payload.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.reachability?.connected --> { .checkIn(.sync(via: $0)) })
///     .bridge(\AppAction.checkIn?.failed --> { $0.error.isRetryable ? .checkIn(.retry($0.operation)) : nil })
/// ```
///
/// A key path held in a variable: `Bridge.on(_:send:)`.
///
/// - Parameters:
///   - match: Returns the payload of a matching action and `nil` for any other.
///   - transform: Makes the action to send from the payload, or returns `nil` to send nothing.
///     It runs after the reducer, and only when the bridge's filter passes.
/// - Returns: The bridge.
@inlinable
public func --> <Action: Sendable, Payload>(
    match: @escaping @Sendable (Action) -> Payload?,
    transform: @escaping @Sendable (Payload) -> Action?
) -> Bridge<Action> {
    Bridge(
        matches: { match($0) != nil },
        derive: { match($0).flatMap(transform) }
    )
}

/// A bridge from an action case to an action made from its payload *and the state*: a
/// ``StateBridge``.
///
/// The left side is what the other forms take — a key path literal to an optional property of
/// the action, or a function returning the payload (`()` for a case without one). The right
/// side receives the payload and a ``GetState``; it runs after the reducer, on the main actor,
/// so `state()` returns the state the original action produced. It returns the action to send,
/// or `nil` to send nothing, which makes it its own filter.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.reachability?.connected --> { kind, state in
///         state().checkIn.hasPending ? .checkIn(.sync(via: kind)) : nil
///     })
///     .bridge(\AppAction.lifecycle?.didBecomeActive --> { _, state in
///         .checkIn(.resume(since: state().lastActive))
///     })
/// ```
///
/// Matching costs what it costs for the other forms — one direct read before the reducer, no
/// allocation, and nothing more for an action that does not match. A key path held in a
/// variable: `StateBridge.on(_:send:)`.
///
/// - Parameters:
///   - match: Returns the payload of a matching action and `nil` for any other.
///   - transform: Makes the action to send from the payload and the state after the reducer,
///     or returns `nil` to send nothing.
/// - Returns: The bridge.
@inlinable
public func --> <Action: Sendable, Payload, State>(
    match: @escaping @Sendable (Action) -> Payload?,
    transform: @escaping @MainActor @Sendable (Payload, GetState<State>) -> Action?
) -> StateBridge<Action, State> {
    StateBridge(
        matches: { match($0) != nil },
        derive: { action, state in
            guard let payload = match(action) else { return nil }
            return transform(payload, state)
        }
    )
}

/// A bridge from one `Equatable` action value to another action.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(AppAction.session(.signedOut) --> AppAction.reachability(.stopMonitoring))
/// ```
///
/// - Parameters:
///   - match: The action to match, compared with `==`.
///   - action: The action to send when it matches.
/// - Returns: The bridge.
public func --> <Action: Equatable & Sendable>(match: Action, action: Action) -> Bridge<Action> {
    Bridge(
        matches: { $0 == match },
        derive: { _ in action }
    )
}
