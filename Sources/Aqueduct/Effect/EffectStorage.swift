/// Where an ``Effect`` that does something keeps its work: an ``EffectBox`` around an
/// operation, or an object that is its own effect — a ``DerivingEffect``.
@usableFromInline
internal protocol EffectStorage<Action>: AnyObject {
    associatedtype Action
    /// What the effect does.
    var operation: Effect<Action>.Operation { get }

    /// Derives this effect's actions and passes each, with its source, to `send` when it is a
    /// ``DerivingEffect``, and returns `true`; returns `false` for any other storage.
    ///
    /// The engine asks this of the effect a middleware returned before it reads ``operation``:
    /// a deriving effect's operation is built in generic code, which looks up the metadata of
    /// the operation's enum and the effect's conformance on every action. Each type implements
    /// it itself, not through a protocol extension, for the same
    /// reason. (A deriving effect inside another, a merge say, takes the general path.)
    @MainActor
    func deriveActions(_ send: (Action, consuming ActionSource) -> Void) -> Bool
}

/// Synchronous work, run after the reducer, that derives actions from the action that caused it
/// and gives each its own source: a bridge middleware's matched bridges (``BridgeFiring``, ``RefilledBridgeFiring``).
///
/// Unlike ``Effect/immediate(_:)``, it needs no closure built per action and no ``ImmediateSend``:
/// the object that holds the cause is the whole effect, and the engine hands it a plain
/// function that queues what it derives. Interpreting it as `.immediate` work — which is what
/// ``Effect/map(_:)`` does — gives the same actions with the same sources.
@usableFromInline
internal protocol DerivingEffect<Action>: EffectStorage, Sendable {}

extension DerivingEffect {
    @usableFromInline
    var operation: Effect<Action>.Operation { .deriving(self) }

    @MainActor
    @usableFromInline
    func derive(_ send: (Action, consuming ActionSource) -> Void) {
        _ = deriveActions(send)
    }
}
