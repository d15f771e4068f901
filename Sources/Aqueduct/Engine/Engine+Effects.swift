/// The effect interpreter: the one place where ``Effect`` means something.
extension Engine {
    /// What caused an effect: the source of the actions it sends without one of their own, and
    /// the description its registry entry shows.
    @usableFromInline
    internal enum EffectCause {
        /// An action of this engine, processed from `source`. Both are derived when needed:
        /// the source's info line is deferred until read, the description until listed.
        case action(Action, ActionSource)
        /// Something else — a middleware under test's input — with both given.
        case given(derivedSource: ActionSource, description: String)
        /// A middleware's start effect, the middleware named by the string.
        case started(by: String)

        /// The source of an action the effect sends without one: the cause's source with a
        /// line of info naming the cause.
        @inlinable
        internal var derivedSource: ActionSource {
            switch self {
            case .action(let action, let source): source._sentByEffect(of: action)
            case .given(let derivedSource, _): derivedSource
            case .started(let starter): ActionSource.startEffect(of: starter)
            }
        }

        /// The cause stamped on an action the effect sends: the causing action, by its number,
        /// with `kind`; `nil` when the cause is not an action of this engine.
        @inlinable
        internal func actionCause(_ kind: ActionCause.Kind) -> ActionCause? {
            switch self {
            case .action(_, let source): ActionCause(seq: source.seq, kind: kind)
            case .given, .started: nil
            }
        }

        /// Describes the cause, when read.
        @inlinable
        internal var describe: @Sendable () -> String {
            switch self {
            case .action(let action, _): { ActionDescription.describe(action) }
            case .given(_, let description): { description }
            case .started(let starter): { "the start of \(starter)" }
            }
        }
    }

    /// Runs an effect, after the reducer, under the cancellation `ids` of the `.cancellable`
    /// wrappers around it (outermost first), as a part of the concatenation `parent` if any.
    ///
    /// `.send` and `.immediate` dispatch at once: while an action is being processed, that
    /// queues them behind it. `.run` starts a task whose sends go through the inbox. A
    /// concatenation runs its synchronous prefix now and the rest in one task
    /// (``EffectSequence``); a throttled effect asks the registry whether to run now, later or
    /// not at all.
    ///
    /// Every effect whose actions a cancellation could still drop gets an ``EffectLifetime``,
    /// which its actions carry: every asynchronous one, and a synchronous one marked with ids
    /// or run as a concatenation's part. A synchronous effect without either cannot be
    /// cancelled, and its actions carry none: the dispatch path of a plain `.send` or
    /// `.immediate` takes no lock.
    // Inlinable so that cascades (sends, bridges) and effect tasks run specialised code.
    @inlinable
    internal func run(_ effect: Effect<Action>, cause: EffectCause, ids: [EffectID], parent: Int? = nil) {
        switch effect.operation {
        case .none:
            break
        case .send(let action, let given):
            let lifetime = ids.isEmpty && parent == nil ? nil : register(cause: cause, ids: ids, parent: parent)
            dispatch(
                action,
                from: given ?? cause.derivedSource,
                causedBy: cause.actionCause(.sentByEffect),
                lifetime: lifetime
            )
            if let lifetime { storage.effectReturned(lifetime, sentSynchronously: true) }
        case .immediate(let work):
            let lifetime = ids.isEmpty && parent == nil ? nil : register(cause: cause, ids: ids, parent: parent)
            let sender = ImmediateSender(runtime: self, cause: cause, lifetime: lifetime)
            work(
                ImmediateSend(
                    _kinded: { action, given, kind in sender.send(action, from: given, kind: kind) },
                    action: { action in sender.send(action) }
                )
            )
            sender.close()
        case .deriving(let work):
            let lifetime = ids.isEmpty && parent == nil ? nil : register(cause: cause, ids: ids, parent: parent)
            work.derive { action, source in
                dispatch(action, from: source, causedBy: cause.actionCause(.bridgedFrom), lifetime: lifetime)
            }
            if let lifetime { storage.effectReturned(lifetime, sentSynchronously: true) }
        case .run(let priority, let operation):
            let lifetime = register(cause: cause, ids: ids, parent: parent)
            startTask(of: lifetime, priority: priority?.taskPriority, cause: cause) { send in await operation(send) }
        case .merge(let effects):
            for effect in effects { run(effect, cause: cause, ids: ids, parent: parent) }
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { cancelEffectsInFlight(id) }
            run(inner, cause: cause, ids: ids + [id], parent: parent)
        case .cancel(let id):
            cancelEffects(id)
        case .concatenate(let effects):
            runConcatenation(effects, cause: cause, ids: ids, parent: parent)
        case .throttle(let throttle, let inner):
            runThrottled(inner, throttle, cause: cause, ids: ids, parent: parent)
        case .child(let scope, let key, let inner):
            runChild(inner, of: scope, key: key, cause: cause, ids: ids, parent: parent)
        case .endRemovedChildren(let scope):
            endRemovedChildren(of: scope)
        case .dismiss:
            reportDismissOutsideChild()
        case .started(let starter, let inner):
            run(inner, cause: .started(by: starter), ids: ids, parent: parent)
        case .finishing(let work):
            // Within an action's processing (its cause, no concatenation around it) it waits
            // for the end of the action's effect (`process`); anywhere else it finishes now.
            if parent == nil, case .action = cause {
                waitForEndOfAction(work)
            } else {
                finishNow(work)
            }
        }
    }

    /// Interprets `.child`: tracks the child and runs its effect under its ``ChildEffectID``.
    @usableFromInline
    internal func runChild(
        _ effect: Effect<Action>,
        of scope: any ChildScope,
        key: EffectID,
        cause: EffectCause,
        ids: [EffectID],
        parent: Int?
    ) {
        tracker(of: scope)?.started(key)
        run(
            effect,
            cause: cause,
            ids: ids + [EffectID(ChildEffectID(scope: ObjectIdentifier(scope), key: key))],
            parent: parent
        )
    }

    /// Interprets a `.dismiss` that reached the store: no child lift turned it into an action.
    @usableFromInline
    internal func reportDismissOutsideChild() {
        DismissOutsideChild.report(element: nil)
    }

    /// This store's tracker of the children of `scope`, made the first time it is asked for;
    /// `nil` if the scope cannot read this store's state (a lift nested in an element's).
    @usableFromInline
    internal func tracker(of scope: any ChildScope) -> (any ChildTracker)? {
        let id = ObjectIdentifier(scope)
        if let known = childTrackers[id] { return known }
        let made = scope.makeTracker(reading: getState)
        childTrackers[id] = .some(made)
        return made
    }

    /// Interprets `.endRemovedChildren`: cancels the effects of the children of `scope` that
    /// started effects and are no longer in the state, as `.cancel(id:)` cancels an id.
    @usableFromInline
    internal func endRemovedChildren(of scope: any ChildScope) {
        guard let tracker = childTrackers[ObjectIdentifier(scope)] ?? nil else { return }
        let removed = tracker.takeRemoved()
        if removed.isEmpty { return }
        let scopeID = ObjectIdentifier(scope)
        for key in removed {
            let count = storage.cancel(id: EffectID(ChildEffectID(scope: scopeID, key: key)))
            if !waitingFinishes.isEmpty {
                cancellations.append(
                    EffectCancellation(.child(kind: scope.childKind, key: key.base), effectCount: count)
                )
            }
        }
    }

    /// Registers an effect about to start (see ``EffectRegistryStateMachine``).
    @inlinable
    internal func register(cause: EffectCause, ids: [EffectID], parent: Int?) -> EffectLifetime {
        storage.register(ids: ids, parent: parent, describe: cause.describe)
    }

    /// Starts the task of the registered effect `lifetime`, on the scheduler or the global
    /// concurrent executor, with a `Send` whose actions carry the lifetime; the effect returns
    /// when `work` does.
    @inlinable
    internal func startTask(
        of lifetime: EffectLifetime,
        priority: TaskPriority?,
        cause: EffectCause,
        _ work: @escaping @Sendable (Send<Action>) async -> Void
    ) {
        let storage = self.storage
        let derived = cause.derivedSource
        let actionCause = cause.actionCause(.sentByEffect)
        let send = Send<Action>(
            { action, given in storage.enqueue(action, given ?? derived, causedBy: actionCause, from: lifetime) },
            room: InboxRoom(keeper: storage, lifetime: lifetime)
        )
        let operation: @Sendable () async -> Void = {
            await work(send)
            storage.effectReturned(lifetime)
        }
        let task: Task<Void, Never>
        if let scheduler {
            task = scheduler.startTask(priority: priority, operation)
        } else {
            // The one place a store's effect tasks start: registered above, cancelled with the store.
            task = Task.detached(priority: priority, operation: operation)
        }
        storage.attach(task, to: lifetime)
    }

    /// What the ``ImmediateSend`` of an `.immediate` effect calls: dispatches through the
    /// engine while the work runs, and drops what is sent after (from an escaped
    /// `ImmediateSend`), reporting it unless the effect was cancelled. It derives the source of
    /// the actions sent without one once, when the first is sent — one info node shared by all
    /// of them rather than one per action (a cascade of sends) — and queues them with one
    /// origin (``DispatchStateMachine/enqueue(_:origin:)``): after the first, queueing one is
    /// moving the action into the queue. The send's closures capture this object alone, which
    /// is then their context: no allocation besides it.
    @MainActor
    @usableFromInline
    internal final class ImmediateSender {
        @usableFromInline
        let runtime: Engine
        /// The engine's main-actor fields (``RawEngineMemory/fields``), where its actions are
        /// queued. Valid while this object is: it holds the engine, which holds their memory.
        // A pointer, not `runtime.memory.fields`: reaching them through two objects retains and
        // releases the memory around each queued action (scenario k's budget, the instruction
        // gate: about 40 instructions an action).
        @usableFromInline
        let fields: UnsafeMutablePointer<MainActorEngineFields<Action, State>>
        @usableFromInline
        let cause: EffectCause
        /// The effect's lifetime, when a cancellation could drop what it sends.
        @usableFromInline
        let lifetime: EffectLifetime?
        // Unchecked: only `send` and `close` touch these, on the main actor, one at a time.
        // Kept for the instruction gate's k/aqueduct: checked, it went 9.83× → 12.79× (+30%).
        @usableFromInline
        @exclusivity(unchecked)
        var derivedSource: ActionSource?
        /// Whether the work still runs.
        @usableFromInline
        @exclusivity(unchecked)
        var isOpen = true
        /// The origin the actions sent without a source share in the dispatch queue, valid
        /// while the queue's ``DispatchStateMachine/originsGeneration`` is ``originGeneration``.
        // Unchecked, as above, and for the same budget (k/aqueduct, the instruction gate).
        @usableFromInline
        @exclusivity(unchecked)
        var origin = 0
        /// The queue's origins generation when ``origin`` was added; 0, which the queue never
        /// has, before.
        @usableFromInline
        @exclusivity(unchecked)
        var originGeneration = 0

        /// The number of the action that caused the effect, stamped on each action sent as its
        /// cause; `nil` when the cause is not an action of this engine. Read from ``cause``
        /// once, not on every send: the cause is a generic enum, copied and destroyed through
        /// its value witnesses each time it is read.
        @usableFromInline
        let causeSeq: Int?

        // Inlinable, so that it is specialised: unspecialised, it looks up the cause's metadata.
        @inlinable
        init(runtime: Engine, cause: EffectCause, lifetime: EffectLifetime?) {
            self.runtime = runtime
            self.fields = runtime.memory._fields
            self.cause = cause
            self.lifetime = lifetime
            self.causeSeq = cause.actionCause(.sentByEffect)?.seq
        }

        /// Sends an action with no source of its own (`send(action)`).
        @inlinable
        func send(_ action: Action) {
            guard isOpen else { return sentLate(action) }
            // While an action is processed (always, but for a middleware's effect under test),
            // an action sent with the effect's cause is queued with the origin of the others:
            // their source is the same, and so is the cause stamped on it.
            if causeSeq != nil, !fields.pointee.dispatch.isIdle { return queue(action) }
            dispatchDerived(action, kind: .sentByEffect)
        }

        @inlinable
        func send(_ action: Action, from given: ActionSource?, kind: ActionCause.Kind) {
            guard isOpen else { return sentLate(action) }
            if let given {
                return runtime.dispatch(
                    action,
                    from: given,
                    causedBy: ActionCause(seq: causeSeq, kind: kind),
                    lifetime: lifetime
                )
            }
            if case .sentByEffect = kind, causeSeq != nil, !fields.pointee.dispatch.isIdle { return queue(action) }
            dispatchDerived(action, kind: kind)
        }

        /// Dispatches an action sent with no source of its own, from the effect's derived source.
        @inlinable
        func dispatchDerived(_ action: Action, kind: ActionCause.Kind) {
            // Not `derivedSource == nil`, which compares through `ActionSource`'s `==` (a copy,
            // a call and a destroy on every send).
            if case .none = derivedSource { derivedSource = cause.derivedSource }
            runtime.dispatch(
                action,
                from: derivedSource.unsafelyUnwrapped,
                causedBy: ActionCause(seq: causeSeq, kind: kind),
                lifetime: lifetime
            )
        }

        /// Queues an action sent without a source, as ``DispatchStateMachine/enqueue(_:from:causedBy:lifetime:)``
        /// would, with the origin the effect's other such actions have: added by the first one
        /// queued since the queue last emptied.
        // Always inlined into `send`: out of line, the compiler merges the specialisations for two
        // action types into one function, a call per queued action (scenario k's budget).
        @inlinable @inline(__always)
        func queue(_ action: Action) {
            let generation = fields.pointee.dispatch.originsGeneration
            if originGeneration != generation {
                if case .none = derivedSource { derivedSource = cause.derivedSource }
                origin = fields.pointee.dispatch.addOrigin(
                    derivedSource.unsafelyUnwrapped,
                    causedBy: ActionCause(seq: causeSeq, kind: .sentByEffect),
                    lifetime: lifetime
                )
                originGeneration = generation
            }
            fields.pointee.dispatch.enqueue(action, origin: origin)
        }

        /// The work returned.
        @usableFromInline
        func close() {
            isOpen = false
            if let lifetime { runtime.storage.effectReturned(lifetime, sentSynchronously: true) }
        }

        /// Whether a send after the work returned was reported: the first is, the rest are not.
        @usableFromInline
        var reportedLate = false

        @usableFromInline
        func sentLate(_ action: Action) {
            if lifetime?.isCancelled == true || reportedLate { return }
            reportedLate = true
            runtime.storage.onLateSend(action, cause.describe())
        }
    }

    /// Interprets `.concatenate`: registers the concatenation, runs the parts on the main actor
    /// up to the first one that starts asynchronous work, then the rest in the
    /// concatenation's task, which awaits each part before it starts the next.
    ///
    /// - Returns: The concatenation's token.
    @usableFromInline
    @discardableResult
    internal func runConcatenation(
        _ parts: [Effect<Action>],
        cause: EffectCause,
        ids: [EffectID],
        parent: Int?
    ) -> Int {
        let lifetime = register(cause: cause, ids: ids, parent: parent)
        let sequence = EffectSequence(parts, runtime: self, cause: cause, ids: ids, token: lifetime.token)
        let (awaited, next) = sequence.runParts(from: 0)
        guard next < parts.count || !awaited.isEmpty else {
            storage.effectReturned(lifetime, sentSynchronously: true)
            return lifetime.token
        }
        var priority: TaskPriority?
        if next < parts.count, case .run(let first, _) = parts[next].operation { priority = first?.taskPriority }
        startTask(of: lifetime, priority: priority, cause: cause) { send in
            await sequence.run(send, awaiting: awaited, from: next)
        }
        return lifetime.token
    }

    /// Runs one part of a concatenation, and what it sends synchronously — unless an action is
    /// being processed, behind which it is queued. Returns the tasks the part started, for the
    /// concatenation to await.
    internal func runPart(
        _ effect: Effect<Action>,
        cause: EffectCause,
        ids: [EffectID],
        of parent: Int
    ) -> [Task<Void, Never>] {
        let began = memory.fields.dispatch.beginWork()
        let first = storage.effectTokenMark
        run(effect, cause: cause, ids: ids, parent: parent)
        let end = storage.effectTokenMark
        if began { drainQueue() }
        return first == end ? [] : storage.partTasks(tokens: first..<end)
    }

    /// Interprets `.throttle`: runs the effect now, schedules it for the end of the interval,
    /// or drops it, as the throttle's record of the id says (``ThrottleStateMachine``). The
    /// effect runs, and waits, under the throttle's id.
    @usableFromInline
    internal func runThrottled(
        _ effect: Effect<Action>,
        _ throttle: EffectThrottle,
        cause: EffectCause,
        ids: [EffectID],
        parent: Int?
    ) {
        let ids = ids + [throttle.id]
        let (id, timing) = (throttle.id, throttle.timing)
        switch storage.throttle(id, at: timing.now(), timing: timing, latest: throttle.latest) {
        case .drop:
            return
        case .run:
            run(effect, cause: cause, ids: ids, parent: parent)
        case .wait(let lastStart, _):
            let storage = self.storage
            // A concatenation that starts with a `.run` is one effect, with one task: the one
            // the throttle's record keeps as the effect waiting under the id.
            let waiting = Effect.concatenate(
                .run { _ in await timing.sleepUntilEndOfInterval(lastStart) },
                .immediate { _ in storage.throttleLetThrough(id, at: timing.now()) },
                effect
            )
            guard case .concatenate(let parts) = waiting.operation else {
                preconditionFailure("Engine: a sleep concatenated with an effect is not a concatenation")
            }
            let token = runConcatenation(parts, cause: cause, ids: ids, parent: parent)
            storage.throttleScheduled(id, token: token)
        }
    }

    /// Cancels the effects in flight under `id` (`cancellable(id:cancelInFlight: true)`),
    /// noting it for the ``FinishingWork`` waiting, if any, when it ended effects.
    @usableFromInline
    internal func cancelEffectsInFlight(_ id: EffectID) {
        let count = storage.cancel(id: id)
        if count > 0, !waitingFinishes.isEmpty {
            cancellations.append(EffectCancellation(.id(id.base, inFlight: true), effectCount: count))
        }
    }

    /// Keeps `work` until the action being processed has run its whole effect (``process``).
    @usableFromInline
    internal func waitForEndOfAction(_ work: any FinishingWork) {
        waitingFinishes.append(work)
    }

    /// Finishes `work` run outside an action's processing: no cancellation is followed there.
    @usableFromInline
    internal func finishNow(_ work: any FinishingWork) {
        work.finish(after: [])
    }

    /// Interprets `.cancel(id:)`.
    @usableFromInline
    internal func cancelEffects(_ id: EffectID) {
        onCancel?(AnyHashable(id.base))
        let count = storage.cancel(id: id)
        if !waitingFinishes.isEmpty {
            cancellations.append(EffectCancellation(.id(id.base, inFlight: false), effectCount: count))
        }
    }
}
