/// A bridge as a ``BridgeMiddleware`` keeps it: how it matches, how it derives, its filter and
/// where it was added. An object, so that the middleware's loops lend it out without retaining
/// it (see ``UnretainedArray``) and a derived action's source can name its call site.
@usableFromInline
internal final class BridgeEntry<Action: Sendable, State>: Sendable {
    /// When a matching bridge fires, evaluated after the reducer.
    @usableFromInline
    enum Filter: Sendable {
        case always
        case condition(@MainActor @Sendable (GetState<State>) -> Bool)
        case flag(KeyPath<State, Bool> & Sendable)

        @MainActor
        @inlinable
        func passes(_ state: GetState<State>) -> Bool {
            switch self {
            case .always: return true
            case .condition(let condition): return condition(state)
            case .flag(let flag): return state()[keyPath: flag]
            }
        }
    }

    /// Decides, before the reducer and without allocating, whether the bridge may fire; `nil`
    /// for a bridge made from a bare derivation.
    @usableFromInline
    let matches: (@Sendable (Action) -> Bool)?
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

    init(bridge: Bridge<Action>, filter: Filter, site: BridgeSite) {
        self.matches = bridge.matches
        self.derive = bridge.derivation
        self.deriveWithState = nil
        self.filter = filter
        self.site = site
        if case .always = filter { self.readsState = false } else { self.readsState = true }
    }

    init(bridge: StateBridge<Action, State>, site: BridgeSite) {
        self.matches = bridge.matches
        self.derive = nil
        self.deriveWithState = bridge.derivation
        self.filter = .always
        self.site = site
        self.readsState = true
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
        if let derive { return derive(action) }
        guard let deriveWithState, let state else { return nil }
        return deriveWithState(action, state)
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

/// The bridges of a ``BridgeMiddleware``, in the order they were added: shared by every copy of
/// the middleware and by each firing, which reads them after the reducer.
@usableFromInline
internal final class BridgeTable<Action: Sendable, State>: Sendable {
    @usableFromInline
    let entries: UnretainedArray<BridgeEntry<Action, State>>
    /// Whether any bridge at this index or after it reads the state when it fires: a firing
    /// from there keeps the state getter, one from elsewhere does not (see ``BridgeFiring``).
    @usableFromInline
    let readsStateFrom: [Bool]

    init(_ entries: [BridgeEntry<Action, State>]) {
        self.entries = UnretainedArray(entries)
        var readsState = false
        var readsStateFrom = [Bool](repeating: false, count: entries.count)
        for index in entries.indices.reversed() {
            readsState = readsState || entries[index].readsState
            readsStateFrom[index] = readsState
        }
        self.readsStateFrom = readsStateFrom
    }
}
