/// Sends actions from an asynchronous effect back into its store, from any isolation, to be
/// processed *later*: unlike ``ImmediateSend``, an action sent here is queued and processed in
/// a later main-actor batch, never inside the `dispatch` call that started the effect.
///
/// | | ``Send`` | ``ImmediateSend`` |
/// |---|---|---|
/// | handed to | ``Effect/run(priority:operation:)`` | ``Effect/immediate(_:)`` |
/// | call it from | any isolation, while the effect's work runs | the main actor, inside the work only |
/// | the action is processed | later: queued in the store's inbox, in the next main-actor batch | now: in the same `dispatch` call, right after the action that caused it |
/// | once the effect is cancelled | dropped, and so is what it sent and is not processed yet | dropped, and so is what it sent and is not processed yet |
/// | once its work has returned | dropped, and reported | dropped, and reported |
/// | `Sendable` | yes | no |
///
/// A `Send` is what ``Effect/run(priority:operation:)`` hands its operation. Call it like a
/// function; the action enters the store's thread-safe inbox and is processed on the main
/// actor in the next batch, after the actions this task sent before it.
///
/// ```swift
/// .run { [client, historyLimit] send throws(CheckInError) in
///     send(.historyLoaded(try await client.history(limit: historyLimit)))
/// } catch: { error, send in
///     send(.failed(operation: .refresh, error: error))
/// }
/// ```
///
/// ## Cancel means cancel
/// Once the effect's cancellation has been processed — a ``Effect/cancel(id:)`` with its id, a
/// newer effect with ``Effect/cancellable(id:cancelInFlight:)`` and `cancelInFlight`, its
/// store's release, a test store's cancellation — no action this `Send` sent is processed: not
/// one still waiting in the inbox, not one sent later, from any thread, including tasks the
/// effect started that still hold it. The store checks each action on the main actor as it
/// takes it out of the inbox, where cancellations are processed too, so no interleaving lets
/// one through. "Cancel the search, then reset its results" leaves the results reset.
///
/// ## After the work returns
/// A `Send` sends while the effect's work runs. Once the work has returned, the effect is over:
/// what it sends then is dropped, and reported — a line on standard error from a ``Store``, a
/// failure from a test store — because it is a bug (a callback or a task the work started and
/// did not await). Keep the work running while anything it started may send: await it (a task
/// group, `async let`), or turn callbacks into a stream the work iterates. What the effect sent
/// *before* its work returned is processed as usual — unless the effect is cancelled first:
/// until those actions are processed, the effect is still cancellable by its id.
///
/// `Send` is `Sendable`.
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
    /// a line of info saying so. Nothing happens once the effect is cancelled, or its work has
    /// returned.
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
