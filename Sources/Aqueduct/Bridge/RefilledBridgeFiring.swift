/// A ``BridgeFiring`` that allocates nothing: what a ``BridgeMiddleware`` returns when the first
/// bridge that matched has a shared info line (``BridgeRule/sharedLine``: a case path that
/// matches one action), the action's source has no info, and no bridge from there on reads the
/// state — `\.lifecycle.didBecomeActive --> .reachability(.startMonitoring)`.
///
/// The middleware keeps one (``BridgeFiringSpare``) and refills it for the next such match once
/// no effect holds it, so the firing is not the derived action's source node, as a
/// ``BridgeFiring`` is: the shared line is. Isolated to the main actor: it is refilled and run
/// there, and no source points to it, so no other thread reads it.
@MainActor
@usableFromInline
internal final class RefilledBridgeFiring<Action: Sendable, State>: DerivingEffect, FiringBridges {
    /// What the firing is for: written again, field by field, when the firing is refilled.
    @usableFromInline
    struct Trigger {
        /// The first bridge that matched ``cause``, and the chain after it.
        @usableFromInline
        var first: BridgeEntry<Action, State>
        /// The action that matched.
        @usableFromInline
        var cause: Action
        /// Its source, which the derived actions keep.
        @usableFromInline
        var causeSource: ActionSource

        @usableFromInline
        init(first: BridgeEntry<Action, State>, cause: Action, causeSource: ActionSource) {
            self.first = first
            self.cause = cause
            self.causeSource = causeSource
        }
    }

    // Kept for the instruction gate's e/aqueduct: checked, each refill and read of a firing is
    // a run-time access, e +24%. Only this file and `BridgeEntry.fire` touch it, on the main
    // actor, and none of them holds an access across a call that could reach the firing.
    @exclusivity(unchecked)
    @usableFromInline
    var trigger: Trigger
    /// The action that matched.
    @inlinable
    var cause: Action { trigger.cause }
    /// No bridge from the first that matched on reads the state.
    @inlinable
    var state: GetState<State>? { nil }
    /// The derivation, specialised for the app's types, for the reason ``BridgeFiring/run`` gives.
    @usableFromInline
    let run: @MainActor @Sendable (RefilledBridgeFiring, (Action, consuming ActionSource) -> Void) -> Void

    @usableFromInline
    init(
        _ trigger: Trigger,
        run: @escaping @MainActor @Sendable (RefilledBridgeFiring, (Action, consuming ActionSource) -> Void) -> Void
    ) {
        self.trigger = trigger
        self.run = run
    }

    // MARK: The effect

    @usableFromInline
    func deriveActions(_ send: (Action, consuming ActionSource) -> Void) -> Bool {
        run(self, send)
        return true
    }

    /// Filters, derives and sends the actions of the bridges that match the trigger's cause,
    /// from its first bridge on, in the order they were added.
    // Inlinable, called from the closure `handle` makes, so that it is specialised (see `run`).
    @inlinable
    func fire(_ send: (Action, consuming ActionSource) -> Void) {
        trigger.first.fire(self, matched: true, send)
    }

    /// The source of the action `bridge` derived: the cause's source with the bridge's info
    /// line, its shared one when it has one (the first bridge has). The cause's source has no
    /// info, so a shared line always applies: ``BridgeFiring/derivedSource(for:)`` checks that.
    @inlinable
    func derivedSource(for bridge: BridgeEntry<Action, State>) -> ActionSource {
        if let line = bridge.rule.sharedLine {
            return ActionSource(derivedFrom: trigger.causeSource, node: line)
        }
        return ActionSource(
            derivedFrom: trigger.causeSource,
            node: BridgedLine(cause: trigger.cause, causeSource: trigger.causeSource, site: bridge.rule.site)
        )
    }
}

/// The firing a ``BridgeMiddleware`` refills for each match that needs no allocation (see
/// ``RefilledBridgeFiring``), once the effect that last held it is gone.
@MainActor
@usableFromInline
internal final class BridgeFiringSpare<Action: Sendable, State> {
    // Kept for the instruction gate's e/aqueduct: checked, the uniqueness test is a run-time
    // access, e +5%. Only `fill` touches it, on the main actor, and calls nothing while it does.
    @exclusivity(unchecked)
    @usableFromInline
    var firing: RefilledBridgeFiring<Action, State>?

    @usableFromInline
    nonisolated init() {}

    /// A firing of `first` for `cause`: the spare, refilled, when nothing else holds it (the
    /// effect it last was has been run and dropped); otherwise a new one, kept as the spare
    /// when there is none.
    @inlinable
    func fill(
        first: BridgeEntry<Action, State>,
        cause: Action,
        causeSource: ActionSource,
        run:
            @escaping @MainActor @Sendable (
                RefilledBridgeFiring<Action, State>, (Action, consuming ActionSource) -> Void
            ) -> Void
    ) -> RefilledBridgeFiring<Action, State> {
        if isKnownUniquelyReferenced(&firing) {
            let firing = firing.unsafelyUnwrapped
            firing.trigger.first = first
            firing.trigger.cause = cause
            // The cause's source has no extras (see `BridgeMiddleware.handle`): copied without them.
            firing.trigger.causeSource = ActionSource(withoutExtras: causeSource)
            return firing
        }
        let made = RefilledBridgeFiring(.init(first: first, cause: cause, causeSource: causeSource), run: run)
        if firing == nil { firing = made }
        return made
    }
}
