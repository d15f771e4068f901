/// One step of an ``Effect``, for running effects outside a store.
///
/// `package` access, for the `AqueductTesting` library's `MiddlewareTester`, which runs one
/// middleware's effects by hand and records what they send. Not API.
package enum _EffectStep<Action> {
    /// No work.
    case none
    /// Send an action, with the given source or, when `nil`, one derived from the cause.
    case send(Action, ActionSource?)
    /// Synchronous work on the main actor.
    case immediate(@MainActor (ImmediateSend<Action>) -> Void)
    /// Asynchronous work.
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    /// Several effects, started in order.
    case merge([Effect<Action>])
    /// An effect cancellable by `id`.
    case cancellable(id: AnyHashable, cancelInFlight: Bool, Effect<Action>)
    /// Cancel the effects marked with `id`.
    case cancel(id: AnyHashable)
}

extension Effect {
    /// The effect's outermost step.
    package var _step: _EffectStep<Action> {
        switch operation {
        case .none: return .none
        case .send(let action, let source): return .send(action, source)
        case .immediate(let work): return .immediate(work)
        case .run(let priority, let operation): return .run(priority, operation)
        case .merge(let effects): return .merge(effects)
        case .cancellable(let id, let cancelInFlight, let effect):
            return .cancellable(id: AnyHashable(id.base), cancelInFlight: cancelInFlight, effect)
        case .cancel(let id): return .cancel(id: AnyHashable(id.base))
        }
    }
}

extension ActionSource {
    /// The source a store gives an action sent by an effect without a source of its own: this
    /// source with a line of info naming the action that caused the effect, built only if the
    /// info is read. The store and the middleware tester both use it.
    ///
    /// - Parameter cause: The action whose effect sent the action.
    /// - Returns: The derived source.
    package func _sentByEffect(of cause: some Sendable) -> ActionSource {
        appendingInfo(deferred: { "Sent by an effect of \(ActionDescription.describe(cause))" })
    }

    /// The same line for a cause that cannot cross isolation, built now.
    ///
    /// - Parameter cause: The action whose effect sent the action.
    /// - Returns: The derived source.
    package func _sentByEffect(of cause: some Any) -> ActionSource {
        appendingInfo("Sent by an effect of \(ActionDescription.describe(cause))")
    }
}
