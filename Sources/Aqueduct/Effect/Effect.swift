/// The work a ``Middleware`` asks the store to do after the reducer has run.
///
/// A middleware's ``Middleware/handle(action:from:state:)`` runs *before* the reducer and
/// returns an `Effect`; the store runs it *after* the reducer, so the effect sees the new state.
///
/// ```swift
/// switch action {
/// case .startMonitoring:
///     // …
///     return .run { send in
///         // …
///         for await path in paths {
///             for event in await lastReported.update(to: path) { send(event) }
///         }
///     }
///     .cancellable(id: Monitoring(), cancelInFlight: true)
/// case .stopMonitoring:
///     return .cancel(id: Monitoring())
/// default:
///     return .none
/// }
/// ```
///
/// - ``none``: nothing to do; the fast path costs nothing.
/// - ``send(_:)`` and ``immediate(_:)``: synchronous; their actions are processed in the same
///   `dispatch` call, right after the action that caused them, with no task and no hop.
/// - ``run(priority:operation:)``: asynchronous work off the main actor. Its actions go
///   through the store's inbox and are processed in batches on the main actor.
///   ``run(priority:operation:catch:)`` takes work that throws and a handler for its error.
/// - `merge(_:)` (together), `concatenate(_:)` (one after the other),
///   ``cancellable(id:cancelInFlight:)``, ``cancel(id:)``: combine and control.
/// - ``debounce(id:for:clock:)`` and ``throttle(id:for:clock:latest:)``: time, by id, on an
///   injected clock.
///
/// Every running effect belongs to its store and is cancelled when the store is released.
/// Cancel means cancel: once a cancellation has been processed, nothing the cancelled effect
/// sent is processed — not what waits in the inbox, not what it sends later from any thread
/// (see ``cancel(id:)``). Effects get time from the clock their middleware was given (never
/// from the wall clock directly), so tests control it.
///
/// An `Effect` is a description: creating one does nothing until a store runs it. It is used
/// on the main actor, where the store runs middleware.
public struct Effect<Action> {
    @usableFromInline
    internal enum Operation {
        case none
        case send(Action, ActionSource?)
        case immediate(@MainActor (ImmediateSend<Action>) -> Void)
        case run(EffectPriority?, @Sendable (Send<Action>) async -> Void)
        case merge([Effect<Action>])
        case cancellable(id: EffectID, cancelInFlight: Bool, Effect<Action>)
        case cancel(id: EffectID)
        /// At least two parts, none of them `.none` or a concatenation.
        case concatenate([Effect<Action>])
        case throttle(EffectThrottle, Effect<Action>)
        /// Synchronous work that derives actions and their sources itself (see ``DerivingEffect``).
        case deriving(any DerivingEffect<Action>)
        /// Work that sends nothing and is finished once the action's whole effect has run,
        /// told what it cancelled (see ``FinishingWork``): the recorder's record.
        case finishing(any FinishingWork)
        /// An effect of one child of a lift: runs under the child's ``ChildEffectID``, and the
        /// engine tracks the child (see ``ChildScope``).
        case child(any ChildScope, key: EffectID, Effect<Action>)
        /// After the reducer: cancels the effects of the scope's children that are gone.
        case endRemovedChildren(any ChildScope)
        /// The child feature asks to be dismissed (``dismiss``): a child lift turns it into its
        /// dismissing action.
        case dismiss
        /// A middleware's start effect (``Middleware/start(state:)``): runs with the middleware
        /// as its cause, named by the string, since no action caused it.
        case started(by: String, Effect<Action>)
    }

    /// The work, boxed; `nil` for ``none``. A single optional reference keeps `.none` free to
    /// create, copy and destroy even in unspecialised generic code, where the enum itself would
    /// go through value witnesses and a metadata lookup on every action. Usually an
    /// ``EffectBox``; a ``DerivingEffect`` is its own storage, so that a bridged action's effect
    /// is one allocation.
    @usableFromInline
    internal let _box: (any EffectStorage<Action>)?

    @inlinable
    internal init(_box: (any EffectStorage<Action>)?) {
        self._box = _box
    }

    @usableFromInline
    internal init(_ operation: Operation) {
        if case .none = operation {
            self._box = nil
        } else {
            self._box = EffectBox(operation)
        }
    }

    /// What the effect does.
    @inlinable
    internal var operation: Operation {
        _box?.operation ?? .none
    }

    /// No work. Returning `.none` from a middleware costs nothing on the dispatch path.
    @inlinable
    public static var none: Effect { Effect(_box: nil) }

    /// `true` when the effect does no work.
    @inlinable
    public var isNone: Bool {
        _box == nil
    }

    /// Sends an action right after the reducer, in the same `dispatch` call.
    ///
    /// The action's source is the source of the action that caused it, with a line of
    /// ``ActionSource/info`` saying which action's effect sent it.
    ///
    /// ```swift
    /// case .flush:
    ///     guard syncCapability != nil else { return .send(.flushed) }
    /// ```
    ///
    /// - Parameter action: The action to send.
    /// - Returns: The effect.
    public static func send(_ action: Action) -> Effect {
        Effect(.send(action, nil))
    }

    /// Sends an action right after the reducer, in the same `dispatch` call, with a given source.
    ///
    /// - Parameters:
    ///   - action: The action to send.
    ///   - source: The source the action carries.
    /// - Returns: The effect.
    public static func send(_ action: Action, from source: ActionSource) -> Effect {
        Effect(.send(action, source))
    }

    /// Runs synchronous work on the main actor right after the reducer.
    ///
    /// The work can read the new state (through the ``GetState`` its middleware was given) and
    /// send any number of actions, which are processed in the same `dispatch` call. This is
    /// how filters that depend on the state after the reducer are written.
    ///
    /// ```swift
    /// case .save, .close, .duplicate:
    ///     return .immediate { send in send(.saved(title: row().title + "!")) }
    /// ```
    ///
    /// - Parameter work: The work. `send` must not escape it.
    /// - Returns: The effect.
    public static func immediate(_ work: @escaping @MainActor (ImmediateSend<Action>) -> Void) -> Effect {
        Effect(.immediate(work))
    }

    /// Runs asynchronous work in a task off the main actor.
    ///
    /// The actions it sends enter the store's inbox and are processed on the main actor in
    /// batches, in the order they were sent — while the work runs. Once the effect is cancelled
    /// (``cancel(id:)``, ``cancellable(id:cancelInFlight:)`` in flight, the store released),
    /// nothing it sent and that was not processed yet is processed, and nothing it sends from
    /// then on, from any thread; once its work has returned, what it sends is dropped and
    /// reported (see ``Send``).
    ///
    /// ```swift
    /// return .run { send in
    ///     // …
    ///     for await path in paths {
    ///         for event in await lastReported.update(to: path) { send(event) }
    ///     }
    /// }
    /// ```
    ///
    /// ## Reading the state
    /// The effect starts after the reducer. To read the state from the work, call the
    /// ``GetState`` the middleware was given with `await`: `await state()` hops to the main
    /// actor and returns the state as it is then — after this action's reducer, and after any
    /// action processed since (a test scheduler follows the hop: tests stay deterministic).
    ///
    /// ```swift
    /// case .incrementLater:
    ///     return .run { send in
    ///         let count = await state()
    ///         try? await Task.sleep(for: .seconds(1))
    ///         if await state() == count { send(.increment) }
    ///     }
    /// ```
    ///
    /// - Parameters:
    ///   - priority: The task's priority.
    ///   - operation: The work. It should return promptly once its task is cancelled.
    /// - Returns: The effect.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Send<Action>) async -> Void
    ) -> Effect {
        Effect(.run(priority.map(EffectPriority.init), operation))
    }

    /// Runs several effects together. `.none`s are dropped; merging nothing gives `.none`.
    ///
    /// - Parameter effects: The effects, started in order.
    /// - Returns: The merged effect.
    public static func merge(_ effects: [Effect]) -> Effect {
        combining(effects, flattening: { if case .merge(let parts) = $0 { parts } else { nil } }, into: Operation.merge)
    }

    /// Combines effects into one `combine` operation: `.none`s dropped, the parts of the
    /// effects `flattening` opens (those of the same kind) inlined; nothing gives `.none`, a
    /// single effect is returned as it is.
    internal static func combining(
        _ effects: [Effect],
        flattening parts: (Operation) -> [Effect]?,
        into combine: ([Effect]) -> Operation
    ) -> Effect {
        var combined: [Effect] = []
        for effect in effects {
            let operation = effect.operation
            if case .none = operation { continue }
            if let nested = parts(operation) {
                combined.append(contentsOf: nested)
            } else {
                combined.append(effect)
            }
        }
        switch combined.count {
        case 0: return .none
        case 1: return combined[0]
        default: return Effect(combine(combined))
        }
    }

    /// Runs several effects together. See `merge(_:)`.
    ///
    /// - Parameter effects: The effects, started in order.
    /// - Returns: The merged effect.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// Marks this effect as cancellable by `id`: ``cancel(id:)`` with `id` cancels it, and so
    /// does another effect marked with `id` and `cancelInFlight`.
    ///
    /// ```swift
    /// case .start(let name): return waiting(name).cancellable(id: "work")
    /// case .startLatest(let name): return waiting(name).cancellable(id: "work", cancelInFlight: true)
    /// case .stop: return .cancel(id: "work")
    /// ```
    ///
    /// Once the cancellation has been processed, nothing the effect sent is processed (see
    /// ``cancel(id:)``). Synchronous effects marked with an id (``send(_:)``,
    /// ``immediate(_:)``) are cancellable too: what they sent and is still queued behind the
    /// action being processed is dropped.
    ///
    /// - Parameters:
    ///   - id: Any hashable, sendable value; cancelling it cancels every effect marked with it.
    ///   - cancelInFlight: When `true`, effects already running under `id` are cancelled before
    ///     this one starts (the latest one wins).
    /// - Returns: The cancellable effect.
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Effect {
        if isNone && !cancelInFlight { return self }
        return Effect(.cancellable(id: EffectID(id), cancelInFlight: cancelInFlight, self))
    }

    /// Cancels every effect marked with `id`.
    ///
    /// ```swift
    /// case .start(let name): return waiting(name).cancellable(id: "work")
    /// case .startLatest(let name): return waiting(name).cancellable(id: "work", cancelInFlight: true)
    /// case .stop: return .cancel(id: "work")
    /// ```
    ///
    /// ## Cancel means cancel
    /// Once the cancellation has been processed — after the reducer of the action whose
    /// middleware returned it — no action sent by the cancelled effects is processed:
    ///
    /// - not one waiting in the store's inbox, even in the batch the store is processing;
    /// - not one sent later, from any thread, including tasks the effect started that hold its
    ///   ``Send``;
    /// - not one a synchronous effect marked with `id` queued behind the action being processed;
    /// - not the result of an effect whose work has already returned but whose actions wait
    ///   to be processed: "cancel the search, then reset its results" leaves them reset.
    ///
    /// The effects' tasks are cancelled too (cooperatively: their work should stop, and
    /// ``run(priority:operation:catch:)`` does not call its handler), and the parts of a
    /// concatenation not started yet never start. The same holds for an effect cancelled in
    /// flight by ``cancellable(id:cancelInFlight:)``, for a debounced or throttled effect
    /// cancelled under its id, and for every effect of a store that is released.
    ///
    /// - Parameter id: The identifier given to ``cancellable(id:cancelInFlight:)``.
    /// - Returns: The effect.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        Effect(.cancel(id: EffectID(id)))
    }

    /// Transforms the actions this effect sends, for lifting a middleware's output into a
    /// larger action.
    ///
    /// Only the actions change: identifiers, cancellation, concatenation, debouncing and
    /// throttling work as they did before the transformation.
    ///
    /// - Parameter transform: Embeds an action into the larger action type.
    /// - Returns: The effect sending transformed actions.
    public func map<NewAction>(_ transform: @escaping @Sendable (Action) -> NewAction) -> Effect<NewAction> {
        switch operation {
        case .none:
            return .none
        case .send(let action, let source):
            return Effect<NewAction>(.send(transform(action), source))
        case .immediate(let work):
            return Effect<NewAction>(
                .immediate { send in
                    work(
                        ImmediateSend(
                            _kinded: { action, source, kind in send._send(transform(action), source, kind) },
                            action: { action in send._sendAction(transform(action)) }
                        )
                    )
                }
            )
        case .run(let priority, let operation):
            return Effect<NewAction>(
                .run(priority) { send in
                    await operation(Send({ action, source in send._send(transform(action), source) }, room: send._room))
                }
            )
        case .merge(let effects):
            return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
        case .cancellable(let id, let cancelInFlight, let effect):
            return Effect<NewAction>(.cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
        case .cancel(let id):
            return Effect<NewAction>(.cancel(id: id))
        case .concatenate(let effects):
            return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
        case .throttle(let throttle, let effect):
            return Effect<NewAction>(.throttle(throttle, effect.map(transform)))
        case .deriving(let work):
            return Effect<NewAction>(
                .immediate { send in
                    work.derive { action, source in send._sendBridged(transform(action), from: source) }
                }
            )
        case .child(let scope, let key, let effect):
            return Effect<NewAction>(.child(scope, key: key, effect.map(transform)))
        case .endRemovedChildren(let scope):
            return Effect<NewAction>(.endRemovedChildren(scope))
        case .finishing(let work):
            return Effect<NewAction>(.finishing(work))
        case .dismiss:
            return Effect<NewAction>(.dismiss)
        case .started(let starter, let effect):
            return Effect<NewAction>(.started(by: starter, effect.map(transform)))
        }
    }
}

/// The storage of an effect that does something.
@usableFromInline
internal final class EffectBox<Action>: EffectStorage {
    @usableFromInline
    let operation: Effect<Action>.Operation

    @usableFromInline
    init(_ operation: Effect<Action>.Operation) {
        self.operation = operation
    }

    @MainActor
    @usableFromInline
    func deriveActions(_ send: (Action, consuming ActionSource) -> Void) -> Bool {
        false
    }
}

/// A type-erased, sendable effect identifier: a value and its type.
///
/// Two ids are equal only when their values have the same type and are equal: `7`, `UInt8(7)`
/// and `7.0` are three ids, although `AnyHashable` would make them one (it compares numbers
/// across types). Comparing opens the existential and casts once, with no box.
/// A `.run` effect's task priority, kept as its raw value: `TaskPriority` is resilient (its
/// layout is not known to the code that uses it), and an ``Effect/Operation`` with one inside
/// had a layout computed at run time — each operation made, copied, switched on or destroyed
/// went through value witnesses and a metadata lookup, and so did every function that might
/// make one, on every call (scenario k's budget, the instruction gate).
@usableFromInline
internal struct EffectPriority: Sendable {
    @usableFromInline
    internal let rawValue: UInt8

    @usableFromInline
    internal init(_ priority: TaskPriority) {
        self.rawValue = priority.rawValue
    }

    /// The priority to start the task with.
    @usableFromInline
    internal var taskPriority: TaskPriority {
        TaskPriority(rawValue: rawValue)
    }
}

@usableFromInline
internal struct EffectID: Hashable, Sendable, CustomStringConvertible {
    let base: any Hashable & Sendable

    init(_ id: some Hashable & Sendable) {
        self.base = id
    }

    @usableFromInline
    static func == (lhs: EffectID, rhs: EffectID) -> Bool { Self.equals(lhs.base, rhs.base) }
    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        hasher.combine(base)
    }
    @usableFromInline
    var description: String { String(describing: base) }

    /// Whether `other` has the type of `value` and equals it.
    private static func equals<Value: Hashable>(_ value: Value, _ other: any Hashable & Sendable) -> Bool {
        guard type(of: other) == Value.self, let other = other as? Value else { return false }
        return value == other
    }
}

// An effect holds main-actor work (`immediate`) and is used on the main actor, where the store
// runs middleware; it does not cross isolation.
@available(*, unavailable)
extension Effect: Sendable {}
