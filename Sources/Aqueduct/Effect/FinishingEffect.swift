/// Work an action's effect carries that sends nothing and is finished, on the main actor, once
/// the whole effect of the action being processed has run — told what that effect cancelled
/// (see ``EffectCancellation``). Outside the processing of an action (a start effect, a
/// concatenation's part) it is finished at once, told of no cancellation.
@usableFromInline
package protocol FinishingWork: AnyObject, Sendable {
    /// Finishes the work.
    ///
    /// - Parameter cancellations: What the action's effect cancelled, in order; empty when
    ///   nothing was, or when the engine does not follow them there.
    @MainActor
    func finish(after cancellations: [EffectCancellation])
}

/// An effect that is its own storage, holds a value, and sends nothing: after the reducer, on
/// the main actor, the engine calls ``finish`` with it. For a middleware of this package that
/// keeps one object per action and must allocate nothing more — the recorder, whose object is
/// the record it hands to its writer.
///
/// Like a bridge's firing (a ``DerivingEffect``), it needs no ``EffectBox``, no closure and no
/// ``ImmediateSend`` built per action. Returned alone it is finished at once (nothing else
/// can cancel anything); merged with other effects it is finished after all of them have run,
/// with ``cancellations`` set to what they cancelled (``FinishingWork``).
///
/// ``payload`` and ``cancellations`` are written on the main actor only — where the object is
/// made and before ``finish`` — and read elsewhere only after `finish` has handed the object on
/// (under a lock, the writer's): they are never read and written at once, which is what
/// `@unchecked Sendable` stands for here.
@usableFromInline
package final class FinishingEffect<Action, Payload>: EffectStorage, FinishingWork, @unchecked Sendable {
    /// The value the effect carries.
    @usableFromInline
    package var payload: Payload
    /// What the action's effect cancelled, set just before ``finish`` is called.
    @usableFromInline
    package private(set) var cancellations: [EffectCancellation] = []
    /// Called once, after the reducer, on the main actor; `nil` from then on, so that the
    /// closure's context is released there, on the main actor, where the middleware made it —
    /// not wherever the object ends (the recorder's writer), which would pass the context's
    /// reference count between two threads on every action.
    private var finish: (@MainActor @Sendable (FinishingEffect) -> Void)?

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

    @usableFromInline
    var operation: Effect<Action>.Operation { .finishing(self) }

    /// The effect alone: nothing else ran, nothing was cancelled.
    @MainActor
    @usableFromInline
    func deriveActions(_ send: (Action, consuming ActionSource) -> Void) -> Bool {
        callFinish()
        return true
    }

    @MainActor
    @usableFromInline
    package func finish(after cancellations: [EffectCancellation]) {
        self.cancellations = cancellations
        callFinish()
    }

    /// Calls `finish`, once, having set it to `nil`: `finish` may hand the object to another
    /// thread, which must then find nothing left to write.
    @MainActor
    private func callFinish() {
        guard let finish else { return }
        self.finish = nil
        finish(self)
    }
}
