/// A bridge from an action case to a fixed action.
///
/// The left side is a case path (``CaseKeyPath``) — `\.lifecycle.didBecomeActive`, generated
/// for ``CaseAccessible`` enums — written as a literal or held in a variable: it is resolved
/// once, here, so matching costs the same either way.
///
/// ```swift
/// BridgeMiddleware<AppAction, AppState>()
///     .bridge(\.lifecycle.didBecomeActive --> AppAction.reachability(.startMonitoring))
///     // …
///     .bridge(\.checkIn.checkedIn --> AppAction.checkIn(.sync),
///             when: \.checkIn.hasSyncQueue)
/// ```
///
/// - Parameters:
///   - match: The case to match, whatever its payload.
///   - action: The action to send when it matches.
/// - Returns: The bridge.
/// - Complexity: Matching an action calls the case path's extraction, one call per case on the
///   path, with no allocation; for a generated case path, a ``BridgeMiddleware`` skips an action
///   of another case by its tag, without calling it.
// Inlinable, like the other forms, so that the derivation is specialised for the app's action.
@inlinable
public func --> <Action: Sendable, Payload>(match: CaseKeyPath<Action, Payload>, action: Action) -> Bridge<Action> {
    let path = CasePath(match)
    return Bridge(
        matches: path._matches,
        tags: path._tags,
        onlyCause: path._onlyRoot,
        derive: { _ in action }
    )
}

/// A bridge from an action case to an action made from its payload.
///
/// The right side receives the payload and returns the action to send, or `nil` to send
/// nothing for this payload.
///
/// ```swift
/// let bridge = \AppAction.Cases.downloads.downloaded --> { $0 == .low ? nil : .library(.add($0)) }
/// #expect(bridge.derive(from: .downloads(.downloaded(.low))) == nil)
/// #expect(bridge.derive(from: .downloads(.downloaded(.standard))) == .library(.add(.standard)))
/// ```
///
/// - Parameters:
///   - match: The case to match; resolved once, here.
///   - transform: Makes the action to send from the payload, or returns `nil` to send nothing.
///     It runs after the reducer, and only when the bridge's filter passes.
/// - Returns: The bridge.
@inlinable
public func --> <Action: Sendable, Payload>(
    match: CaseKeyPath<Action, Payload>,
    transform: @escaping @Sendable (Payload) -> Action?
) -> Bridge<Action> {
    let path = CasePath(match)
    return Bridge(
        matches: path._matches,
        tags: path._tags,
        onlyCause: path._onlyRoot,
        derive: { path.extract(from: $0).flatMap(transform) }
    )
}

/// A bridge from an action case to an action made from its payload *and the state*: a
/// ``StateBridge``.
///
/// The right side receives the payload and the state after the reducer, on the main actor —
/// the state the original action produced. It returns the action to send, or `nil` to send
/// nothing, which makes it its own filter.
///
/// ```swift
/// let syncWhenPending: StateBridge<AppAction, AppState> =
///     \.reachability.connected --> { _, state in
///         state.checkIn.hasPending ? AppAction.checkIn(.sync) : nil
///     }
///
/// var state = AppState()
/// #expect(syncWhenPending.derive(from: .reachability(.connectedToWifi), state: state) == nil)
/// state.checkIn.pendingSyncCount = 1
/// #expect(
///     syncWhenPending.derive(from: .reachability(.connectedToWifi), state: state) == .checkIn(.sync)
/// )
/// ```
///
/// Matching costs what it costs for the other forms — the case path's extraction before the
/// reducer, no allocation, and nothing more for an action that does not match.
///
/// - Parameters:
///   - match: The case to match; resolved once, here.
///   - transform: Makes the action to send from the payload and the state after the reducer,
///     or returns `nil` to send nothing.
/// - Returns: The bridge.
@inlinable
public func --> <Action: Sendable, Payload, State>(
    match: CaseKeyPath<Action, Payload>,
    transform: @escaping @MainActor @Sendable (Payload, State) -> Action?
) -> StateBridge<Action, State> {
    let path = CasePath(match)
    return StateBridge(
        matches: path._matches,
        tags: path._tags,
        onlyCause: path._onlyRoot,
        derive: { action, state in
            guard let payload = path.extract(from: action) else { return nil }
            return transform(payload, state())
        }
    )
}

/// A bridge from one `Equatable` action value to another action.
///
/// ```swift
/// let bridge = AppAction.playback(.didStop) --> AppAction.downloads(.stopDownloads)
/// #expect(bridge.derive(from: .playback(.didStop)) == .downloads(.stopDownloads))
/// #expect(bridge.derive(from: .playback(.didStart)) == nil)
/// ```
///
/// - Parameters:
///   - match: The action to match, compared with `==`.
///   - action: The action to send when it matches.
/// - Returns: The bridge.
@inlinable
public func --> <Action: Equatable & Sendable>(match: Action, action: Action) -> Bridge<Action> {
    Bridge(
        matches: { $0 == match },
        derive: { _ in action }
    )
}
