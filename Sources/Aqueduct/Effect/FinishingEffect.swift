/// An effect that is its own storage, holds a value, and sends nothing: after the reducer, on
/// the main actor, the engine calls ``finish`` with it. For a middleware of this package that
/// keeps one object per action and must allocate nothing more — the recorder, whose object is
/// the record it hands to its writer.
///
/// Like a bridge's firing (a ``DerivingEffect``), it needs no ``EffectBox``, no closure and no
/// ``ImmediateSend`` built per action. ``Effect/map(_:)`` runs it as `.immediate` work, at the
/// same point.
///
/// ``payload`` is written on the main actor only — where the object is made and in ``finish``
/// — and read elsewhere only after `finish` has handed the object on (under a lock, the
/// writer's): it is never read and written at once, which is what `@unchecked Sendable` stands
/// for here.
@usableFromInline
package final class FinishingEffect<Action, Payload>: DerivingEffect, @unchecked Sendable {
    /// The value the effect carries.
    @usableFromInline
    package var payload: Payload
    /// Called once, after the reducer, on the main actor.
    private let finish: @MainActor @Sendable (FinishingEffect) -> Void

    /// Creates the effect's object.
    ///
    /// - Parameters:
    ///   - payload: The value it carries.
    ///   - finish: What the engine calls with it after the reducer; made once by its middleware
    ///     (a closure made per action would be an allocation of its own).
    @usableFromInline
    package init(_ payload: Payload, finish: @escaping @MainActor @Sendable (FinishingEffect) -> Void) {
        self.payload = payload
        self.finish = finish
    }

    /// The effect whose storage is this object.
    @usableFromInline
    package var effect: Effect<Action> { Effect(_box: self) }

    @MainActor
    @usableFromInline
    func deriveActions(_ send: (Action, consuming ActionSource) -> Void) -> Bool {
        finish(self)
        return true
    }
}
