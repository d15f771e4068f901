/// A bridge as a ``BridgeMiddleware`` keeps it: how it matches, how it derives, its filter and
/// where it was added.
@usableFromInline
internal struct BridgeRule<Action: Sendable, State>: Sendable {
    /// When a matching bridge fires, evaluated after the reducer.
    @usableFromInline
    enum Filter: Sendable {
        case always
        case condition(@MainActor @Sendable (State) -> Bool)

        /// Whether the bridge fires; `state` is `nil` only when no bridge from this one on reads
        /// it (then the filter is ``always``).
        @MainActor
        @inlinable
        func passes(_ state: GetState<State>?) -> Bool {
            switch self {
            case .always: return true
            case .condition(let condition):
                guard let state else { return true }
                return condition(state())
            }
        }
    }

    /// Decides, before the reducer and without allocating, whether the bridge may fire; `nil`
    /// for a bridge made from a bare derivation.
    @usableFromInline
    private(set) var matches: (@Sendable (Action) -> Bool)?
    /// A ``Bridge``'s derivation: the action to send, from the original action alone.
    @usableFromInline
    let derive: (@Sendable (Action) -> Action?)?
    /// A ``StateBridge``'s derivation, which reads the state after the reducer. Exactly one of
    /// ``derive`` and this is set.
    @usableFromInline
    let deriveWithState: (@MainActor @Sendable (Action, GetState<State>) -> Action?)?
    @usableFromInline
    let filter: Filter
    /// Where the bridge was added, shown in the derived actions' info.
    @usableFromInline
    let site: BridgeSite
    /// Whether firing the bridge reads the state: it has a filter or is a ``StateBridge``.
    @usableFromInline
    let readsState: Bool
    /// The tags of the bridge's case path, when it has them: where ``BridgeTable`` files it.
    let tags: CaseTags<Action>?
    /// The info line of every action the bridge derives from an action whose source has no
    /// info, when the bridge matches only one action: made once, here, so that such a firing
    /// allocates nothing.
    @usableFromInline
    let sharedLine: BridgedLine<Action>?

    init(bridge: Bridge<Action>, filter: Filter, site: BridgeSite) {
        self.matches = bridge.matches
        self.tags = bridge.tags
        self.sharedLine = bridge.onlyCause.map { BridgedLine(cause: $0, site: site) }
        self.derive = bridge.derivation
        self.deriveWithState = nil
        self.filter = filter
        self.site = site
        if case .always = filter { self.readsState = false } else { self.readsState = true }
    }

    init(bridge: StateBridge<Action, State>, site: BridgeSite) {
        self.matches = bridge.matches
        self.tags = bridge.tags
        self.sharedLine = bridge.onlyCause.map { BridgedLine(cause: $0, site: site) }
        self.derive = nil
        self.deriveWithState = bridge.derivation
        self.filter = .always
        self.site = site
        self.readsState = true
    }

    /// This rule without its matching test, for a chain that only actions of its case reach
    /// (see ``BridgeTable``): its derivation still extracts the payload it needs.
    var matchingEveryAction: Self {
        var rule = self
        rule.matches = nil
        return rule
    }

    /// `true` when the bridge may fire for `action`: its cheap matching test passes, or it has none.
    @inlinable
    func mayMatch(_ action: Action) -> Bool {
        matches?(action) ?? true
    }

    /// The action this bridge derives from `action` after the reducer, or `nil`; `state` is
    /// `nil` only when the bridge does not read it.
    @MainActor
    @inlinable
    func derivedAction(from action: Action, state: GetState<State>?) -> Action? {
        // Called as `derive?(…)` alone, which borrows the closure: bound to a name, or read
        // twice around the call, it was retained and released around it.
        if derive != nil { return derive?(action) }
        guard let state else { return nil }
        return deriveWithState?(action, state)
    }
}

// Kept for the instruction gate's e/aqueduct and i: as `while` loops, e +104% and i +30–417%.
/// Bridges of a ``BridgeMiddleware`` as a chain, in the order they were added: the ones an
/// action may match once ``BridgeTable`` has found its case, what `handle` walks before the
/// reducer and a ``BridgeFiring`` after it.
///
/// A chain of objects, each walked by calling the next through `next?.` as its last act: a tail
/// call, which the compiler turns into a loop that reads each bridge's closures in place. A loop
/// over an array of bridges retains and releases each closure around its call (the compiler
/// cannot prove that a call leaves the array alone).
@usableFromInline
internal final class BridgeEntry<Action: Sendable, State>: Sendable {
    @usableFromInline
    let rule: BridgeRule<Action, State>
    @usableFromInline
    let next: BridgeEntry?
    /// Whether this bridge or one after it reads the state when it fires: a firing from here
    /// keeps the state getter, one from elsewhere does not (see ``BridgeFiring``).
    @usableFromInline
    let readsState: Bool
    /// This entry's number among its middleware's entries, from 0: its index in
    /// ``BridgeFiringSpares``, which keeps the firing refilled for matches that begin here.
    @usableFromInline
    let id: Int
    /// How a walk reports a match here, in one word, so that each table's step returns it as a
    /// tail call (a pair of the number and a flag measured e +4%): ``id`` when a firing from
    /// this entry needs no allocation (its rule has a shared line and no bridge from here on
    /// reads the state, see ``RefilledBridgeFiring``; for a cause whose source has no info),
    /// otherwise `~id`, which is negative.
    @usableFromInline
    let matchCode: Int

    /// Makes the chain of `rules`, in order; `nil` for none. Its entries are appended to
    /// `entries`, each numbered with its index there.
    static func chain(_ rules: [BridgeRule<Action, State>], into entries: inout [BridgeEntry]) -> BridgeEntry? {
        var head: BridgeEntry?
        for rule in rules.reversed() {
            head = BridgeEntry(rule: rule, next: head, id: entries.count)
            entries.append(head.unsafelyUnwrapped)
        }
        return head
    }

    private init(rule: BridgeRule<Action, State>, next: BridgeEntry?, id: Int) {
        self.rule = rule
        self.next = next
        self.readsState = rule.readsState || next?.readsState == true
        self.id = id
        self.matchCode = !readsState && rule.sharedLine != nil ? id : ~id
    }

    /// The first bridge from this one on that may fire for `action`, as its ``matchCode``, or
    /// `nil`: a number, not the entry, so that a match retains nothing (the instruction gate's
    /// e/aqueduct; ``BridgeFiringSpares/entries`` has the entry).
    @inlinable
    func firstMatchCode(for action: Action) -> Int? {
        guard let match = firstMatch(for: action) else { return nil }
        return match._withUnsafeGuaranteedRef { $0.matchCode }
    }

    /// The first bridge from this one on that may fire for `action`, or `nil`: unretained, as
    /// the chain keeps it. The walk returns the entry, not its number, so that each step is a
    /// tail call (returning the number, i's rows took about 20 instructions more a bridge).
    @inlinable
    func firstMatch(for action: Action) -> Unmanaged<BridgeEntry>? {
        if rule.mayMatch(action) { return Unmanaged.passUnretained(self) }
        return next?.firstMatch(for: action)
    }

    /// Fires this bridge and the ones after it that match `firing`'s cause, in order: filters,
    /// derives and sends. This bridge is known to match when `matched` is `true`.
    @MainActor
    @inlinable
    func fire<Firing: FiringBridges<Action, State>>(
        _ firing: Firing,
        matched: Bool,
        _ send: (Action, consuming ActionSource) -> Void
    ) {
        if matched || rule.mayMatch(firing.cause),
            rule.filter.passes(firing.state),
            let derived = rule.derivedAction(from: firing.cause, state: firing.state)
        {
            send(derived, firing.derivedSource(for: self))
        }
        next?.fire(firing, matched: false, send)
    }
}

/// The `.bridge(...)` call that added a bridge: what a derived action's info line names.
@usableFromInline
internal struct BridgeSite: Sendable {
    let file: StaticString
    let function: StaticString
    let line: UInt

    /// `Bridged from <cause> at <File.swift>, <function>:<line>`.
    func infoLine(bridging cause: some Any) -> String {
        let fileName = ActionSource(file: file, function: function, line: line).fileName
        return "Bridged from \(ActionDescription.describe(cause)) at \(fileName), \(function):\(line)"
    }
}
