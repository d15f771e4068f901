/// The effect interpreter: the one place where ``Effect`` means something.
extension StoreRuntime {
    /// What caused an effect: the source of the actions it sends without one of their own, and
    /// the description its registry entry shows.
    @usableFromInline
    internal enum EffectCause {
        /// An action of this runtime, processed from `source`. Both are derived when needed:
        /// the source's info line is deferred until read, the description until listed.
        case action(Action, ActionSource)
        /// Something else — a middleware under test's input — with both given.
        case given(derivedSource: ActionSource, description: String)

        /// The source of an action the effect sends without one: the cause's source with a
        /// line of info naming the cause.
        @inlinable
        internal var derivedSource: ActionSource {
            switch self {
            case .action(let action, let source): source._sentByEffect(of: action)
            case .given(let derivedSource, _): derivedSource
            }
        }

        /// The cause stamped on an action the effect sends: the causing action, by its number,
        /// with `kind`; `nil` when the cause is not an action of this runtime.
        @inlinable
        internal func actionCause(_ kind: ActionCause.Kind) -> ActionCause? {
            switch self {
            case .action(_, let source): source.seq.map { ActionCause(seq: $0, kind: kind) }
            case .given: nil
            }
        }

        /// Describes the cause, when read.
        @inlinable
        internal var describe: @Sendable () -> String {
            switch self {
            case .action(let action, _): { ActionDescription.describe(action) }
            case .given(_, let description): { description }
            }
        }
    }

    /// Runs an effect, after the reducer, under the cancellation `ids` of the `.cancellable`
    /// wrappers around it (outermost first).
    ///
    /// `.send` and `.immediate` dispatch at once: while an action is being processed, that
    /// queues them behind it; from an escaped `ImmediateSend`, it processes them. `.run` starts
    /// a task whose sends go through the inbox. A concatenation runs its synchronous prefix
    /// now and the rest in one task (``EffectSequence``); a throttled effect asks the registry
    /// whether to run now, later or not at all.
    // Inlinable so that cascades (sends, bridges) and effect tasks run specialised code.
    @inlinable
    internal func run(_ effect: Effect<Action>, cause: EffectCause, ids: [EffectID]) {
        switch effect.operation {
        case .none:
            break
        case .send(let action, let given):
            dispatch(action, from: given ?? cause.derivedSource, causedBy: cause.actionCause(.sentByEffect))
        case .immediate(let work):
            let sender = ImmediateSender(runtime: self, cause: cause)
            work(ImmediateSend(_kinded: { action, given, kind in sender.send(action, from: given, kind: kind) }))
        case .deriving(let work):
            work.derive { action, source in
                dispatch(action, from: source, causedBy: cause.actionCause(.bridgedFrom))
            }
        case .run(let priority, let operation):
            startEffect(priority: priority, operation: operation, cause: cause, ids: ids)
        case .merge(let effects):
            for effect in effects { run(effect, cause: cause, ids: ids) }
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { storage.cancel(id: id) }
            run(inner, cause: cause, ids: ids + [id])
        case .cancel(let id):
            cancelEffects(id)
        case .concatenate(let effects):
            runConcatenation(effects, cause: cause, ids: ids)
        case .throttle(let throttle, let inner):
            runThrottled(inner, throttle, cause: cause, ids: ids)
        }
    }

    /// What the ``ImmediateSend`` of an `.immediate` effect calls: dispatches through the
    /// runtime, and derives the source of the actions sent without one once, when the first is
    /// sent — one info node shared by all of them rather than one per action (a cascade of
    /// sends, benchmark scenario k). The send's closure captures this object alone, which is
    /// then its context: no allocation besides it.
    @MainActor
    @usableFromInline
    internal final class ImmediateSender {
        @usableFromInline
        let runtime: StoreRuntime
        @usableFromInline
        let cause: EffectCause
        @usableFromInline
        var derivedSource: ActionSource?

        @usableFromInline
        init(runtime: StoreRuntime, cause: EffectCause) {
            self.runtime = runtime
            self.cause = cause
        }

        @inlinable
        func send(_ action: Action, from given: ActionSource?, kind: ActionCause.Kind) {
            let actionCause = cause.actionCause(kind)
            if let given { return runtime.dispatch(action, from: given, causedBy: actionCause) }
            if derivedSource == nil { derivedSource = cause.derivedSource }
            runtime.dispatch(action, from: derivedSource.unsafelyUnwrapped, causedBy: actionCause)
        }
    }

    /// Interprets `.concatenate`: runs the parts on the main actor up to the first one that
    /// starts asynchronous work, then the rest in one task, registered under `ids`, which
    /// awaits each part before it starts the next.
    @usableFromInline
    internal func runConcatenation(_ parts: [Effect<Action>], cause: EffectCause, ids: [EffectID]) {
        let sequence = EffectSequence(parts, runtime: self, cause: cause, ids: ids)
        let (awaited, next) = sequence.runParts(from: 0)
        guard next < parts.count || !awaited.isEmpty else { return }
        var priority: TaskPriority?
        if next < parts.count, case .run(let first, _) = parts[next].operation { priority = first }
        startEffect(
            priority: priority,
            operation: { send in await sequence.run(send, awaiting: awaited, from: next) },
            cause: cause,
            ids: ids
        )
    }

    /// Runs one part of a concatenation, and what it sends synchronously — unless an action is
    /// being processed, behind which it is queued. Returns the tasks the part started, marked
    /// as parts (see ``RuntimeStorage/nest(tokens:)``), for the concatenation to await.
    internal func runPart(_ effect: Effect<Action>, cause: EffectCause, ids: [EffectID]) -> [Task<Void, Never>] {
        let began = fields.pointee.dispatch.beginWork()
        let first = storage.effectTokenMark
        run(effect, cause: cause, ids: ids)
        let end = storage.effectTokenMark
        if began { drainQueue() }
        return first == end ? [] : storage.nest(tokens: first..<end)
    }

    /// Interprets `.throttle`: runs the effect now, schedules it for the end of the interval,
    /// or drops it, as the registry's record of the id says (``RuntimeStateMachine``). The
    /// effect runs, and waits, under the throttle's id.
    @usableFromInline
    internal func runThrottled(
        _ effect: Effect<Action>,
        _ throttle: EffectThrottle,
        cause: EffectCause,
        ids: [EffectID]
    ) {
        let ids = ids + [throttle.id]
        let (id, timing) = (throttle.id, throttle.timing)
        switch storage.throttle(id, at: timing.now(), timing: timing, latest: throttle.latest) {
        case .drop:
            return
        case .run:
            run(effect, cause: cause, ids: ids)
        case .wait(let lastStart, _):
            let storage = self.storage
            // A concatenation that starts with a `.run` starts one task, its own: the token
            // the registry keeps to tell whether an effect still waits under the id.
            let token = storage.effectTokenMark
            run(
                .concatenate(
                    .run { _ in await timing.sleepUntilEndOfInterval(lastStart) },
                    .immediate { _ in storage.throttleLetThrough(id, at: timing.now()) },
                    effect
                ),
                cause: cause,
                ids: ids
            )
            storage.throttleScheduled(id, token: token)
        }
    }

    /// Interprets `.cancel(id:)`.
    @usableFromInline
    internal func cancelEffects(_ id: EffectID) {
        onCancel?(AnyHashable(id.base))
        storage.cancel(id: id)
    }

    /// Starts an asynchronous effect in a task and registers it until its work returns.
    @inlinable
    internal func startEffect(
        priority: TaskPriority?,
        operation: @escaping @Sendable (Send<Action>) async -> Void,
        cause: EffectCause,
        ids: [EffectID]
    ) {
        let storage = self.storage
        let derived = cause.derivedSource
        let actionCause = cause.actionCause(.sentByEffect)
        let send = Send<Action> { action, given in
            var source = given ?? derived
            source._stampCause(actionCause)
            storage.enqueue(action, source)
        }
        let token = storage.reserveEffect()
        let task: Task<Void, Never>
        if let executor {
            task = Task.detached(executorPreference: executor, priority: priority) {
                await storage.runInContext(operation, send)
                storage.effectFinished(token)
                // A task does not keep its preferred executor alive; this closure does, until
                // the work has returned (a cancelled effect still runs a job to unwind).
                extendLifetime(executor)
            }
        } else {
            task = Task.detached(priority: priority) {
                await operation(send)
                storage.effectFinished(token)
            }
        }
        storage.register(token, .init(ids: ids, task: task, describe: cause.describe))
    }
}
