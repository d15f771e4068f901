/// The effect every child lift returns for every action: after the reducer, the engine cancels
/// the effects of the lift's children that are gone (see ``ChildScope``). Built once per lift,
/// and sendable, so that returning it allocates nothing.
@usableFromInline
internal final class EndRemovedChildren<Action>: EffectStorage, Sendable {
    @usableFromInline
    let scope: any ChildScope

    @usableFromInline
    init(_ scope: any ChildScope) {
        self.scope = scope
    }

    @usableFromInline
    var operation: Effect<Action>.Operation { .endRemovedChildren(scope) }

    @MainActor
    @usableFromInline
    func deriveActions(_ send: (Action, ActionSource) -> Void) -> Bool { false }

    /// The effect.
    var effect: Effect<Action> { Effect(_box: self) }

    /// `childEffect`, an effect of a child, followed by the end of the removed children: the
    /// child's effect first, so that a child removed by the action it handled loses the effects
    /// it just started too.
    func after(_ childEffect: Effect<Action>) -> Effect<Action> {
        childEffect.isNone ? effect : .merge(childEffect, effect)
    }
}

extension EndRemovedChildren {
    /// The end of a presented child's effects, for a child whose state is optional: the one
    /// tracked child is gone when its state is `nil`.
    static func endDismissed<GlobalState, Child>(
        child: @escaping @Sendable (GlobalState) -> Child?
    ) -> EndRemovedChildren {
        EndRemovedChildren(
            KeyedChildScope<GlobalState, PresentedChildKey> { state, tracked in
                child(state) == nil ? Array(tracked.indices) : []
            }
        )
    }

    /// The end of popped entries' effects, for the entries of a ``ChildStack``.
    static func endPopped<GlobalState, Entry>(
        stack: @escaping @Sendable (GlobalState) -> ChildStack<Entry>
    ) -> EndRemovedChildren {
        EndRemovedChildren(
            KeyedChildScope<GlobalState, StackID>(order: <) { state, tracked in
                // Entries are popped from the top, and the tracked ids are sorted as the stack's
                // are: the popped ones are a suffix of them.
                let current = stack(state)
                var first = tracked.count
                while first > 0, current.index(of: tracked[first - 1]) == nil { first -= 1 }
                return Array(first..<tracked.count)
            }
        )
    }
}

/// The one key of a presented child: an optional holds one child at a time.
struct PresentedChildKey: Hashable, Sendable, CustomStringConvertible {
    var description: String { "presented" }
}
