/// A bridge whose derived action depends on the state as well as on the action: the right side
/// of `-->` receives the payload *and* the state after the reducer.
///
/// Write it with `-->` and a closure of two parameters — the payload and the state — and add it
/// to a ``BridgeMiddleware`` like any ``Bridge``:
///
/// ```swift
/// let syncWhenPending: StateBridge<AppAction, AppState> =
///     \.reachability.connected --> { _, state in
///         state.checkIn.hasPending ? AppAction.checkIn(.sync) : nil
///     }
/// ```
///
/// Whether an action matches is decided before the reducer, as for every `-->` form: one call
/// per case on the case path, no allocation, and nothing more when it does not match. The
/// closure runs after the reducer has run on the original action, on the main actor, so the
/// state it receives is the state that action produced. Returning `nil` sends nothing, so the closure is its
/// own filter: a state bridge takes no `when:`.
///
/// The derived action is traced like every bridged action: it keeps the original action's
/// ``ActionSource/file``, ``ActionSource/function`` and ``ActionSource/line``, and its
/// ``ActionSource/info`` gains `Bridged from <original action> at <file>, <function>:<line>`,
/// the location of the ``BridgeMiddleware/bridge(_:file:function:line:)-(StateBridge<Action,State>,_,_,_)`` call.
///
/// `StateBridge` is a `Sendable` value; its closure is called on the main actor.
public struct StateBridge<Action: Sendable, State>: Sendable {
    /// Decides, before the reducer and without allocating, whether the bridge may fire;
    /// `nil` for a bridge made from a bare derivation, which is always a candidate.
    @usableFromInline
    internal let matches: (@Sendable (Action) -> Bool)?
    /// Derives the action to send from the original action and the state after the reducer;
    /// `nil` sends nothing.
    @usableFromInline
    internal let derivation: @MainActor @Sendable (Action, GetState<State>) -> Action?

    /// The tags of the case path the bridge matches, when it has them (see ``Bridge``).
    @usableFromInline
    internal let tags: CaseTags<Action>?
    /// The one action the bridge matches, when its case path matches only one (a case without
    /// a payload, every step tagged): its derived actions' info line is made once, from it.
    @usableFromInline
    internal let onlyCause: Action?

    @usableFromInline
    internal init(
        matches: (@Sendable (Action) -> Bool)?,
        tags: CaseTags<Action>? = nil,
        onlyCause: Action? = nil,
        derive: @escaping @MainActor @Sendable (Action, GetState<State>) -> Action?
    ) {
        self.matches = matches
        self.tags = tags
        self.onlyCause = onlyCause
        self.derivation = derive
    }

    /// Creates a state bridge from a function of the action and the state, for a rule no `-->`
    /// form fits.
    ///
    /// Prefer `-->` where it fits: it skips a non-matching action before the reducer at no cost,
    /// while a bridge made here runs `derive` after the reducer for every action.
    ///
    /// ```swift
    /// let bridge = StateBridge<AppAction, AppState> { action, state in
    ///     guard case .library(.refresh) = action, !state.isDownloading else { return nil }
    ///     return .downloads(.startDownloads)
    /// }
    /// ```
    ///
    /// - Parameter derive: Returns the action to send for an action, or `nil`. Called on the
    ///   main actor after the reducer, with the state the action produced.
    public init(_ derive: @escaping @MainActor @Sendable (Action, State) -> Action?) {
        self.init(matches: nil, derive: { action, state in derive(action, state()) })
    }

    /// The action this bridge derives from `action` with `state`, or `nil` when it sends nothing.
    ///
    /// Use it to test a bridge alone, without a store:
    ///
    /// ```swift
    /// let downloaded: CaseKeyPath<AppAction, Quality> = \.downloads.downloaded
    /// let bridge: StateBridge<AppAction, AppState> =
    ///     downloaded --> { kind, state in
    ///         state.isPlaying ? .library(.add(kind)) : nil
    ///     }
    /// let active = AppState(isPlaying: true)
    /// #expect(
    ///     bridge.derive(from: .downloads(.downloaded(.low)), state: active) == .library(.add(.low))
    /// )
    /// #expect(bridge.derive(from: .downloads(.downloaded(.low)), state: (AppState())) == nil)
    /// ```
    ///
    /// - Parameters:
    ///   - action: The original action.
    ///   - state: The state after the reducer, as the bridge would read it.
    /// - Returns: The derived action, or `nil`.
    @MainActor
    public func derive(from action: Action, state: State) -> Action? {
        if let matches, !matches(action) { return nil }
        return derivation(action, GetState { state })
    }
}
