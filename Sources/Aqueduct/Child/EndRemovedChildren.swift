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
