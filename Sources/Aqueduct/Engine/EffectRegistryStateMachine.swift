/// The effects of an engine that are alive: running, or returned with actions they sent
/// perhaps still waiting to be processed. A pure value behind ``LockedEngineStorage``'s lock; each
/// transition returns the tasks the storage must cancel, outside the lock.
///
/// Every asynchronous effect (a `.run`, a concatenation's task) is registered from the moment
/// it starts, and so is a synchronous one (`.send`, `.immediate`, a bridge) marked with
/// cancellation ids. An effect is identified by its token (they grow, so they order effects
/// oldest first) and carries its ``EffectLifetime``, which the actions it sends carry too.
///
/// ## Cancel means cancel
/// ``cancel(where:)`` cancels a *set* of effects — those marked with an id, those a test driver
/// names, every one — and with each, the parts of a concatenation it runs. A cancelled effect's
/// lifetime is marked at once, so that what it sent and is not processed yet is dropped, and its
/// task is cancelled. That must reach effects whose work has already returned but whose actions
/// still wait, so an effect stays here after its work returns (``Phase/returned``) until no
/// action it sent can still wait:
///
/// - in the inbox: each action records the number of the inbox take that takes it
///   (``EffectLifetime/lastTake``); once a later take has begun, that batch has been processed
///   (drains run one after another on the main actor);
/// - in the dispatch queue (a synchronous effect's): processed before the dispatch that set it
///   off returns, so before the next take begins.
///
/// An effect whose work returned sends nothing more (its lifetime is closed), so its last take
/// is known when it returns; ``retire(takes:)`` forgets it when that take's batch is done.
///
/// Cancelling is what ends a child feature's effects with the child: a predicate
/// over the effects' ids selects any set — all the effects of one element, say, marked with
/// the element's id.
@usableFromInline
internal struct EffectRegistryStateMachine: Sendable {
    /// One alive effect.
    internal struct Entry: Sendable {
        let lifetime: EffectLifetime
        /// The ids of every `.cancellable` around the effect, outermost first.
        let ids: [EffectID]
        /// The token of the concatenation that runs this effect as one of its parts and awaits
        /// it: cancelling the concatenation cancels it, and it is not listed on its own.
        let parent: Int?
        var phase: Phase

        var token: Int { lifetime.token }
    }

    /// Where an effect's work is.
    internal enum Phase: Sendable {
        /// Registered; its work is about to start: its task is being created, or — for a
        /// synchronous effect — it runs now, on the main actor.
        case starting
        /// Its work runs in `task`.
        case running(Task<Void, Never>)
        /// Cancelled while its work runs, in `task` (`nil`: cancelled before its task was
        /// attached). Kept until the work returns, so that a test driver lists it.
        case cancelled(Task<Void, Never>?)
        /// Its work returned; kept while actions it sent before may still wait.
        case returned
    }

    internal private(set) var entries: [Int: Entry] = [:]
    internal private(set) var nextToken = 0
    /// The returned effects not forgotten yet, oldest first.
    internal private(set) var retiring: [Int] = []

    internal init() {}

    /// The token the next effect will get: effects registered from now on have this token or a
    /// later one.
    internal var tokenMark: Int { nextToken }

    // MARK: Transitions

    /// An effect starts: registers it, open, in ``Phase/starting``.
    ///
    /// - Parameters:
    ///   - ids: The ids of every `.cancellable` around it, outermost first.
    ///   - parent: The token of the concatenation that runs it as a part, if any.
    ///   - describe: Describes what started it.
    /// - Returns: Its lifetime, for the actions it sends to carry.
    internal mutating func register(
        ids: [EffectID],
        parent: Int?,
        describe: @escaping @Sendable () -> String
    ) -> EffectLifetime {
        defer { _checkInvariants() }
        let lifetime = EffectLifetime(token: nextToken, describe: describe)
        nextToken += 1
        var phase = Phase.starting
        if let parent, let parentEntry = entries[parent], parentEntry.lifetime.isCancelled {
            // A part started by a concatenation already cancelled: born cancelled.
            lifetime.cancel()
            phase = .cancelled(nil)
        }
        entries[lifetime.token] = Entry(lifetime: lifetime, ids: ids, parent: parent, phase: phase)
        return lifetime
    }

    /// What to do with an effect's task once it is attached.
    internal enum AttachAction {
        case none
        /// The effect was cancelled before its task existed: cancel the task.
        case cancel(Task<Void, Never>)
    }

    /// The task running the work of the effect `token` was created.
    internal mutating func attach(_ task: Task<Void, Never>, to token: Int) -> AttachAction {
        defer { _checkInvariants() }
        guard var entry = entries[token] else {
            // Returned before its task was attached, and already forgotten.
            return .none
        }
        switch entry.phase {
        case .starting:
            entry.phase = .running(task)
            entries[token] = entry
            return .none
        case .cancelled(nil):
            entry.phase = .cancelled(task)
            entries[token] = entry
            return .cancel(task)
        case .returned:
            return .none
        case .running, .cancelled(.some):
            preconditionFailure("EffectRegistryStateMachine: a task attached twice to effect \(token)")
        }
    }

    /// The work of the effect `token` returned: its lifetime closes, and it is forgotten — at
    /// once if no action it sent can still wait, or by ``retire(takes:)`` later.
    ///
    /// - Parameters:
    ///   - token: The effect.
    ///   - takes: The number of inbox takes so far.
    ///   - sentSynchronously: Whether the work may have queued actions on the main actor's
    ///     dispatch queue (a synchronous effect): they are processed before the next take.
    /// - Returns: `true` when the effect was running uncancelled until now.
    @discardableResult
    internal mutating func returned(_ token: Int, takes: Int, sentSynchronously: Bool = false) -> Bool {
        defer { _checkInvariants() }
        guard var entry = entries[token] else {
            preconditionFailure("EffectRegistryStateMachine: effect \(token) returned but is not registered")
        }
        let wasRunning: Bool
        switch entry.phase {
        case .starting, .running: wasRunning = true
        case .cancelled: wasRunning = false
        case .returned: preconditionFailure("EffectRegistryStateMachine: effect \(token) returned twice")
        }
        entry.lifetime.close()
        if sentSynchronously, entry.lifetime.lastTake.load(ordering: .relaxed) < takes {
            entry.lifetime.lastTake.store(takes, ordering: .relaxed)
        }
        if entry.lifetime.lastTake.load(ordering: .relaxed) < takes {
            entries[token] = nil
        } else {
            entry.phase = .returned
            entries[token] = entry
            retiring.append(token)
        }
        return wasRunning
    }

    /// Cancels the effects `shouldCancel` selects, and the parts of the concatenations among
    /// them, that are not cancelled yet: marks their lifetimes cancelled at once.
    ///
    /// - Parameter shouldCancel: Selects effects by their entries (ids, token).
    /// - Returns: The tokens of the effects cancelled whose work had not returned, and their
    ///   tasks (those attached), for the storage to cancel outside the lock.
    /// - Complexity: O(*n* log *n*) in the number of alive effects.
    internal mutating func cancel(
        where shouldCancel: (Entry) -> Bool
    ) -> (tokens: [Int], tasks: [Task<Void, Never>]) {
        defer { _checkInvariants() }
        var selected: Set<Int> = []
        var tokens: [Int] = []
        var tasks: [Task<Void, Never>] = []
        // Oldest first: a concatenation is registered before its parts.
        for token in entries.keys.sorted() {
            guard var entry = entries[token] else { continue }
            let isPartOfSelected = entry.parent.map { selected.contains($0) } ?? false
            guard isPartOfSelected || shouldCancel(entry) else { continue }
            selected.insert(token)
            entry.lifetime.cancel()
            switch entry.phase {
            case .starting:
                entry.phase = .cancelled(nil)
                tokens.append(token)
            case .running(let task):
                entry.phase = .cancelled(task)
                tokens.append(token)
                tasks.append(task)
            case .cancelled, .returned:
                continue
            }
            entries[token] = entry
        }
        return (tokens, tasks)
    }

    /// A take began: forgets the returned effects whose last inbox action was taken by an
    /// earlier take, whose batch has been processed.
    ///
    /// - Parameter takes: The number of takes so far, this one included.
    @usableFromInline
    internal mutating func retire(takes: Int) {
        if retiring.isEmpty { return }
        defer { _checkInvariants() }
        retiring.removeAll { token in
            guard let entry = entries[token] else {
                preconditionFailure("EffectRegistryStateMachine: retiring effect \(token), which is not registered")
            }
            guard entry.lifetime.lastTake.load(ordering: .relaxed) < takes else { return false }
            entries[token] = nil
            return true
        }
    }

    // MARK: Reading

    /// Whether the effect's work has not returned.
    private static func isRunning(_ entry: Entry) -> Bool {
        if case .returned = entry.phase { return false }
        return true
    }

    /// The effects whose work has not returned, parts included.
    internal var runningCount: Int {
        entries.values.count(where: Self.isRunning)
    }

    /// The effects whose work has not returned and that are not parts of a concatenation,
    /// oldest first, each with whether it was cancelled.
    internal var running: [(entry: Entry, isCancelled: Bool)] {
        entries.values.filter { Self.isRunning($0) && $0.parent == nil }.sorted { $0.token < $1.token }.map {
            entry in
            if case .cancelled = entry.phase { return (entry, true) }
            return (entry, false)
        }
    }

    /// The tasks of the effects in ``running`` whose tokens are in `tokens`, oldest first.
    internal func tasks(tokens: Range<Int>) -> [Task<Void, Never>] {
        running.filter { tokens.contains($0.entry.token) }.compactMap { running in
            switch running.entry.phase {
            case .running(let task), .cancelled(let task?): task
            case .starting, .cancelled(nil), .returned: nil
            }
        }
    }

    /// The tasks of the effects whose tokens are in `tokens`, parts of a concatenation
    /// included, whose work has not returned, oldest first: what a concatenation awaits of one
    /// of its parts.
    internal func partTasks(tokens: Range<Int>) -> [Task<Void, Never>] {
        tokens.compactMap { entries[$0] }.compactMap { entry in
            switch entry.phase {
            case .running(let task), .cancelled(let task?): task
            case .starting, .cancelled(nil), .returned: nil
            }
        }
    }
}

// MARK: Invariants

extension EffectRegistryStateMachine {
    #if AQUEDUCT_INTERNAL_CHECKS
    /// Traps unless the registry is consistent; called at the end of each transition. Compiled
    /// only with `AQUEDUCT_INTERNAL_CHECKS` (see `Package.swift`). O(*n*) in the alive effects.
    @usableFromInline
    internal func _checkInvariants() {
        var returnedCount = 0
        for (token, entry) in entries {
            precondition(entry.token == token, "EffectRegistryStateMachine: effect \(entry.token) kept as \(token)")
            precondition(
                token >= 0 && token < nextToken,
                "EffectRegistryStateMachine: effect \(token) registered, but the next token is \(nextToken)"
            )
            if let parent = entry.parent {
                precondition(
                    parent < token,
                    "EffectRegistryStateMachine: effect \(token) is a part of \(parent), a later one"
                )
            }
            // The phase and the lifetime's bits say the same thing.
            switch entry.phase {
            case .starting, .running:
                precondition(
                    entry.lifetime.isOpen,
                    "EffectRegistryStateMachine: effect \(token) runs, its lifetime not open"
                )
            case .cancelled:
                precondition(
                    entry.lifetime.isCancelled,
                    "EffectRegistryStateMachine: effect \(token) is cancelled, its lifetime not"
                )
            case .returned:
                precondition(
                    !entry.lifetime.isOpen,
                    "EffectRegistryStateMachine: effect \(token) returned, its lifetime open"
                )
                returnedCount += 1
            }
        }
        // Exactly the returned effects are retiring, each once.
        precondition(
            retiring.count == returnedCount,
            "EffectRegistryStateMachine: \(retiring.count) effects retiring, \(returnedCount) returned"
        )
        var seen = Set<Int>(minimumCapacity: retiring.count)
        for token in retiring {
            precondition(seen.insert(token).inserted, "EffectRegistryStateMachine: effect \(token) retiring twice")
            guard case .returned = entries[token]?.phase else {
                preconditionFailure("EffectRegistryStateMachine: effect \(token) retiring, but not returned")
            }
        }
    }
    #else
    @inlinable @inline(__always)
    internal func _checkInvariants() {}
    #endif
}
