/// Sends actions from an asynchronous effect back into its store, from any isolation, to be
/// processed *later*: unlike ``ImmediateSend``, an action sent here is queued and processed in
/// a later main-actor batch, never inside the `dispatch` call that started the effect.
///
/// | | ``Send`` | ``ImmediateSend`` |
/// |---|---|---|
/// | handed to | ``Effect/run(priority:operation:)`` | ``Effect/immediate(_:)`` |
/// | call it from | any isolation, as long as the effect runs | the main actor, inside the work only |
/// | the action is processed | later: queued in the store's inbox, in the next main-actor batch | now: in the same `dispatch` call, right after the action that caused it |
/// | once the effect is cancelled | dropped | (synchronous work is never cancelled) |
/// | `Sendable` | yes | no |
///
/// A `Send` is what ``Effect/run(priority:operation:)`` hands its operation. Call it like a
/// function; the action enters the store's thread-safe inbox and is processed on the main
/// actor in the next batch, after the actions this task sent before it.
///
/// ```swift
/// .run { send in
///     send(.started)
///     let items = try? await client.items()
///     send(.loaded(items ?? []))
/// }
/// ```
///
/// Once the effect's task is cancelled, sends made from that task are dropped (a send from
/// another task or thread the effect started is not: that work should stop itself). Actions
/// sent before the cancellation and still in the inbox are processed. `Send` is `Sendable`.
public struct Send<Action>: Sendable {
    @usableFromInline
    internal let _send: @Sendable (Action, ActionSource?) -> Void

    /// Creates a send function. Stores create these; tests can too, to run an effect by hand.
    ///
    /// - Parameter send: Receives each action and the source given to
    ///   ``callAsFunction(_:from:)``, or `nil` when the caller gave none (the store then uses
    ///   the source of the action that started the effect).
    public init(_ send: @escaping @Sendable (Action, ActionSource?) -> Void) {
        self._send = send
    }

    /// Sends an action. Its source is the source of the action that started the effect, with
    /// a line of info saying so.
    ///
    /// - Parameter action: The action.
    public func callAsFunction(_ action: Action) {
        if Task.isCancelled { return }
        _send(action, nil)
    }

    /// Sends an action with the given source.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: The source it carries.
    public func callAsFunction(_ action: Action, from source: ActionSource) {
        if Task.isCancelled { return }
        _send(action, source)
    }
}
