/// What set an action off: the sequence number of the earlier action of the same store and how
/// it led to this one.
///
/// Every action a ``Store`` processes gets a sequence number within that store
/// (``ActionSource/seq``): 0 for the first, then one more for each, in processing order. An
/// action that another action set off also gets that action's number and the way it did so
/// (``ActionSource/cause``); an action from outside — a user, a client callback, a test —
/// has no cause. The causes of a store form a forest whose roots are the outside actions; the
/// recorder (`RecorderMiddleware`, in `AqueductRecording`) writes them and the DevTools report draws them as its
/// causal tree.
///
/// ```swift
/// struct CausePrinter: Middleware {
///     let log: EventLog
///
///     func handle(action: AppAction, from source: ActionSource, state: GetState<AppState>) -> Effect<AppAction> {
///         if let seq = source.seq, let cause = source.cause {
///             log.record("#\(seq) \(ActionDescription.describe(action)) ← #\(cause.seq) (\(cause.kind.rawValue))")
///         }
///         return .none
///     }
/// }
/// ```
///
/// The store stamps the number and the cause on the ``ActionSource`` it hands the middleware,
/// the reducer's observers and the effects, so both travel wherever the source does: through
/// lifted middlewares, projections and bridges. They are not part of the source's equality,
/// hash or `Codable` encoding. Stamping costs a few stores and no allocation per action.
///
/// `ActionCause` is a `Sendable`, `Hashable` value. `AqueductRecording`'s `ActionRecord.Cause` is the same type.
public struct ActionCause: Hashable, Sendable {
    /// The sequence number of the action that set this one off; lower than this one's.
    public var seq: Int
    /// How it set this one off.
    public var kind: Kind

    /// Creates a cause.
    ///
    /// ```swift
    /// let cause = ActionCause(seq: 3, kind: .bridgedFrom)
    /// #expect(cause.seq == 3)
    /// ```
    ///
    /// - Parameters:
    ///   - seq: The sequence number of the action that set this one off.
    ///   - kind: How it set this one off.
    @inlinable
    public init(seq: Int, kind: Kind) {
        self.seq = seq
        self.kind = kind
    }

    /// How an action was set off by its cause: the label of an edge in the causal tree.
    ///
    /// When more than one applies — a bridge's derived action is also sent by an effect while
    /// its cause is processed — the first of this list that does is recorded: a bridge is more
    /// telling than an effect, and an effect than the bare fact of being dispatched meanwhile.
    ///
    /// ```swift
    /// #expect(cause.kind.rawValue == "bridged-from")
    /// ```
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A ``BridgeMiddleware`` derived the action from its cause (the source's info says
        /// which bridge). Recorded as `"bridged-from"`.
        case bridgedFrom = "bridged-from"
        /// An effect that a middleware returned for the cause sent the action — an immediate
        /// one (`.send`, `.immediate`) or an asynchronous `.run`, however much later. Recorded
        /// as `"sent-by-effect"`.
        case sentByEffect = "sent-by-effect"
        /// Code that is neither a bridge nor an effect of the cause — a middleware's `handle`,
        /// an observer — dispatched the action while the cause was being processed. Recorded as
        /// `"dispatched-during"`.
        case dispatchedDuring = "dispatched-during"
    }
}

extension ActionCause {
    /// The cause `kind` from the action numbered `seq`; `nil` when `seq` is (the cause is not
    /// an action processed by the store).
    // Not `seq.map { … }`: a closure made in main-actor code and passed to a function that is
    // not isolated checks the executor when called, on every action.
    @inlinable
    internal init?(seq: Int?, kind: Kind) {
        guard let seq else { return nil }
        self.init(seq: seq, kind: kind)
    }
}

extension ActionCause.Kind {
    /// The kind as the one byte an ``ActionSource`` keeps, 0 meaning no cause.
    @inlinable
    internal var _code: UInt8 {
        switch self {
        case .bridgedFrom: 1
        case .sentByEffect: 2
        case .dispatchedDuring: 3
        }
    }

    /// The kind of a code from ``_code``; `nil` for 0.
    @inlinable
    internal init?(_code code: UInt8) {
        switch code {
        case 1: self = .bridgedFrom
        case 2: self = .sentByEffect
        case 3: self = .dispatchedDuring
        default: return nil
        }
    }
}
