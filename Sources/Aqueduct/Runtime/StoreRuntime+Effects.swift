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
    /// a task whose sends go through the inbox.
    // Inlinable so that cascades (sends, bridges) and effect tasks run specialised code.
    @inlinable
    internal func run(_ effect: Effect<Action>, cause: EffectCause, ids: [EffectID]) {
        switch effect.operation {
        case .none:
            break
        case .send(let action, let given):
            dispatch(action, from: given ?? cause.derivedSource)
        case .immediate(let work):
            work(ImmediateSend { action, given in self.dispatch(action, from: given ?? cause.derivedSource) })
        case .deriving(let work):
            work.derive { action, source in dispatch(action, from: source) }
        case .run(let priority, let operation):
            startEffect(priority: priority, operation: operation, cause: cause, ids: ids)
        case .merge(let effects):
            for effect in effects { run(effect, cause: cause, ids: ids) }
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { storage.cancel(id: id) }
            run(inner, cause: cause, ids: ids + [id])
        case .cancel(let id):
            cancelEffects(id)
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
        let send = Send<Action> { action, given in storage.enqueue(action, given ?? derived) }
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
