/// Sends actions from ``Effect/immediate(_:)`` work, to be processed *now*: unlike ``Send``, an
/// action sent here is processed in the same `dispatch` call, right after the action that caused
/// it, with no task and no hop.
///
/// | | ``Send`` | ``ImmediateSend`` |
/// |---|---|---|
/// | handed to | ``Effect/run(priority:operation:)`` | ``Effect/immediate(_:)`` |
/// | call it from | any isolation, as long as the effect runs | the main actor, inside the work only |
/// | the action is processed | later: queued in the store's inbox, in the next main-actor batch | now: in the same `dispatch` call, right after the action that caused it |
/// | once the effect is cancelled | dropped | (synchronous work is never cancelled) |
/// | `Sendable` | yes | no |
///
/// ```swift
/// .immediate { send in
///     if state().settings.autoSync { send(.sync) }
/// }
/// ```
///
/// Main-actor isolated. Use it only inside the work it was given to; it must not escape.
@MainActor
public struct ImmediateSend<Action> {
    @usableFromInline
    internal let _send: @MainActor (Action, ActionSource?) -> Void

    /// Creates a send function. Stores create these; tests can too, to run an effect by hand.
    ///
    /// - Parameter send: Receives each action and the source given to
    ///   ``callAsFunction(_:from:)``, or `nil` when the caller gave none.
    public init(_ send: @escaping @MainActor (Action, ActionSource?) -> Void) {
        self._send = send
    }

    /// Sends an action. Its source is the source of the action that caused the effect, with a
    /// line of info saying so.
    ///
    /// - Parameter action: The action.
    public func callAsFunction(_ action: Action) {
        _send(action, nil)
    }

    /// Sends an action with the given source, for example one derived by a bridge.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: The source it carries.
    public func callAsFunction(_ action: Action, from source: ActionSource) {
        _send(action, source)
    }
}

@available(*, unavailable)
extension ImmediateSend: Sendable {}
