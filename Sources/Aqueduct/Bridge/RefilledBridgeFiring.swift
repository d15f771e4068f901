/// A ``BridgeFiring`` that allocates nothing: what a ``BridgeMiddleware`` returns when the first
/// bridge that matched has a shared info line (``BridgeRule/sharedLine``: a case path that
/// matches one action), the action's source has no info, and no bridge from there on reads the
/// state — `\.lifecycle.didBecomeActive --> .reachability(.startMonitoring)`.
///
/// The middleware keeps one for each of its entries (``BridgeFiringSpares``) and refills it for
/// the next such match there once no effect holds it, so the firing is not the derived action's
/// source node, as a ``BridgeFiring`` is: the shared line is. Isolated to the main actor: it is
/// refilled and run there, and no source points to it, so no other thread reads it.
@MainActor
@usableFromInline
internal final class RefilledBridgeFiring<Action: Sendable, State>: DerivingEffect, FiringBridges {
    /// What the firing is for: written again, field by field, when the firing is refilled (its
    /// first bridge, ``first``, is the same for every refill).
    @usableFromInline
    struct Trigger {
        /// The action that matched.
        @usableFromInline
        var cause: Action
        /// Its source, which the derived actions keep: without extras, as a refilled firing's
        /// cause has none, so that a refill writes over it with nothing to release.
        @usableFromInline
        var causeSource: ActionSource.WithoutExtras

        @usableFromInline
        init(cause: Action, causeSource: ActionSource.WithoutExtras) {
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
    /// The first bridge that matched, and the chain after it: the entry whose spare this is.
    @usableFromInline
    let first: BridgeEntry<Action, State>
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
        first: BridgeEntry<Action, State>,
        _ trigger: Trigger,
        run: @escaping @MainActor @Sendable (RefilledBridgeFiring, (Action, consuming ActionSource) -> Void) -> Void
    ) {
        self.first = first
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
        first.fire(self, matched: true, send)
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
            node: BridgedLine(cause: trigger.cause, site: bridge.rule.site)
        )
    }
}

/// The firings a ``BridgeMiddleware`` refills for matches that need no allocation (see
/// ``RefilledBridgeFiring``): one for each of its entries, the one a match begins at, made at
/// the first such match and refilled once the effect that last held it is gone.
///
/// One for each entry, not one for the middleware, so that a firing's first entry never
/// changes: kept as a constant, it is read without a retain and written never (the instruction
/// gate's e/aqueduct).
@MainActor
@usableFromInline
internal final class BridgeFiringSpares<Action: Sendable, State> {
    // Kept for the instruction gate's e/aqueduct: checked, the uniqueness test is a run-time
    // access. Only `refill` and `make` touch it, on the main actor, and call nothing while they
    // do.
    @exclusivity(unchecked)
    @usableFromInline
    var firings: [RefilledBridgeFiring<Action, State>?]
    /// The middleware's entries, each at its ``BridgeEntry/id``.
    @usableFromInline
    let entries: [BridgeEntry<Action, State>]

    /// Room for the firings of `entries`, none made yet.
    @usableFromInline
    nonisolated init(entries: [BridgeEntry<Action, State>]) {
        self.entries = entries
        firings = Array(repeating: nil, count: entries.count)
    }

    /// The firing of the entry numbered `id`, refilled for `cause`, when that entry has one (a
    /// match there needs no allocation: see ``make(first:cause:causeSource:run:)``) and nothing
    /// else holds it (the effect it last was has been run and dropped); otherwise `nil`.
    /// `causeSource` must have no extras.
    @inlinable
    func refill(_ id: Int, cause: Action, causeSource: ActionSource) -> RefilledBridgeFiring<Action, State>? {
        guard isKnownUniquelyReferenced(&firings[id]) else { return nil }
        let firing = firings[id].unsafelyUnwrapped
        firing.trigger.cause = cause
        firing.trigger.causeSource = ActionSource.WithoutExtras(causeSource)
        return firing
    }

    /// A new firing of `first` for `cause` — a match that needs no allocation, whose entry's
    /// firing an effect still holds or that has none yet — kept as the entry's firing when it
    /// has none. `causeSource` must have no extras.
    @usableFromInline
    func make(
        first: BridgeEntry<Action, State>,
        cause: Action,
        causeSource: ActionSource,
        run:
            @escaping @MainActor @Sendable (
                RefilledBridgeFiring<Action, State>, (Action, consuming ActionSource) -> Void
            ) -> Void
    ) -> RefilledBridgeFiring<Action, State> {
        let made = RefilledBridgeFiring(
            first: first,
            .init(cause: cause, causeSource: ActionSource.WithoutExtras(causeSource)),
            run: run
        )
        if firings[first.id] == nil { firings[first.id] = made }
        return made
    }
}
