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
/// | once its work has returned | dropped, and reported (once per effect) | dropped, and reported (once per effect) |
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
/// ## Backpressure
/// `send(action)` never waits: the store's inbox takes every action, however fast they come.
/// A source that can outrun the main actor — a socket, a file, a stream of sensor readings, a
/// loop — should send with ``withBackpressure(_:)`` instead, which suspends while 1,024
/// actions or more wait in the store's inbox, and sends once the main actor has taken them:
/// the sender then goes at the pace the store processes, and the inbox stays bounded.
///
/// ```swift
/// .run { [socket] send in
///     for await message in socket.messages {
///         await send.withBackpressure(.received(message))
///     }
/// }
/// ```
///
/// Use `send(action)` for the few actions of a request (a result, a failure, a progress
/// report): they never wait.
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
/// what it sends then is dropped, and reported once for the effect, however many actions it
/// sends — a line on standard error from a ``Store``, a failure from a test store — because it
/// is a bug (a callback or a task the work started and
/// did not await). Keep the work running while anything it started may send: await it (a task
/// group, `async let`), or turn callbacks into a stream the work iterates. What the effect sent
/// *before* its work returned is processed as usual — unless the effect is cancelled first:
/// until those actions are processed, the effect is still cancellable by its id.
///
/// `Send` is `Sendable`.
public struct Send<Action>: Sendable {
    @usableFromInline
    internal let _send: @Sendable (Action, ActionSource?) -> Void
    /// The store's inbox and the effect, which ``withBackpressure(_:)`` waits on; `nil` for a
    /// send made by hand, which never waits.
    @usableFromInline
    internal let _room: InboxRoom?

    /// Creates a send function. Stores create these; tests can too, to run an effect by hand.
    /// A send made this way never waits: ``withBackpressure(_:)`` sends at once.
    ///
    /// - Parameter send: Receives each action and the source given to
    ///   ``callAsFunction(_:from:)``, or `nil` when the caller gave none (the store then uses
    ///   the source of the action that started the effect).
    public init(_ send: @escaping @Sendable (Action, ActionSource?) -> Void) {
        self._send = send
        self._room = nil
    }

    /// Creates an effect's send function, whose awaiting send waits on `room`.
    @usableFromInline
    internal init(_ send: @escaping @Sendable (Action, ActionSource?) -> Void, room: InboxRoom?) {
        self._send = send
        self._room = room
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

    /// Sends an action with backpressure: first waits while 1,024 actions or more wait in the
    /// store's inbox, until the main actor has taken them. Its source is the source of the
    /// action that started the effect, as with ``callAsFunction(_:)``.
    ///
    /// For a source that can send faster than the main actor processes — a socket, a stream, a
    /// loop — so that the inbox, and the memory it holds, stays bounded:
    ///
    /// ```swift
    /// for await message in socket.messages {
    ///     await send.withBackpressure(.received(message))
    /// }
    /// ```
    ///
    /// Actions keep the order of the sends, as with ``callAsFunction(_:)``. The wait ends early
    /// when the effect is cancelled or its work returns, when the calling task is cancelled,
    /// and when the store is released; the action is then sent, and dropped only if the effect
    /// is cancelled or over: a task cancelled during the wait loses nothing. Nothing happens if
    /// the task is already cancelled when it is called, as with `send(action)`. Other senders (dispatchers, `send(action)`) never wait, and
    /// senders let through together may each add one action over the bound.
    ///
    /// - Parameter action: The action.
    public func withBackpressure(_ action: Action) async {
        if Task.isCancelled { return }
        await _room?.wait()
        _send(action, nil)
    }

    /// Sends an action with the given source, with backpressure: first waits while 1,024
    /// actions or more wait in the store's inbox (see ``withBackpressure(_:)``).
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: The source it carries.
    public func withBackpressure(_ action: Action, from source: ActionSource) async {
        if Task.isCancelled { return }
        await _room?.wait()
        _send(action, source)
    }
}
