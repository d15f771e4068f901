/// Sends actions from ``Effect/immediate(_:)`` work, to be processed *now*: unlike ``Send``, an
/// action sent here is processed in the same `dispatch` call, right after the action that caused
/// it, with no task and no hop.
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
/// ```swift
/// return .immediate { send in send(.saved(title: row().title + "!")) }
/// ```
///
/// The actions it sends wait behind the action being processed; one of them may cancel the
/// effect (a `.cancel(id:)` of an id marked around it), and then the rest are dropped, never
/// processed. Once the work has returned, an escaped `ImmediateSend` sends nothing: what it
/// sends is dropped, and reported unless the effect was cancelled.
///
/// Main-actor isolated. Use it only inside the work it was given to; it must not escape.
@MainActor
public struct ImmediateSend<Action> {
    /// Receives each action, its given source (or `nil`) and how the effect's cause set it off
    /// (``ActionCause/Kind/sentByEffect``, or ``ActionCause/Kind/bridgedFrom`` from a bridge).
    @usableFromInline
    internal let _send: @MainActor (Action, ActionSource?, ActionCause.Kind) -> Void
    /// Receives each action sent with no source (``callAsFunction(_:)``): what ``_send`` does
    /// with `nil` and ``ActionCause/Kind/sentByEffect``, without passing them — an optional
    /// source is 65 bytes passed and checked on every send of a cascade (scenario k's budget).
    @usableFromInline
    internal let _sendAction: @MainActor (Action) -> Void

    /// Creates a send function. Stores create these; tests can too, to run an effect by hand.
    ///
    /// ```swift
    /// var sent: [CounterAction] = []
    /// let send = ImmediateSend<CounterAction> { action, _ in sent.append(action) }
    /// send(.increment)
    /// #expect(sent == [.increment])
    /// ```
    ///
    /// - Parameter send: Receives each action and the source given to
    ///   ``callAsFunction(_:from:)``, or `nil` when the caller gave none.
    public init(_ send: @escaping @MainActor (Action, ActionSource?) -> Void) {
        self._send = { action, source, _ in send(action, source) }
        self._sendAction = { action in send(action, nil) }
    }

    /// Creates a send function that is also told how each action relates to the effect's cause.
    ///
    /// - Parameters:
    ///   - send: Receives each action, its given source or `nil`, and its kind.
    ///   - sendAction: Receives each action sent with no source, as `send` would with `nil`
    ///     and ``ActionCause/Kind/sentByEffect``.
    @usableFromInline
    internal init(
        _kinded send: @escaping @MainActor (Action, ActionSource?, ActionCause.Kind) -> Void,
        action sendAction: @escaping @MainActor (Action) -> Void
    ) {
        self._send = send
        self._sendAction = sendAction
    }

    /// Sends an action. Its source is the source of the action that caused the effect, with a
    /// line of info saying so.
    ///
    /// - Parameter action: The action.
    @inlinable
    public func callAsFunction(_ action: Action) {
        _sendAction(action)
    }

    /// Sends an action with the given source.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - source: The source it carries.
    @inlinable
    public func callAsFunction(_ action: Action, from source: ActionSource) {
        _send(action, source, .sentByEffect)
    }

    /// Sends an action a bridge derived, so that its cause is recorded as
    /// ``ActionCause/Kind/bridgedFrom``.
    @inlinable
    internal func _sendBridged(_ action: Action, from source: ActionSource) {
        _send(action, source, .bridgedFrom)
    }
}

@available(*, unavailable)
extension ImmediateSend: Sendable {}
