/// One rule of a ``BridgeMiddleware``: which actions it matches and the action it derives from
/// each of them.
///
/// Bridges are usually written with the `-->` operator, whose left side says what to match and
/// whose right side says what to send:
///
/// ```swift
/// let bridges = BridgeMiddleware<AppAction, AppState>()
///     .bridge(\.playback.didStart --> .downloads(.startDownloads))
///     .bridge(\.downloads.downloaded --> { .library(.add($0)) }, when: \.isPlaying)
///     .bridge(.playback(.didStop) --> .downloads(.stopDownloads))
/// ```
///
/// The left side is a case path (``CaseKeyPath``), literal or held in a variable. With a closure
/// of two parameters on the right — the payload and the state — `-->` makes a ``StateBridge``,
/// whose derived action reads the state after the reducer.
///
/// A bridge decides whether an action *matches* before the reducer runs — for the `-->` forms
/// that is one call per case on the case path, or one comparison, which allocates nothing — and
/// derives the action to send *after* the reducer, once its ``BridgeMiddleware`` filter has
/// passed.
///
/// `Bridge` is a `Sendable` value; it does not know where it is used. The location shown in a
/// derived action's ``ActionSource/info`` is the one of the
/// ``BridgeMiddleware/bridge(_:when:file:function:line:)`` call that adds it.
public struct Bridge<Action: Sendable>: Sendable {
    /// Decides, before the reducer and without allocating, whether the bridge may fire;
    /// `nil` for a bridge made from a bare derivation, which is always a candidate.
    @usableFromInline
    internal let matches: (@Sendable (Action) -> Bool)?
    /// Derives the action to send, after the reducer; `nil` sends nothing. Called only for an
    /// action ``matches`` accepted, so a fixed action needs no second test.
    @usableFromInline
    internal let derivation: @Sendable (Action) -> Action?

    /// The tags of the case path the bridge matches, when it has them: a ``BridgeMiddleware``
    /// compares an action with this bridge only when the action's case has these tags.
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
        derive: @escaping @Sendable (Action) -> Action?
    ) {
        self.matches = matches
        self.tags = tags
        self.onlyCause = onlyCause
        self.derivation = derive
    }

    /// Creates a bridge from a function that derives an action, or `nil` to send nothing.
    ///
    /// Prefer the `-->` forms where they fit: they skip a non-matching action before the reducer
    /// at no cost, while a bridge made here runs `derive` after the reducer for every action.
    ///
    /// ```swift
    /// let bridge = Bridge<AppAction> { action in
    ///     if case .library(.refresh) = action { return .downloads(.startDownloads) }
    ///     return nil
    /// }
    /// #expect(bridge.derive(from: .library(.refresh)) == .downloads(.startDownloads))
    /// #expect(bridge.derive(from: .library(.add(.high))) == nil)
    /// ```
    ///
    /// - Parameter derive: Returns the action to send for an action, or `nil`.
    public init(_ derive: @escaping @Sendable (Action) -> Action?) {
        self.init(matches: nil, derive: derive)
    }

    /// The action this bridge derives from `action`, or `nil` when it sends nothing.
    ///
    /// Use it to test a bridge alone, without a store:
    ///
    /// ```swift
    /// let bridge = \.playback.didStart --> AppAction.downloads(.startDownloads)
    /// #expect(bridge.derive(from: .playback(.didStart)) == .downloads(.startDownloads))
    /// #expect(bridge.derive(from: .playback(.didPause)) == nil)
    /// ```
    ///
    /// - Parameter action: The original action.
    /// - Returns: The derived action, or `nil`.
    public func derive(from action: Action) -> Action? {
        if let matches, !matches(action) { return nil }
        return derivation(action)
    }
}
