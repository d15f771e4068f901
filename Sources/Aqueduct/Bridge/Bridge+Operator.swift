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
/// The left side is a key path to a `Void?` property that is non-`nil` for the matched case
/// (hand-written, `var didBecomeActive: Void? { if case .didBecomeActive = self { () } else { nil } }`),
/// possibly through other optional properties.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
/// ```
///
/// - Parameters:
///   - match: A key path that reads `()` from a matching action and `nil` from any other.
///   - action: The action to send when it matches.
/// - Returns: The bridge.
@_disfavoredOverload
public func --> <Action: Sendable>(match: KeyPath<Action, Void?> & Sendable, action: Action) -> Bridge<Action> {
    Bridge(
        matches: { $0[keyPath: match] != nil },
        derive: { $0[keyPath: match] != nil ? action : nil }
    )
}

/// A bridge from an action case with a payload to an action made from the payload.
///
/// The right side receives the payload and returns the action to send, or `nil` to send
/// nothing for this payload.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.reachability?.connected --> { .checkIn(.sync(via: $0)) })
///     .bridge(\AppAction.checkIn?.failed --> { $0.isRetryable ? .checkIn(.retry) : nil })
/// ```
///
/// - Parameters:
///   - match: A key path that reads the payload from a matching action and `nil` from any other.
///   - transform: Makes the action to send from the payload, or returns `nil` to send nothing.
///     It runs after the reducer, and only when the bridge's filter passes.
/// - Returns: The bridge.
@_disfavoredOverload
public func --> <Action: Sendable, Payload>(
    match: KeyPath<Action, Payload?> & Sendable,
    transform: @escaping @Sendable (Payload) -> Action?
) -> Bridge<Action> {
    Bridge(
        matches: { $0[keyPath: match] != nil },
        derive: { $0[keyPath: match].flatMap(transform) }
    )
}

/// A bridge from an action case without payload to a fixed action, matched by a function.
///
/// A key path *literal* on the left of `-->` becomes this function, compiled as a direct read
/// of the properties it names: about 1 ns a bridge, where projecting a `KeyPath` value through
/// the run time costs 250–350 ns. So the same line is fast with no change:
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.lifecycle?.didBecomeActive --> AppAction.reachability(.startMonitoring))
/// ```
///
/// A key path stored in a variable is not a literal and uses the `KeyPath` form above.
///
/// - Parameters:
///   - match: Returns `()` for a matching action and `nil` for any other.
///   - action: The action to send when it matches.
/// - Returns: The bridge.
@inlinable
public func --> <Action: Sendable>(match: @escaping @Sendable (Action) -> Void?, action: Action) -> Bridge<Action> {
    Bridge(
        matches: { match($0) != nil },
        derive: { match($0) != nil ? action : nil }
    )
}

/// A bridge from an action case with a payload to an action made from the payload, matched by
/// a function — what a key path literal on the left of `-->` becomes (see the `Void?` form).
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\AppAction.reachability?.connected --> { .checkIn(.sync(via: $0)) })
/// ```
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
        derive: { $0 == match ? action : nil }
    )
}
