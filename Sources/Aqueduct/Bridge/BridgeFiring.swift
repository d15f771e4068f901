/// What a ``BridgeMiddleware`` returns for an action that matched one of its bridges: the
/// effect that, after the reducer, filters, derives and queues the bridged actions — and, for
/// the first matched bridge, the info line of its derived action's source.
///
/// One allocation per matched action, for both roles: the firing is the ``Effect``'s storage (a
/// ``DerivingEffect``, run by the engine with no closure and no ``ImmediateSend`` built per
/// action), and the first derived action's source points to it as its newest ``SourceNode``,
/// which renders `Bridged from <cause> at <file>, <function>:<line>` only when the info is read.
/// Another bridge firing for the same action gets its bridge's shared line or a ``BridgedLine``
/// of its own. A match whose first bridge has a shared line, and reads no state, needs none of
/// this: the middleware refills a ``RefilledBridgeFiring`` instead.
///
/// A firing keeps the state getter only when a bridge from ``first`` on reads the state (a
/// filter, a ``StateBridge``); such a firing is not used as a source, so that no derived
/// action's source ever holds a store's state.
@usableFromInline
internal final class BridgeFiring<Action: Sendable, State>: DerivingEffect, SourceNode, FiringBridges {
    /// The first bridge that matched ``cause``, and the chain after it.
    @usableFromInline
    let first: BridgeEntry<Action, State>
    /// The action that matched.
    @usableFromInline
    let cause: Action
    /// Its source, which the derived actions keep.
    @usableFromInline
    let causeSource: ActionSource
    /// The state getter the middleware was given, when a bridge that may fire reads it.
    @usableFromInline
    let state: GetState<State>?
    /// The derivation, specialised: a closure without captures made in the inlinable
    /// ``BridgeMiddleware/handle(action:from:state:)``, where `Action` and `State` are the app's.
    /// ``deriveActions(_:)``, which the engine calls through the ``EffectStorage`` witness, is
    /// generic code; unspecialised, the walk would look up the metadata of `Action?` and of the
    /// filter for every bridge it visits.
    @usableFromInline
    let run: @MainActor @Sendable (BridgeFiring, (Action, consuming ActionSource) -> Void) -> Void

    @usableFromInline
    init(
        first: BridgeEntry<Action, State>,
        cause: Action,
        causeSource: ActionSource,
        state: GetState<State>?,
        run: @escaping @MainActor @Sendable (BridgeFiring, (Action, consuming ActionSource) -> Void) -> Void
    ) {
        self.first = first
        self.cause = cause
        self.causeSource = causeSource
        self.state = state
        self.run = run
    }

    // MARK: The effect

    @MainActor
    @usableFromInline
    func deriveActions(_ send: (Action, consuming ActionSource) -> Void) -> Bool {
        run(self, send)
        return true
    }

    /// Filters, derives and sends the actions of the bridges that match ``cause``, from
    /// ``first`` on, in the order they were added.
    // Inlinable, called from the closure `handle` makes, so that it is specialised (see `run`).
    @MainActor
    @inlinable
    func fire(_ send: (Action, consuming ActionSource) -> Void) {
        first.fire(self, matched: true, send)
    }

    /// The source of the action `bridge` derived: ``causeSource`` with the bridge's line.
    @inlinable
    func derivedSource(for bridge: BridgeEntry<Action, State>) -> ActionSource {
        if causeSource._extras == nil, let line = bridge.rule.sharedLine {
            return ActionSource(derivedFrom: causeSource, node: line)
        }
        if bridge === first && state == nil { return ActionSource(derivedFrom: causeSource, node: self) }
        return ActionSource(
            derivedFrom: causeSource,
            node: BridgedLine(cause: cause, causeSource: causeSource, site: bridge.rule.site)
        )
    }

    // MARK: The source node of the first bridge's action

    @usableFromInline
    var earlier: SourceNodeReference? { causeSource._extras }

    @usableFromInline
    var infoLine: String? {
        first.rule.site.infoLine(bridging: cause)
    }
}

/// The info line of an action derived by a bridge, when the ``BridgeFiring`` of its cause cannot
/// be its source node: `Bridged from <cause> at <file>, <function>:<line>`, made only when read.
@usableFromInline
internal final class BridgedLine<Action: Sendable>: SourceNode {
    @usableFromInline
    let earlier: SourceNodeReference?
    let cause: Action
    let site: BridgeSite

    @usableFromInline
    init(cause: Action, causeSource: ActionSource, site: BridgeSite) {
        self.earlier = causeSource._extras
        self.cause = cause
        self.site = site
    }

    /// The line of every action a bridge derives from `cause` when the cause's source has no
    /// info: with no earlier node.
    @usableFromInline
    init(cause: Action, site: BridgeSite) {
        self.earlier = nil
        self.cause = cause
        self.site = site
    }

    @usableFromInline
    var infoLine: String? { site.infoLine(bridging: cause) }
}
