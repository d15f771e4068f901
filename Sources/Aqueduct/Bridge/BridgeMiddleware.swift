/// A middleware that holds the app's cross-feature workflow: when one feature's action
/// happens, send another feature's action — without either feature knowing the other.
///
/// Build it as a value, one ``bridge(_:when:file:function:line:)`` per rule, and compose it
/// with the app's other middlewares. An app may have as many bridge middlewares as it likes.
///
/// ```swift
/// static var appBridges: BridgeMiddleware<AppAction, AppState> {
///     BridgeMiddleware<AppAction, AppState>()
///         .bridge(\.playback.didStart --> AppAction.downloads(.startDownloads),
///                 when: { $0.settings.downloadPolicy == .always })
///         .bridge(\.playback.didPause --> AppAction.downloads(.stopDownloads),
///                 when: \.settings.autoDownload)
/// }
/// ```
///
/// ## When bridges fire
/// Whether an action matches a bridge is decided in ``handle(action:from:state:)``, before the
/// reducer. The filters (`when:`) and the derivations run *after* the reducer has run on the
/// original action, in the effect `handle` returned, so a filter — and a ``StateBridge``'s
/// closure — reads the new state.
/// The derived actions are processed in the same `dispatch` call, right after the original
/// action, with no task and no hop. Several bridges matching one action fire in the order
/// they were added.
///
/// When no bridge matches, `handle` returns ``Effect/none`` without allocating. When one
/// matches, the effect and the derived action's source are one allocation together — or none,
/// when the bridge is on a case path without a payload (`\.playback.didStart`), reads no state,
/// and the action's source has no info: every action such a bridge matches is the same, so its
/// info line is made once, and the middleware reuses its effect once the last one has run.
///
/// ## Tracing
/// A derived action keeps its original action's ``ActionSource/file``,
/// ``ActionSource/function`` and ``ActionSource/line``, as if the bridge were not there, and
/// its ``ActionSource/info`` gains one line:
///
/// ```text
/// Bridged from playback(PlaybackEvent.didStart) at AppBridges.swift, appBridges:7
/// ```
///
/// that is `Bridged from <original action> at <file name>, <function>:<line>`, where the
/// location is the `.bridge(...)` call (the file name without its module, the function as
/// `#function` gives it: `appBridges` in a computed property, `makeBridges()` in a function).
/// A chain of bridges adds one line per hop, oldest first.
///
/// `BridgeMiddleware` is a `Sendable` value; the store calls it on the main actor.
public struct BridgeMiddleware<Action: Sendable, State>: Middleware {
    @usableFromInline
    internal let rules: [BridgeRule<Action, State>]
    /// ``rules`` filed by their case paths' tags, as `handle` reads them; `nil` when no bridge
    /// has tags.
    @usableFromInline
    internal let table: BridgeTable<Action, State>?
    /// ``rules`` as one chain, when no bridge has tags: `handle` walks it without a table's
    /// cost (about 30 instructions an action).
    @usableFromInline
    internal let chain: BridgeEntry<Action, State>?
    /// The firings `handle` refills for matches that need no allocation, one for each entry
    /// of ``table`` or ``chain`` (see ``RefilledBridgeFiring``).
    @usableFromInline
    internal let spares: BridgeFiringSpares<Action, State>

    /// Creates a bridge middleware with no bridges, which does nothing until bridges are added.
    ///
    /// ```swift
    /// let bridges = BridgeMiddleware<AppAction, AppState>()
    ///     .bridge(\.playback.didStart --> .downloads(.startDownloads))
    ///     .bridge(\.downloads.downloaded --> { .library(.add($0)) }, when: \.isPlaying)
    ///     .bridge(.playback(.didStop) --> .downloads(.stopDownloads))
    /// #expect(bridges.count == 3)
    /// ```
    public init() {
        self.init(rules: [])
    }

    private init(rules: [BridgeRule<Action, State>]) {
        self.rules = rules
        var entries: [BridgeEntry<Action, State>] = []
        if rules.contains(where: { $0.tags != nil }) {
            self.table = BridgeTable.make(rules, into: &entries)
            self.chain = nil
        } else {
            self.table = nil
            self.chain = BridgeEntry.chain(rules, into: &entries)
        }
        self.spares = BridgeFiringSpares(entries: entries)
    }

    /// The number of bridges this middleware holds.
    ///
    /// ```swift
    /// #expect(Player.appBridges.count == 2)
    /// ```
    public var count: Int { rules.count }

    /// Adds a bridge, which fires when its action matches and, with `when`, a condition on the
    /// state holds after the reducer.
    ///
    /// ```swift
    /// BridgeMiddleware<AppAction, AppState>()
    ///     .bridge(\.lifecycle.didBecomeActive --> AppAction.reachability(.startMonitoring))
    ///     .bridge(\.lifecycle.didBecomeActive --> AppAction.checkIn(.refresh))
    ///     .bridge(\.lifecycle.didBecomeActive --> AppAction.checkIn(.sync),
    ///             when: \.checkIn.hasSyncQueue)
    ///     .bridge(\.lifecycle.didEnterBackground --> AppAction.reachability(.stopMonitoring))
    ///     .bridge(\.reachability.connected --> AppAction.checkIn(.sync),
    ///             when: { $0.checkIn.hasPending })
    /// ```
    ///
    /// - Parameters:
    ///   - bridge: The bridge, usually written with `-->`.
    ///   - condition: Reads the state after the reducer has run on the original action; the
    ///     bridge fires when it returns `true`. A key path literal to a `Bool` (`\.settings.isOn`)
    ///     compiles to a direct read. Called on the main actor, only for matching actions. `nil`,
    ///     the default, fires on every match.
    ///   - file: The file of this call, shown in derived actions' info; leave the default.
    ///   - function: The function of this call, shown in derived actions' info; leave the default.
    ///   - line: The line of this call, shown in derived actions' info; leave the default.
    /// - Returns: This middleware with the bridge added after the ones it has.
    public func bridge(
        _ bridge: Bridge<Action>,
        when condition: (@MainActor @Sendable (State) -> Bool)? = nil,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> Self {
        adding(
            BridgeRule(
                bridge: bridge,
                filter: condition.map { .condition($0) } ?? .always,
                site: BridgeSite(file: file, function: function, line: line)
            )
        )
    }

    /// Adds a bridge whose derived action reads the state after the reducer, written with `-->`
    /// and a closure of the payload and the state.
    ///
    /// ```swift
    /// BridgeMiddleware<AppAction, AppState>()
    ///     .bridge(\.playback.didStart --> { _, state in state.isDownloading ? nil : .library(.refresh) })
    ///     .bridge(\.downloads.downloaded --> { kind, _ in .library(.add(kind)) })
    /// ```
    ///
    /// The closure is its own filter — it returns `nil` to send nothing — so this form takes no
    /// `when:`.
    ///
    /// - Parameters:
    ///   - bridge: The bridge, usually written with `-->`.
    ///   - file: The file of this call, shown in derived actions' info; leave the default.
    ///   - function: The function of this call, shown in derived actions' info; leave the default.
    ///   - line: The line of this call, shown in derived actions' info; leave the default.
    /// - Returns: This middleware with the bridge added after the ones it has.
    public func bridge(
        _ bridge: StateBridge<Action, State>,
        file: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> Self {
        adding(BridgeRule(bridge: bridge, site: BridgeSite(file: file, function: function, line: line)))
    }

    private func adding(_ rule: BridgeRule<Action, State>) -> Self {
        Self(rules: rules + [rule])
    }

    /// Finds the bridges that match `action` and, if there are any, returns the effect that
    /// filters, derives and sends their actions after the reducer.
    ///
    /// - Parameters:
    ///   - action: The action about to be reduced.
    ///   - source: Its source; derived actions keep it and add a line of info.
    ///   - state: The state getter; the filters call it after the reducer.
    /// - Returns: ``Effect/none`` when no bridge matches, without allocating; otherwise an
    ///   effect that runs synchronously after the reducer, like an ``Effect/immediate(_:)`` one.
    /// - Complexity: O(*n*) in the number of bridges an action's case may match: for generated
    ///   case paths, the bridges on its case and those without a case path's tags; an action of
    ///   a case no bridge names meets only the latter.
    // Inlinable so that the matching loop is specialised for the app's action, and so is the
    // derivation the effect runs: unspecialised, both look up generic metadata for every bridge
    // on every action.
    @MainActor
    @inlinable
    public func handle(action: Action, from source: ActionSource, state: GetState<State>) -> Effect<Action> {
        // A non-match must not allocate; the walk reads each table and bridge in place (see
        // `BridgeTable` and `BridgeEntry`).
        guard let code = table?.firstMatch(for: action) ?? chain?.firstMatchCode(for: action) else { return .none }
        // See `BridgeEntry.matchCode`.
        let refills = code >= 0 && source._extras == nil
        if refills, let firing = spares.refill(code, cause: action, causeSource: source) {
            return Effect(_box: firing)
        }
        let first = spares.entries[code >= 0 ? code : ~code]
        if refills {
            return Effect(
                _box: spares.make(first: first, cause: action, causeSource: source) { firing, send in
                    firing.fire(send)
                }
            )
        }
        let firing = BridgeFiring(
            first: first,
            cause: action,
            causeSource: source,
            state: first.readsState ? state : nil,
            run: { firing, send in firing.fire(send) }
        )
        return Effect(_box: firing)
    }
}
